package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestSchema runs the built binary on a module whose migrations declare a
// primary key that no name rule recognises: a fresh value stored there is
// an identity only when idemlint reads the migrations, from the
// module's own place for them, from the place the configuration names,
// and under go vet. A
// schema file that does not exist is a one-line error naming it.
func TestSchema(t *testing.T) {
	t.Parallel()
	goCmd, _, bin := testmod.Idemlint(t)
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/tickets\n\ngo 1.22\n")
	write("tickets.go", `package tickets

import (
	"database/sql"
	"fmt"
	"net/http"
	"time"
)

var db *sql.DB

func create(w http.ResponseWriter, r *http.Request) {
	serial := fmt.Sprintf("T-%d", time.Now().UnixNano())
	db.ExecContext(r.Context(), "INSERT INTO tickets (serial, title) VALUES ($1, $2)", serial, r.FormValue("title"))
}
`)
	const ddl = "CREATE TABLE tickets (serial text PRIMARY KEY, title text NOT NULL);\n"
	lint := func(name string, args ...string) (string, int) {
		t.Helper()
		var out bytes.Buffer
		cmd := testmod.Command(dir, name, args...)
		cmd.Stdout, cmd.Stderr = &out, &out
		code := testmod.ExitCode(cmd.Run())
		return out.String(), code
	}
	const finding = "a retry inserts a second tickets row with a new serial"

	if out, code := lint(bin, "./..."); code != 0 || strings.Contains(out, finding) {
		t.Fatalf("without a schema: exit %d, want 0 and no finding:\n%s", code, out)
	}

	write("tools/dbmigrate/sql/0001_tickets.up.sql", "-- +goose Up\n"+ddl)
	if out, code := lint(bin, "./..."); code != 1 || !strings.Contains(out, finding) {
		t.Errorf("with tools/dbmigrate/sql: exit %d, want 1 and %q:\n%s", code, finding, out)
	}
	if out, code := lint(goCmd, "vet", "-vettool="+bin, "./..."); code == 0 || !strings.Contains(out, finding) {
		t.Errorf("go vet with tools/dbmigrate/sql: exit %d, want the finding:\n%s", code, out)
	}

	if err := os.RemoveAll(filepath.Join(dir, "tools")); err != nil {
		t.Fatal(err)
	}
	write("sql/tables.ddl", ddl)
	write("idemlint.yml", "schema: [sql/tables.ddl]\n")
	if out, code := lint(bin, "-config", "idemlint.yml", "./..."); code != 1 || !strings.Contains(out, finding) {
		t.Errorf("with schema: [sql/tables.ddl]: exit %d, want 1 and %q:\n%s", code, finding, out)
	}

	write("idemlint.yml", "schema: [sql/missing.sql]\n")
	out, code := lint(bin, "-config", "idemlint.yml", "./...")
	if code != 2 || strings.Count(strings.TrimSpace(out), "\n") != 0 || !strings.Contains(out, "idemlint.yml") || !strings.Contains(out, "sql/missing.sql") {
		t.Errorf("with a missing schema file: exit %d, want 2 and one line naming the file:\n%s", code, out)
	}
}
