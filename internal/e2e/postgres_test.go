package e2e

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/passes/sqltext"
)

// TestFixedSQLOnPostgres runs the SQL that naturalkey's suggested fixes
// write (the INSERTs with ON CONFLICT DO NOTHING in the golden files)
// against a real PostgreSQL server: each must be valid, and a second
// execution with the same key must be absorbed, leaving one row.
//
// The server comes from .ci/run (.ci/postgres.sh), which sets
// IDEMLINT_PG to a libpq connection string; without it the test is
// skipped outside CI and fails in CI.
func TestFixedSQLOnPostgres(t *testing.T) {
	dsn := os.Getenv("IDEMLINT_PG")
	if dsn == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("IDEMLINT_PG is not set: .ci/run starts PostgreSQL with .ci/postgres.sh and must export it")
		}
		t.Skip("no PostgreSQL server: run bash .ci/postgres.sh and set IDEMLINT_PG to the line it prints")
	}
	psqlPath, err := exec.LookPath("psql")
	if err != nil {
		t.Fatalf("psql is not on PATH: %v", err)
	}
	goldens, _ := filepath.Glob(filepath.Join(repoRoot(t), "testdata", "src", "naturalkey", "*", "*.golden"))
	var stmts []string
	for _, g := range goldens {
		stmts = append(stmts, conflictInserts(t, g)...)
	}
	if len(stmts) == 0 {
		t.Fatal("no fixed INSERT ... ON CONFLICT statement found in naturalkey's golden files")
	}
	for i, sql := range stmts {
		st := sqltext.Parse(sql)
		if st.Kind != sqltext.Insert || !st.Conflict || len(st.Columns) == 0 {
			t.Errorf("fixed SQL does not parse as an INSERT with conflict handling: %q", sql)
			continue
		}
		table := fmt.Sprintf("fix%d", i)
		cols := make([]string, len(st.Columns))
		for j, c := range st.Columns {
			cols[j] = c + " text"
		}
		script := fmt.Sprintf(`\set ON_ERROR_STOP on
CREATE TEMP TABLE %[1]s (%[2]s, UNIQUE (%[3]s));
PREPARE s AS %[4]s;
EXECUTE s(%[5]s);
EXECUTE s(%[5]s);
SELECT count(*) FROM %[1]s;
`, table, strings.Join(cols, ", "), st.Columns[0], renameTable(sql, st.Table, table), args(st))
		cmd := exec.Command(psqlPath, "-qAt", dsn)
		cmd.Stdin = strings.NewReader(script)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("fixed SQL %q failed on PostgreSQL: %v\n%s", sql, err, out)
			continue
		}
		if got := strings.TrimSpace(string(out)); got != "1" {
			t.Errorf("fixed SQL %q: a repeated insert left %s rows, want 1", sql, got)
		}
	}
}

// conflictInserts returns the string literals of a Go file that are
// INSERTs with ON CONFLICT and $n placeholders.
func conflictInserts(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err == nil && strings.Contains(s, "ON CONFLICT") && strings.Contains(s, "$1") {
			out = append(out, s)
		}
		return true
	})
	return out
}

// args returns one text argument per placeholder.
func args(st *sqltext.Statement) string {
	n := 0
	for _, ps := range st.Params {
		for _, p := range ps {
			if p.Index+1 > n {
				n = p.Index + 1
			}
		}
	}
	vals := make([]string, n)
	for i := range vals {
		vals[i] = fmt.Sprintf("'v%d'", i+1)
	}
	return strings.Join(vals, ", ")
}

// renameTable points the statement at the test's temporary table.
func renameTable(sql, from, to string) string {
	i := strings.Index(sql, from)
	if i < 0 {
		return sql
	}
	return sql[:i] + to + sql[i+len(from):]
}
