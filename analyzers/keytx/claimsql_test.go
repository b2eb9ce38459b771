package keytx

import (
	"testing"

	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
)

func TestClaimOf(t *testing.T) {
	for _, tc := range []struct {
		sql   string
		nargs int
		d     fix.Dialect
		want  string // "": no claim
		count bool
	}{
		{"SELECT count(*) FROM idempotency_keys WHERE key = $1", 1, fix.PostgreSQL,
			"INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", true},
		{"select 1 from api.inbox i where i.tenant = $2 and i.message_id = $1 limit 1;", 2, fix.PostgreSQL,
			"INSERT INTO api.inbox (tenant, message_id) VALUES ($2, $1) ON CONFLICT DO NOTHING", true},
		{`SELECT response FROM "Dedup" WHERE "Key" = $1`, 1, fix.PostgreSQL,
			`INSERT INTO "Dedup" ("Key") VALUES ($1) ON CONFLICT DO NOTHING`, false},
		{"SELECT COUNT(*) FROM processed_messages WHERE tenant = ? AND message_id = ?", 2, fix.MySQL,
			"INSERT IGNORE INTO processed_messages (tenant, message_id) VALUES (?, ?)", true},
		{"SELECT true FROM inbox WHERE message_id = ?", 1, fix.SQLite,
			"INSERT INTO inbox (message_id) VALUES (?) ON CONFLICT DO NOTHING", true},
		// Conditions and arguments the claim could not keep.
		{"SELECT count(*) FROM idempotency_keys WHERE key = $1 AND created_at > now() - interval '1 day'", 1, fix.PostgreSQL, "", false},
		{"SELECT count(*) FROM idempotency_keys WHERE key = $1 OR alias = $1", 1, fix.PostgreSQL, "", false},
		{"SELECT count(*) FROM idempotency_keys WHERE key = $1 FOR UPDATE", 1, fix.PostgreSQL, "", false},
		{"SELECT count(*) FROM idempotency_keys WHERE key = $1 AND status = 'done'", 1, fix.PostgreSQL, "", false},
		{"SELECT count(*) FROM idempotency_keys WHERE key = $1", 2, fix.PostgreSQL, "", false},
		{"SELECT count(*) FROM idempotency_keys WHERE key = $2", 1, fix.PostgreSQL, "", false},
		{"SELECT count(*) FROM idempotency_keys WHERE a = $1 AND b = $1", 1, fix.PostgreSQL, "", false},
		{"SELECT count(*) FROM idempotency_keys WHERE key = ?", 1, fix.PostgreSQL, "", false},
		{"SELECT count(*) FROM idempotency_keys WHERE key = ?", 1, fix.DialectUnknown, "", false},
		// EXISTS: the subquery's table and conditions; NOT EXISTS would
		// need the test of found inverted.
		{"SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $1)", 1, fix.PostgreSQL,
			"INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", true},
		{"select exists(select * from inbox where tenant = ? and message_id = ? limit 1) as seen;", 2, fix.MySQL,
			"INSERT IGNORE INTO inbox (tenant, message_id) VALUES (?, ?)", true},
		{"SELECT NOT EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $1)", 1, fix.PostgreSQL, "", false},
		{"SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $1 AND expires_at > now())", 1, fix.PostgreSQL, "", false},
		{"SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $1) OR EXISTS (SELECT 1 FROM inbox WHERE id = $2)", 2, fix.PostgreSQL, "", false},
		{"SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $1), 1", 1, fix.PostgreSQL, "", false},
	} {
		cl, ok := claimOf(tc.sql, tc.nargs, tc.d)
		if got := map[bool]string{true: cl.sql}[ok]; got != tc.want {
			t.Errorf("claimOf(%q) = %q, want %q", tc.sql, got, tc.want)
			continue
		}
		if !ok {
			continue
		}
		if cl.countable != tc.count {
			t.Errorf("claimOf(%q).countable = %v, want %v", tc.sql, cl.countable, tc.count)
		}
		if st := sqltext.Parse(cl.sql); st.Kind != sqltext.Insert || !st.Conflict || len(st.Columns) != len(cl.cols) {
			t.Errorf("claim %q does not read back as an INSERT that absorbs a duplicate", cl.sql)
		}
	}
}
