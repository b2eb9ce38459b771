package sqlfix

import "testing"

func TestKeywordAt(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want int
	}{
		{"INSERT INTO t (a) VALUES ($1) RETURNING id", 30},
		{"INSERT INTO t (a) VALUES ($1)\nreturning id", 30},
		{"INSERT INTO t (returning_x) VALUES ('RETURNING') RETURNING id", 49},
		{`INSERT INTO t ("RETURNING") VALUES ($1) RETURNING id`, 40},
		{"-- RETURNING\nINSERT INTO t (a) VALUES ($1) RETURNING id", 43},
		{"INSERT INTO t (a) SELECT x FROM (SELECT 1 RETURNING) s", -1},
		{"INSERT INTO t (a) VALUES ($1)", -1},
	} {
		if got := keywordAt(tc.sql, "RETURNING"); got != tc.want {
			t.Errorf("keywordAt(%q) = %d, want %d", tc.sql, got, tc.want)
		}
	}
}

func TestSQLEnd(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want string // the text before the end
	}{
		{"INSERT INTO t (a) VALUES ($1)", "INSERT INTO t (a) VALUES ($1)"},
		{"INSERT INTO t (a) VALUES ($1);\n", "INSERT INTO t (a) VALUES ($1)"},
		{"INSERT INTO t (a)\nVALUES ($1) -- one row per event", "INSERT INTO t (a)\nVALUES ($1)"},
		{"INSERT INTO t (a) VALUES ($1) /* note */ ;", "INSERT INTO t (a) VALUES ($1)"},
		{"INSERT INTO t (a) VALUES ('--;')", "INSERT INTO t (a) VALUES ('--;')"},
		{"-- head\nINSERT INTO t (a) VALUES ($1)\n-- tail\n", "-- head\nINSERT INTO t (a) VALUES ($1)"},
	} {
		if got := tc.sql[:sqlEnd(tc.sql)]; got != tc.want {
			t.Errorf("sqlEnd(%q) ends at %q, want %q", tc.sql, got, tc.want)
		}
	}
}
