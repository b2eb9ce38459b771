package sqltext

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadSchema(t *testing.T) {
	const ddl = `
-- +goose Up
CREATE TABLE IF NOT EXISTS public.orders (
	order_id text PRIMARY KEY,
	customer_id uuid NOT NULL REFERENCES customers (id),
	total numeric(10, 2) CHECK (total >= 0),
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE tickets (serial uuid NOT NULL, title text, CONSTRAINT tickets_pk PRIMARY KEY (serial));
CREATE TABLE "Lines" (
	order_id text NOT NULL,
	line_no int NOT NULL,
	sku text UNIQUE,
	PRIMARY KEY (order_id, line_no)
);
CREATE TABLE payments (
	id bigint AUTO_INCREMENT PRIMARY KEY,
	` + "`reference`" + ` varchar(64) NOT NULL,
	UNIQUE KEY payments_ref (reference),
	KEY payments_created (id)
) ENGINE=InnoDB;
CREATE TABLE events (id serial, message_id text);
ALTER TABLE events ADD CONSTRAINT events_msg UNIQUE (message_id);
CREATE INDEX orders_customer ON orders (customer_id);
CREATE TABLE comments (comment_id uuid PRIMARY KEY DEFAULT uuid_generate_v4(), body text);
CREATE TABLE invoices (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, number text UNIQUE);
CREATE TABLE hooks (
	id text PRIMARY KEY,
	events text[] NOT NULL DEFAULT '{}',
	scores int[3],
	CONSTRAINT hooks_customer_url UNIQUE (customer_id, url)
);
CREATE TABLE broken (id int PRIMARY KEY
`
	s := Schema{}
	s.ReadSchema(ddl)
	want := Schema{
		"orders":   {Primary: []string{"order_id"}, Generated: []string{"created_at"}},
		"tickets":  {Primary: []string{"serial"}},
		"lines":    {Primary: []string{"order_id", "line_no"}, Unique: [][]string{{"sku"}}},
		"payments": {Primary: []string{"id"}, Unique: [][]string{{"reference"}}, Generated: []string{"id"}},
		"events":   {Unique: [][]string{{"message_id"}}, Generated: []string{"id"}},
		"comments": {Primary: []string{"comment_id"}, Generated: []string{"comment_id"}},
		"invoices": {Primary: []string{"id"}, Unique: [][]string{{"number"}}, Generated: []string{"id"}},
		// An array type is no quoted name: the constraint after it counts.
		"hooks":  {Primary: []string{"id"}, Unique: [][]string{{"customer_id", "url"}}},
		"broken": {},
	}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("schema (-want +got):\n%s", diff)
	}
	for _, tc := range []struct {
		table, col      string
		identity, known bool
	}{
		{"orders", "order_id", true, true},
		{"orders", "customer_id", false, true},
		{"public.orders", "ORDER_ID", true, true},
		{"tickets", "serial", true, true},
		{"lines", "line_no", true, true},
		{"events", "message_id", true, true},
		{"events", "id", false, true},
		{"customers", "id", false, false},
	} {
		identity, known := s.Identity(tc.table, tc.col)
		if identity != tc.identity || known != tc.known {
			t.Errorf("Identity(%q, %q) = %v, %v; want %v, %v", tc.table, tc.col, identity, known, tc.identity, tc.known)
		}
	}
}

func TestGeneratedKey(t *testing.T) {
	s := Schema{}
	s.ReadSchema(`CREATE TABLE a (id serial PRIMARY KEY);
CREATE TABLE b (id uuid PRIMARY KEY DEFAULT gen_random_uuid());
CREATE TABLE c (id text PRIMARY KEY, created_at timestamptz DEFAULT now());
CREATE TABLE d (id serial, n int, PRIMARY KEY (id, n));
CREATE TABLE e (id serial);
CREATE TABLE f (id serial PRIMARY KEY, email text);
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS f_email ON ONLY public.f USING btree (email);
CREATE UNIQUE INDEX f_seat ON f (seat_id) WHERE seat_id IS NOT NULL;
CREATE UNIQUE INDEX f_code ON f (lower(code)) INCLUDE (email);
CREATE UNIQUE INDEX ON nowhere (x);`)
	// A partial index keeps unique only the rows its predicate selects.
	if keys := s.Keys("f"); len(keys) != 2 || keys[1][0] != "email" {
		t.Errorf("Keys(f) = %q, want the primary key and the unique index's email", keys)
	}
	if _, ok := s["nowhere"]; ok {
		t.Error("an index declared a table")
	}
	for table, want := range map[string]bool{"a": true, "b": true, "c": false, "d": false, "e": false, "x": false} {
		if _, got := s.GeneratedKey(table); got != want {
			t.Errorf("GeneratedKey(%s) = %v, want %v", table, got, want)
		}
	}
}

func FuzzReadSchema(f *testing.F) {
	f.Add("CREATE TABLE t (id int PRIMARY KEY, UNIQUE (a, b));")
	f.Add("ALTER TABLE t ADD PRIMARY KEY (")
	f.Add("CREATE TABLE (((")
	f.Fuzz(func(t *testing.T, text string) {
		Schema{}.ReadSchema(text)
	})
}

// TestReadSchemasOrder reads a unique index from a file that sorts
// before the file declaring its table.
func TestReadSchemasOrder(t *testing.T) {
	texts := []string{
		"CREATE UNIQUE INDEX claims_ref ON claims (policy_id, external_ref);\nCREATE UNIQUE INDEX nowhere_ref ON nowhere (ref);",
		"CREATE TABLE claims (id uuid PRIMARY KEY, policy_id uuid, external_ref text);",
	}
	s := Schema{}
	s.ReadSchemas(texts)
	want := Schema{"claims": {Primary: []string{"id"}, Unique: [][]string{{"policy_id", "external_ref"}}}}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("schema (-want +got):\n%s", diff)
	}
	one := Schema{}
	for _, text := range texts {
		one.ReadSchema(text)
	}
	if len(one["claims"].Unique) != 0 {
		t.Errorf("ReadSchema alone kept an index on a table not yet declared: %v", one["claims"].Unique)
	}
}
