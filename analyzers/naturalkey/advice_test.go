package naturalkey

import (
	"testing"

	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/summary"
)

// TestConflictAdvice: a composition root's message names the clause of
// the statement's dialect, and both when it cannot tell.
func TestConflictAdvice(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		lit  *valueflow.SQLLit
		want string
	}{
		{"INSERT INTO payouts (payout_id, amount) VALUES ($1, $2)", nil, "ON CONFLICT DO NOTHING"},
		{"INSERT INTO payouts (payout_id, amount) VALUES (?, ?)", &valueflow.SQLLit{Dialect: int(fix.MySQL)}, "ON DUPLICATE KEY UPDATE payout_id = payout_id"},
		{"INSERT INTO payouts (payout_id, amount) VALUES (?, ?)", &valueflow.SQLLit{Dialect: int(fix.SQLite)}, "ON CONFLICT DO NOTHING"},
		{"INSERT INTO payouts (payout_id, amount) VALUES (?, ?)", nil, "ON CONFLICT DO NOTHING (ON DUPLICATE KEY UPDATE on MySQL)"},
	} {
		st := &summary.ProgramStmt{SQLStmt: valueflow.SQLStmt{SQL: tc.sql, Lit: tc.lit}}
		if got := conflictAdvice(programDialect(st), sqltext.Parse(tc.sql)); got != tc.want {
			t.Errorf("%s (%+v): got %q, want %q", tc.sql, tc.lit, got, tc.want)
		}
	}
}
