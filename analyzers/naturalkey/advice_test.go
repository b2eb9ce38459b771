package naturalkey

import (
	"go/types"
	"testing"

	"github.com/idemlint/idemlint/analyzers/internal/sqlfix"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/summary"
)

// TestConflictAdvice: a composition root's message names the clause of
// the statement's dialect, and both when it cannot tell.
func TestConflictAdvice(t *testing.T) {
	// A program whose database package imports the MySQL driver, one
	// that links two databases' drivers, and one that links none.
	program := func(drivers ...string) *types.Package {
		db := types.NewPackage("example.com/app/db", "db")
		var imps []*types.Package
		for _, d := range drivers {
			imps = append(imps, types.NewPackage(d, "driver"))
		}
		db.SetImports(imps)
		main := types.NewPackage("example.com/app", "main")
		main.SetImports([]*types.Package{db})
		return main
	}
	mysql, both, none := program("github.com/go-sql-driver/mysql"), program("github.com/go-sql-driver/mysql", "github.com/lib/pq"), program()
	named := "INSERT INTO payouts (payout_id, amount) VALUES (:payout_id, :amount)"
	for _, tc := range []struct {
		sql  string
		lit  *valueflow.SQLLit
		prog *types.Package
		want string
	}{
		{"INSERT INTO payouts (payout_id, amount) VALUES ($1, $2)", nil, none, "ON CONFLICT DO NOTHING"},
		{"INSERT INTO payouts (payout_id, amount) VALUES (?, ?)", &valueflow.SQLLit{Dialect: int(fix.MySQL)}, none, "ON DUPLICATE KEY UPDATE payout_id = payout_id"},
		{"INSERT INTO payouts (payout_id, amount) VALUES (?, ?)", &valueflow.SQLLit{Dialect: int(fix.SQLite)}, mysql, "ON CONFLICT DO NOTHING"},
		{"INSERT INTO payouts (payout_id, amount) VALUES (?, ?)", nil, none, "ON CONFLICT DO NOTHING (ON DUPLICATE KEY UPDATE on MySQL)"},
		// sqlx's named parameters, which the statement's SQL has made $n.
		{"INSERT INTO payouts (payout_id, amount) VALUES ($1, $2)", &valueflow.SQLLit{Text: named}, mysql, "ON DUPLICATE KEY UPDATE payout_id = payout_id"},
		{"INSERT INTO payouts (payout_id, amount) VALUES ($1, $2)", &valueflow.SQLLit{Text: named}, both, "ON CONFLICT DO NOTHING (ON DUPLICATE KEY UPDATE on MySQL)"},
		// go vet's facts carry no literal: $n of a program that links
		// MySQL alone were named parameters.
		{"INSERT INTO payouts (payout_id, amount) VALUES ($1, $2)", nil, mysql, "ON DUPLICATE KEY UPDATE payout_id = payout_id"},
	} {
		st := &summary.ProgramStmt{SQLStmt: valueflow.SQLStmt{SQL: tc.sql, Lit: tc.lit}}
		if got := conflictAdvice(sqlfix.ProgramDialect(tc.prog, st), sqltext.Parse(tc.sql)); got != tc.want {
			t.Errorf("%s (%+v): got %q, want %q", tc.sql, tc.lit, got, tc.want)
		}
	}
}
