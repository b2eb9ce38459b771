package sqltext

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		sql  string
		want *Statement
	}{
		{"INSERT INTO orders (id, customer_id, total) VALUES ($1, $2, $3)", &Statement{
			Kind: Insert, Table: "orders", Columns: []string{"id", "customer_id", "total"},
			Params: [][]Param{{{Index: 0}}, {{Index: 1}}, {{Index: 2}}},
		}},
		{"insert into public.orders(id, note) values ($2::uuid, lower($1)) on conflict (id) do nothing returning id", &Statement{
			Kind: Insert, Table: "public.orders", Columns: []string{"id", "note"},
			Params:   [][]Param{{{Index: 1}}, {{Index: 0}}},
			Conflict: true, ConflictTarget: []string{"id"}, Returning: true, ReturningCols: []string{"id"},
		}},
		{"INSERT INTO `orders` (`id`, `n`) VALUES (?, ?) ON DUPLICATE KEY UPDATE n = n", &Statement{
			Kind: Insert, Table: "orders", Columns: []string{"id", "n"},
			Params: [][]Param{{{Index: 0}}, {{Index: 1}}}, Conflict: true,
		}},
		// An update on conflict that adds to the existing row repeats
		// on a retry; one that takes the proposed values does not, and
		// neither tells a retry apart unless a WHERE or MySQL's count
		// of an unchanged row does.
		{"INSERT INTO credits (customer, balance) VALUES ($1, $2) ON CONFLICT (customer) DO UPDATE SET balance = credits.balance + EXCLUDED.balance, updated_at = now() RETURNING balance", &Statement{
			Kind: Insert, Table: "credits", Columns: []string{"customer", "balance"},
			Params:   [][]Param{{{Index: 0}}, {{Index: 1}}},
			Conflict: true, ConflictTarget: []string{"customer"}, Upsert: true, Arithmetic: true, Returning: true, ReturningCols: []string{"balance"}, Computed: []string{"balance"},
		}},
		{"INSERT INTO deliveries (id, attempts) VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET attempts = deliveries.attempts + 1", &Statement{
			Kind: Insert, Table: "deliveries", Columns: []string{"id", "attempts"},
			Params:   [][]Param{{{Index: 0}}, nil},
			Conflict: true, ConflictTarget: []string{"id"}, Upsert: true, Arithmetic: true, Computed: []string{"attempts"},
		}},
		{"INSERT INTO t (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name", &Statement{
			Kind: Insert, Table: "t", Columns: []string{"id", "name"},
			Params:   [][]Param{{{Index: 0}}, {{Index: 1}}},
			Conflict: true, ConflictTarget: []string{"id"}, Upsert: true,
		}},
		{"INSERT INTO t (id, v) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET v = EXCLUDED.v WHERE t.v < EXCLUDED.v", &Statement{
			Kind: Insert, Table: "t", Columns: []string{"id", "v"},
			Params:   [][]Param{{{Index: 0}}, {{Index: 1}}},
			Conflict: true, ConflictTarget: []string{"id"},
		}},
		// PostgreSQL's xmax of the returned row says whether the
		// statement inserted it: its caller can tell a retry apart.
		{"INSERT INTO t (id, k) VALUES ($1, $2) ON CONFLICT ON CONSTRAINT t_k_key DO UPDATE SET k = EXCLUDED.k RETURNING id, (xmax = 0) AS inserted", &Statement{
			Kind: Insert, Table: "t", Columns: []string{"id", "k"},
			Params:   [][]Param{{{Index: 0}}, {{Index: 1}}},
			Conflict: true, Returning: true, ReturningCols: []string{"id", "inserted"},
		}},
		{"INSERT INTO totals (k, total) VALUES (?, ?) ON DUPLICATE KEY UPDATE total = total + VALUES(total)", &Statement{
			Kind: Insert, Table: "totals", Columns: []string{"k", "total"},
			Params: [][]Param{{{Index: 0}}, {{Index: 1}}}, Conflict: true, Upsert: true, Arithmetic: true, Computed: []string{"total"},
		}},
		{"INSERT OR IGNORE INTO t (k) VALUES (?)", &Statement{
			Kind: Insert, Table: "t", Columns: []string{"k"}, Params: [][]Param{{{Index: 0}}}, Conflict: true,
		}},
		{"INSERT INTO t (id, v) SELECT $1, 'x' WHERE NOT EXISTS (SELECT 1 FROM t WHERE id = $1)", &Statement{
			Kind: Insert, Table: "t", Columns: []string{"id", "v"}, Params: [][]Param{{{Index: 0}}, nil}, Conflict: true,
		}},
		// A claim that returns the stored row when it loses: the
		// common table expression that writes is the statement.
		{"WITH ins AS (INSERT INTO transfers (id, request_key) VALUES ($1, $2) ON CONFLICT (request_key) DO NOTHING RETURNING id) SELECT id FROM ins UNION ALL SELECT id FROM transfers WHERE request_key = $2 LIMIT 1", &Statement{
			Kind: Insert, Table: "transfers", Columns: []string{"id", "request_key"},
			Params:   [][]Param{{{Index: 0}}, {{Index: 1}}},
			Conflict: true, ConflictTarget: []string{"request_key"}, Returning: true, ReadsBack: true, ReturningCols: []string{"id"},
		}},
		// The ? placeholders of an expression count before the
		// statement's own.
		{"WITH RECURSIVE up (id) AS (SELECT id FROM nodes WHERE id = ?), b AS NOT MATERIALIZED (SELECT 1) INSERT INTO marks (node_id, k) VALUES (?, ?)", &Statement{
			Kind: Insert, Table: "marks", Columns: []string{"node_id", "k"},
			Params: [][]Param{{{Index: 1}}, {{Index: 2}}},
		}},
		{"WITH x AS (SELECT 1", &Statement{Kind: Unknown}},
		{"INSERT INTO t (id, name) VALUES (:id, :name)", &Statement{
			Kind: Insert, Table: "t", Columns: []string{"id", "name"},
			Params: [][]Param{{{Index: -1, Name: "id"}}, {{Index: -1, Name: "name"}}},
		}},
		{"INSERT INTO t (a, b) VALUES (?, ?), (?, ?)", &Statement{
			Kind: Insert, Table: "t", Columns: []string{"a", "b"},
			Params: [][]Param{{{Index: 0}, {Index: 2}}, {{Index: 1}, {Index: 3}}},
		}},
		{"-- comment\nINSERT /* x */ INTO \"Orders\" (\"ID\") VALUES ('it''s')", &Statement{
			Kind: Insert, Table: "Orders", Columns: []string{"ID"}, Params: [][]Param{nil},
		}},
		{"INSERT INTO t VALUES ($1)", &Statement{Kind: Insert, Table: "t", Params: [][]Param{{{Index: 0}}}}},
		{"INSERT INTO t (a, b) VALUES ($1)", &Statement{Kind: Unknown}},
		{"UPDATE accounts SET balance = balance - $1 WHERE id = $2", &Statement{
			Kind: Update, Table: "accounts", Columns: []string{"balance"}, Params: [][]Param{{{Index: 0}}},
			Arithmetic: true, Computed: []string{"balance"}, Where: []Cond{{Column: "id", Params: []Param{{Index: 1}}}},
		}},
		{"UPDATE orders SET status = ?, version = version + 1 WHERE id = ? AND version = ? RETURNING id", &Statement{
			Kind: Update, Table: "orders", Columns: []string{"status", "version"}, Params: [][]Param{{{Index: 0}}, nil},
			Arithmetic: true, Computed: []string{"version"}, Returning: true, Set: map[string]string{"status": "?"},
			Where: []Cond{{Column: "id", Params: []Param{{Index: 1}}}, {Column: "version", Params: []Param{{Index: 2}}}},
		}},
		// A builder's conditions, each wrapped; a disjunction is none.
		{"UPDATE policies SET status = ? WHERE (id = ?) AND ((status = ?)) AND (a = ? OR b = ?)", &Statement{
			Kind: Update, Table: "policies", Columns: []string{"status"}, Params: [][]Param{{{Index: 0}}},
			Set:   map[string]string{"status": "?"},
			Where: []Cond{{Column: "id", Params: []Param{{Index: 1}}}, {Column: "status", Params: []Param{{Index: 2}}}},
		}},
		{"UPDATE pledges SET status = 'cancelled', updated_at = now() WHERE id = $1 AND p.status <> 'cancelled' AND sent_at IS NULL AND kind NOT IN ('a', 'b') AND x >= $2", &Statement{
			Kind: Update, Table: "pledges", Columns: []string{"status", "updated_at"}, Params: [][]Param{nil, nil},
			Set:   map[string]string{"status": "'cancelled'"},
			Where: []Cond{{Column: "id", Params: []Param{{Index: 0}}}},
			Tested: []Test{
				{Column: "status", Op: "<>", Values: []string{"'cancelled'"}},
				{Column: "sent_at", Op: "IS NULL"},
				{Column: "kind", Op: "NOT IN", Values: []string{"'a'", "'b'"}},
			},
		}},
		// An alias without AS, and a FROM whose subquery has a WHERE of
		// its own: the statement's WHERE is the one at depth 0.
		{"UPDATE cards c SET status = 'expired', balance_cents = 0 FROM (SELECT id, balance_cents FROM cards WHERE id = $1 FOR UPDATE) prev WHERE c.id = prev.id AND c.status <> 'expired' RETURNING prev.balance_cents", &Statement{
			Kind: Update, Table: "cards", Columns: []string{"status", "balance_cents"}, Params: [][]Param{nil, nil}, Returning: true,
			Set:    map[string]string{"status": "'expired'", "balance_cents": "0"},
			Where:  []Cond{{Column: "id"}},
			Tested: []Test{{Column: "status", Op: "<>", Values: []string{"'expired'"}}},
		}},
		// A column that a function settles is not computed anew.
		{"UPDATE donors SET last_year = GREATEST(COALESCE(last_year, 0), $2) WHERE id = $1", &Statement{
			Kind: Update, Table: "donors", Columns: []string{"last_year"}, Params: [][]Param{{{Index: 1}}},
			Where: []Cond{{Column: "id", Params: []Param{{Index: 0}}}},
		}},
		// One that keeps its first value, given a function of nothing.
		{"UPDATE interconnections SET submitted_at = COALESCE(submitted_at, now()) WHERE project_id = $1", &Statement{
			Kind: Update, Table: "interconnections", Columns: []string{"submitted_at"}, Params: [][]Param{nil},
			Where: []Cond{{Column: "project_id", Params: []Param{{Index: 0}}}},
		}},
		{"UPDATE posts SET tags = array_append(tags, $1) WHERE id = $2", &Statement{
			Kind: Update, Table: "posts", Columns: []string{"tags"}, Params: [][]Param{{{Index: 0}}}, Arithmetic: true, Computed: []string{"tags"},
			Where: []Cond{{Column: "id", Params: []Param{{Index: 1}}}},
		}},
		// gorm's list placeholder: "IN ?" given a slice.
		{"UPDATE bookings SET status = 'cancelled' WHERE id = ? AND status IN ?", &Statement{
			Kind: Update, Table: "bookings", Columns: []string{"status"}, Params: [][]Param{nil},
			Set:    map[string]string{"status": "'cancelled'"},
			Where:  []Cond{{Column: "id", Params: []Param{{Index: 0}}}},
			Tested: []Test{{Column: "status", Op: "IN", Values: []string{"?"}}},
		}},
		{"SELECT response FROM idempotency_keys WHERE key = $1 AND o.user_id = $2 FOR UPDATE", &Statement{
			Kind: Select, Table: "idempotency_keys",
			Where: []Cond{{Column: "key", Params: []Param{{Index: 0}}}, {Column: "user_id", Params: []Param{{Index: 1}}}},
		}},
		{"SELECT 1 FROM t WHERE a = $1 OR b = $2", &Statement{Kind: Select, Table: "t", Exists: true}},
		{"DELETE FROM inbox WHERE message_id = $1", &Statement{
			Kind: Delete, Table: "inbox", Where: []Cond{{Column: "message_id", Params: []Param{{Index: 0}}}},
		}},
		{"SELECT 1", &Statement{Kind: Select}},
		// A count of the rows that match tells whether any do; a
		// column read is no check.
		{"SELECT COUNT(*) FROM job_markers WHERE job_key = ?", &Statement{
			Kind: Select, Table: "job_markers", Where: []Cond{{Column: "job_key", Params: []Param{{Index: 0}}}}, Exists: true,
		}},
		{"SELECT position FROM cursors WHERE name = ?", &Statement{
			Kind: Select, Table: "cursors", Where: []Cond{{Column: "name", Params: []Param{{Index: 0}}}},
		}},
		// A SELECT of EXISTS alone checks the subquery's table by its conditions.
		{"SELECT EXISTS(SELECT 1 FROM processed_events WHERE id = $1)", &Statement{
			Kind: Select, Table: "processed_events", Where: []Cond{{Column: "id", Params: []Param{{Index: 0}}}}, Exists: true,
		}},
		{"select not exists ( select 1 from public.inbox i where i.tenant = ? and i.message_id = ? limit 1 ) as fresh;", &Statement{
			Kind: Select, Table: "public.inbox",
			Where:  []Cond{{Column: "tenant", Params: []Param{{Index: 0}}}, {Column: "message_id", Params: []Param{{Index: 1}}}},
			Exists: true,
		}},
		{"SELECT EXISTS (SELECT * FROM \"Dedup\" WHERE \"Key\" = $2 AND (a = 1 OR b = 2)) seen", &Statement{
			Kind: Select, Table: "Dedup", Where: []Cond{{Column: "Key", Params: []Param{{Index: 1}}}}, Exists: true,
		}},
		{"SELECT EXISTS(SELECT 1 FROM t WHERE a = $1 OR b = $2)", &Statement{Kind: Select, Table: "t", Exists: true}},
		// Anything but EXISTS alone keeps the outer SELECT's reading.
		{"SELECT EXISTS(SELECT 1 FROM t WHERE id = $1), name FROM users WHERE uid = $2", &Statement{
			Kind: Select, Table: "users", Where: []Cond{{Column: "uid", Params: []Param{{Index: 1}}}},
		}},
		{"SELECT EXISTS(SELECT 1 FROM t WHERE id = $1) FROM dual", &Statement{Kind: Select, Table: "dual"}},
		{"SELECT EXISTS(SELECT 1)", &Statement{Kind: Select}},
		{"SELECT EXISTS(SELECT 1 FROM t WHERE id = $1", &Statement{Kind: Select}},
		{"SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id) AND k = $1", &Statement{
			Kind: Select, Table: "t", Where: []Cond{{Column: "k", Params: []Param{{Index: 0}}}},
		}},
		{"WITH x AS (SELECT 1) INSERT INTO t (id) VALUES ($1)", &Statement{
			Kind: Insert, Table: "t", Columns: []string{"id"}, Params: [][]Param{{{Index: 0}}},
		}},
		{"", &Statement{Kind: Unknown}},
	}
	for _, tt := range tests {
		got := Parse(tt.sql)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.sql, diff)
		}
	}
}

