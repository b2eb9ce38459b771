package e2e

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/testmod"
)

// sqlFixChecks are the checks whose suggested fixes write SQL: naturalkey
// adds conflict handling to INSERTs, keytx turns a check-then-act SELECT
// into a conflict-tolerant INSERT of the key.
var sqlFixChecks = []string{"naturalkey", "keytx"}

// TestFixedSQLParses reads back, with sqltext, the SQL that the suggested
// fixes write (the string literals of the golden files that their sources
// do not have): each must be an INSERT that absorbs a duplicate, so that
// idemlint itself accepts the fixed code.
func TestFixedSQLParses(t *testing.T) {
	stmts := fixedSQL(t)
	if len(stmts) == 0 {
		t.Fatal("no SQL written by a suggested fix found in the golden files")
	}
	for _, sql := range stmts {
		if st := sqltext.Parse(sql); st.Kind != sqltext.Insert || !st.Conflict || len(st.Columns) == 0 {
			t.Errorf("fixed SQL does not parse as an INSERT with conflict handling: %q", sql)
		}
	}
}

// TestFixedSQLOnPostgres runs the PostgreSQL statements that the
// suggested fixes write against a real server: each must be valid, and a
// second execution with the same key must be absorbed, leaving one row.
// The rows affected must tell the two executions apart (a keytx fix
// decides on them), and a RETURNING statement must return the first
// execution's row again on the second.
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
	var stmts []string
	for _, sql := range fixedSQL(t) {
		if dollarParam.MatchString(sql) {
			stmts = append(stmts, sql)
		}
	}
	if len(stmts) == 0 {
		t.Fatal("no fixed PostgreSQL statement found in the golden files")
	}
	for i, sql := range stmts {
		st := sqltext.Parse(sql)
		if st.Kind != sqltext.Insert || !st.Conflict || len(st.Columns) == 0 {
			continue // TestFixedSQLParses reports it
		}
		out, err := runTwice(psqlPath, dsn, fmt.Sprintf("fix%d", i), sql, st)
		if err != nil {
			t.Errorf("fixed SQL %q failed on PostgreSQL: %v\n%s", sql, err, out)
			continue
		}
		if msg := checkRunTwice(out, st, strings.Contains(sql, "DO UPDATE")); msg != "" {
			t.Errorf("fixed SQL %q: %s\n%s", sql, msg, out)
		}
	}
}

var dollarParam = regexp.MustCompile(`\$[0-9]`)

// runTwice creates a temporary table for the statement (text columns,
// unique on the conflict target or else the first column; columns that
// only RETURNING names get a random default), executes the statement
// twice with the same arguments, and prints the rows each execution
// returns, its rows affected ("affected n") and the final row count.
func runTwice(psql, dsn, table, sql string, st *sqltext.Statement) (string, error) {
	cols := slices.Clone(st.Columns)
	defs := make([]string, len(cols))
	for j, c := range cols {
		defs[j] = c + " text"
	}
	for _, c := range returningColumns(sql) {
		if !slices.Contains(cols, c) {
			cols = append(cols, c)
			defs = append(defs, c+" text DEFAULT md5(random()::text)")
		}
	}
	unique := st.ConflictTarget
	if len(unique) == 0 {
		unique = st.Columns[:1]
	}
	script := fmt.Sprintf(`\set ON_ERROR_STOP on
CREATE TEMP TABLE %[1]s (%[2]s, UNIQUE (%[3]s));
PREPARE s AS %[4]s;
EXECUTE s(%[5]s);
\echo affected :ROW_COUNT
EXECUTE s(%[5]s);
\echo affected :ROW_COUNT
SELECT count(*) FROM %[1]s;
`, table, strings.Join(defs, ", "), strings.Join(unique, ", "), renameTable(sql, st.Table, table), args(st))
	cmd := exec.Command(psql, "-qAt", dsn)
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// checkRunTwice checks the output of runTwice: one row left; the first
// execution inserted it; the second affected no row, or with DO UPDATE
// the existing one, which RETURNING then yields as the first did.
func checkRunTwice(out string, st *sqltext.Statement, doUpdate bool) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var returned [2][]string
	var affected []string
	for _, l := range lines[:len(lines)-1] {
		if n, ok := strings.CutPrefix(l, "affected "); ok {
			affected = append(affected, n)
		} else if len(affected) < 2 {
			returned[len(affected)] = append(returned[len(affected)], l)
		}
	}
	wantSecond := "0"
	if doUpdate {
		wantSecond = "1"
	}
	switch {
	case lines[len(lines)-1] != "1":
		return fmt.Sprintf("a repeated insert left %s rows, want 1", lines[len(lines)-1])
	case !slices.Equal(affected, []string{"1", wantSecond}):
		return fmt.Sprintf("rows affected %v, want [1 %s]", affected, wantSecond)
	case st.Returning && doUpdate && (len(returned[0]) != 1 || !slices.Equal(returned[0], returned[1])):
		return fmt.Sprintf("RETURNING gave %q, then %q: want the same row twice", returned[0], returned[1])
	}
	return ""
}

// fixedSQL returns the SQL that the suggested fixes of the SQL-writing
// checks write: string literals of their golden files that the files'
// sources do not have.
func fixedSQL(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, check := range sqlFixChecks {
		goldens, _ := filepath.Glob(filepath.Join(testmod.Root(t), "testdata", "src", check, "*", "*.golden"))
		for _, g := range goldens {
			before := stringLiterals(t, strings.TrimSuffix(g, ".golden"))
			for _, s := range stringLiterals(t, g) {
				if !slices.Contains(before, s) && strings.HasPrefix(strings.ToUpper(strings.TrimSpace(stripComments(s))), "INSERT") {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// stringLiterals returns the string literals of a Go file.
func stringLiterals(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}

// stripComments drops the -- comment lines sqlc puts before a query.
func stripComments(sql string) string {
	var keep []string
	for _, l := range strings.Split(sql, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// returningColumns returns the columns a RETURNING clause names.
func returningColumns(sql string) []string {
	i := strings.LastIndex(strings.ToUpper(sql), "RETURNING")
	if i < 0 {
		return nil
	}
	var out []string
	for _, c := range strings.Split(sql[i+len("RETURNING"):], ",") {
		if c = strings.Trim(c, " \t\r\n;"); c != "" {
			out = append(out, c)
		}
	}
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
