package fix

import "testing"

func TestInsertIgnoringDuplicate(t *testing.T) {
	for _, c := range []struct {
		d    Dialect
		want string
	}{
		{PostgreSQL, "INSERT INTO inbox (tenant, id) VALUES ($1, $2) ON CONFLICT DO NOTHING"},
		{SQLite, "INSERT INTO inbox (tenant, id) VALUES ($1, $2) ON CONFLICT DO NOTHING"},
		{MySQL, "INSERT IGNORE INTO inbox (tenant, id) VALUES ($1, $2)"},
	} {
		if got := InsertIgnoringDuplicate(c.d, "inbox", []string{"tenant", "id"}, []string{"$1", "$2"}); got != c.want {
			t.Errorf("dialect %d: got %q, want %q", c.d, got, c.want)
		}
	}
}

func TestConflictClause(t *testing.T) {
	for d, want := range map[Dialect]string{
		PostgreSQL:     " ON CONFLICT DO NOTHING",
		SQLite:         " ON CONFLICT DO NOTHING",
		MySQL:          " ON DUPLICATE KEY UPDATE id = id",
		DialectUnknown: "",
	} {
		if got := ConflictClause(d, "id"); got != want {
			t.Errorf("dialect %d: got %q, want %q", d, got, want)
		}
	}
}

func TestSQLLiteral(t *testing.T) {
	for sql, want := range map[string]string{
		"INSERT INTO t (k) VALUES ($1)":      `"INSERT INTO t (k) VALUES ($1)"`,
		`INSERT INTO "T" ("K") VALUES ($1)`:  "`INSERT INTO \"T\" (\"K\") VALUES ($1)`",
		"INSERT INTO \"T\" (`k`) VALUES (?)": "\"INSERT INTO \\\"T\\\" (`k`) VALUES (?)\"",
	} {
		if got := SQLLiteral(sql); got != want {
			t.Errorf("SQLLiteral(%q) = %s, want %s", sql, got, want)
		}
	}
}