func TestColumnOf(t *testing.T) {
	st := Parse("INSERT INTO orders (id, total) VALUES ($2, $1)")
	if got := st.ColumnOf(1); got != "id" {
		t.Errorf("ColumnOf(1) = %q, want id", got)
	}
	if got := st.ColumnOf(5); got != "" {
		t.Errorf("ColumnOf(5) = %q, want empty", got)
	}
}

// FuzzParse checks that no input makes Parse panic or produce an
// inconsistent statement.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"INSERT INTO orders (id) VALUES ($1) ON CONFLICT DO NOTHING",
		"INSERT IGNORE INTO t (a,b) VALUES (?, ?)",
		"insert into t(a) select $1 where not exists (select 1)",
		"REPLACE INTO t (a) VALUES (?)",
		"UPDATE t SET a = $1",
		"INSERT INTO t (a) VALUES ('unterminated",
		"INSERT INTO [t] ([a]) VALUES (@p1)",
		"/* open comment",
		"SELECT EXISTS(SELECT 1 FROM processed_events WHERE id = $1)",
		"select not exists (select 1 from t where a = ? and b = ?) as x;",
		"SELECT EXISTS(SELECT EXISTS(SELECT 1 FROM t WHERE id = ?",
		"SELECT EXISTS()", "SELECT NOT EXISTS",
		"$", "?", ":", "::", "(((", ")))",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st := Parse(s)
		if st.Kind == Insert && st.Columns != nil && len(st.Params) != len(st.Columns) {
			t.Fatalf("Parse(%q): %d columns but %d value items", s, len(st.Columns), len(st.Params))
		}
		for i := range st.Columns {
			for _, p := range st.ArgsOf(i) {
				if p.Index < -1 {
					t.Fatalf("Parse(%q): negative placeholder %v", s, p)
				}
			}
		}
	})
}

