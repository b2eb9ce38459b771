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
CREATE TABLE broken (id int PRIMARY KEY
`
	s := Schema{}
	s.ReadSchema(ddl)
	want := Schema{
		"orders":   {Primary: []string{"order_id"}},
		"tickets":  {Primary: []string{"serial"}},
		"lines":    {Primary: []string{"order_id", "line_no"}, Unique: [][]string{{"sku"}}},
		"payments": {Primary: []string{"id"}, Unique: [][]string{{"reference"}}},
		"events":   {Unique: [][]string{{"message_id"}}},
		"broken":   {},
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

func FuzzReadSchema(f *testing.F) {
	f.Add("CREATE TABLE t (id int PRIMARY KEY, UNIQUE (a, b));")
	f.Add("ALTER TABLE t ADD PRIMARY KEY (")
	f.Add("CREATE TABLE (((")
	f.Fuzz(func(t *testing.T, text string) {
		Schema{}.ReadSchema(text)
	})
}
