package sqlc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// write creates the files of a module under a temporary directory.
func write(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const queries = `-- name: GetOrder :one
SELECT * FROM orders WHERE id = $1;

-- name: CreateOrder :one

INSERT INTO orders (id, total)
VALUES ($1, $2) RETURNING *;

-- name: DeleteOrder :exec
DELETE FROM orders WHERE id = $1;
`

func TestSource(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config map[string]string
	}{
		{"version 2, a queries directory", map[string]string{"sqlc.yaml": "version: \"2\"\nsql:\n  - engine: postgresql\n    queries: db/query/\n    schema: db/schema.sql\n    gen:\n      go:\n        package: db\n        out: internal/db\n"}},
		{"version 2, a list of files", map[string]string{"sqlc.yml": "version: \"2\"\nsql:\n  - queries: [db/query/other.sql, db/query/orders.sql]\n    gen:\n      go:\n        out: internal/db\n"}},
		{"version 1, json", map[string]string{"sqlc.json": `{"version": "1", "packages": [{"path": "internal/db", "queries": "db/query/orders.sql"}]}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"go.mod": "module example.com/m\n", "db/query/orders.sql": queries, "db/query/other.sql": "-- name: Other :exec\nDELETE FROM x;\n"}
			for k, v := range tc.config {
				files[k] = v
			}
			dir := write(t, files)
			gen := filepath.Join(dir, "internal", "db", "orders.sql.go")
			q, err := Source(gen, "orders.sql", "-- name: CreateOrder :one\n\nINSERT INTO orders (id, total)\nVALUES ($1, $2) RETURNING id, total\n")
			if err != nil {
				t.Fatal(err)
			}
			if want := "\nINSERT INTO orders (id, total)\nVALUES ($1, $2) RETURNING *"; q.Text != want {
				t.Errorf("Text = %q, want %q", q.Text, want)
			}
			data, _ := os.ReadFile(q.File)
			if !strings.HasPrefix(string(data[q.Start:]), q.Text) {
				t.Errorf("Start %d does not point at the query's text", q.Start)
			}
		})
	}
}

func TestSourceFails(t *testing.T) {
	dir := write(t, map[string]string{"go.mod": "module example.com/m\n", "db/query/orders.sql": queries,
		"sqlc.yaml": "version: \"2\"\nsql:\n  - queries: db/query/\n    gen:\n      go:\n        out: internal/db\n"})
	gen := filepath.Join(dir, "internal", "db", "orders.sql.go")
	for name, c := range map[string]struct{ source, text string }{
		"an unknown query":        {"orders.sql", "-- name: Missing :one\nSELECT 1\n"},
		"no name line":            {"orders.sql", "INSERT INTO orders (id) VALUES ($1)"},
		"an unknown file":         {"users.sql", "-- name: CreateOrder :one\nINSERT INTO orders (id) VALUES ($1)\n"},
		"another package's query": {"orders.sql", "-- name: CreateOrder :one\n"},
	} {
		g := gen
		if name == "another package's query" {
			g = filepath.Join(dir, "internal", "other", "orders.sql.go")
		}
		if _, err := Source(g, c.source, c.text); err == nil {
			t.Errorf("%s: Source succeeded", name)
		}
	}
	if _, err := Source(filepath.Join(t.TempDir(), "x", "q.sql.go"), "q.sql", "-- name: Q :one\n"); err == nil {
		t.Error("Source succeeded without a configuration")
	}
	bad := write(t, map[string]string{"go.mod": "module m\n", "sqlc.yaml": "sql: [\n"})
	if _, err := Source(filepath.Join(bad, "q.sql.go"), "q.sql", "-- name: Q :one\n"); err == nil || !strings.Contains(err.Error(), "sqlc.yaml") {
		t.Errorf("a malformed configuration: err = %v, want one naming sqlc.yaml", err)
	}
}

// TestSourceCRLF finds a query in a file with Windows line endings at
// the right offset, with its whole text.
func TestSourceCRLF(t *testing.T) {
	crlf := strings.ReplaceAll(queries, "\n", "\r\n")
	dir := write(t, map[string]string{"go.mod": "module example.com/m\n", "db/query/orders.sql": crlf,
		"sqlc.yaml": "version: \"2\"\nsql:\n  - queries: db/query/\n    gen:\n      go:\n        out: internal/db\n"})
	q, err := Source(filepath.Join(dir, "internal", "db", "orders.sql.go"), "orders.sql", "-- name: CreateOrder :one\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := "\r\nINSERT INTO orders (id, total)\r\nVALUES ($1, $2) RETURNING *"; q.Text != want {
		t.Errorf("Text = %q, want %q", q.Text, want)
	}
	if !strings.HasPrefix(crlf[q.Start:], q.Text) {
		t.Errorf("Start %d does not point at the query's text", q.Start)
	}
}