func TestReturningCols(t *testing.T) {
	for text, want := range map[string][]string{
		"INSERT INTO t (a) VALUES ($1) RETURNING id, created_at": {"id", "created_at"},
		"INSERT INTO t (a) VALUES ($1) RETURNING *":              {"*"},
		"INSERT INTO t (a) VALUES ($1)":                          nil,
	} {
		if got := Parse(text).ReturningCols; !slices.Equal(got, want) {
			t.Errorf("Parse(%q).ReturningCols = %q, want %q", text, got, want)
		}
	}
}

func TestClaimsQueueRow(t *testing.T) {
	for text, want := range map[string]bool{
		"SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1":                     true,
		"update jobs set status = 'running' where id = (select id from jobs for update skip locked limit 1) returning *": true,
		"SELECT id FROM jobs FOR UPDATE":                  false,
		"SELECT 'SKIP LOCKED' FROM jobs":                  false,
		"SELECT id FROM jobs -- FOR UPDATE SKIP LOCKED\n": false,
	} {
		if got := ClaimsQueueRow(text); got != want {
			t.Errorf("ClaimsQueueRow(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestReadsBack(t *testing.T) {
	for sql, want := range map[string]bool{
		// The row already there, when the INSERT does nothing.
		`WITH ins AS (INSERT INTO messages (id, ref) VALUES ($1, $2) ON CONFLICT (ref) DO NOTHING RETURNING id, status)
		 SELECT id, status FROM ins UNION ALL SELECT id, status FROM messages WHERE ref = $2 LIMIT 1`: true,
		`with ins as (insert into public.messages (id) values ($1) on conflict do nothing returning *) select * from ins union all select m.* from public.messages m where m.id = $1`: true,
		// Only what this INSERT wrote.
		`WITH ins AS (INSERT INTO messages (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id) SELECT id FROM ins`: false,
		// No conflict clause: the INSERT fails on a repeat.
		`WITH ins AS (INSERT INTO messages (id) VALUES ($1) RETURNING id) SELECT id FROM ins UNION ALL SELECT id FROM messages WHERE id = $1`: false,
		`INSERT INTO messages (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`:                                                           false,
	} {
		if got := Parse(sql).ReadsBack; got != want {
			t.Errorf("Parse(%q).ReadsBack = %v, want %v", sql, got, want)
		}
	}
}
