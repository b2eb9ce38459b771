package sqltext

import (
	"slices"
	"testing"
)

// TestPositional: named parameters become $1, $2... in order of
// appearance, as sqlx binds them; casts, strings and comments keep
// their colons; positional placeholders mixed in give up.
func TestPositional(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		names   []string
		ok      bool
	}{
		{"INSERT INTO t (id, n) VALUES (:id, :n)", "INSERT INTO t (id, n) VALUES ($1, $2)", []string{"id", "n"}, true},
		{"UPDATE t SET n = :n::int, s = ':x' WHERE id = :id -- :c", "UPDATE t SET n = $1::int, s = ':x' WHERE id = $2 -- :c", []string{"n", "id"}, true},
		{"UPDATE t SET n = :n WHERE id = :n", "UPDATE t SET n = $1 WHERE id = $2", []string{"n", "n"}, true},
		{"INSERT INTO t (id, n) VALUES ($1, :n)", "", nil, false},
		{"SELECT 1", "", nil, false},
	} {
		out, names, ok := Positional(tc.in)
		if out != tc.out || !slices.Equal(names, tc.names) || ok != tc.ok {
			t.Errorf("Positional(%q) = %q, %q, %t; want %q, %q, %t", tc.in, out, names, ok, tc.out, tc.names, tc.ok)
		}
	}
}
