package partialtx

import (
	"go/types"
	"path"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/catalog"
)

// TestWrapText pins the transaction's code: its Begin on the handle with
// the context, the check of its error under txErr or under the name the
// copied handling reads, the deferred Rollback, and the Commit after the
// check of the last write's error.
func TestWrapText(t *testing.T) {
	ret := failure{body: func(err string) []string { return []string{"return 0, " + err} }}
	copied := failure{name: "e", body: func(string) []string { return []string{`http.Error(w, e.Error(), 500)`, "return"} }}
	for _, c := range []struct {
		name          string
		w             wrap
		begin, commit string
	}{
		{"database/sql, returning the error", wrap{h: mustWrap(t, "*database/sql.DB"), recv: "s.db", ctx: "ctx", fail: ret},
			"tx, txErr := s.db.BeginTx(ctx, nil)\nif txErr != nil {\n\treturn 0, txErr\n}\ndefer tx.Rollback()",
			"if err := tx.Commit(); err != nil {\n\treturn 0, err\n}"},
		{"pgx, the handler's own handling", wrap{h: mustWrap(t, "*github.com/jackc/pgx/v5/pgxpool.Pool"), recv: "pool", ctx: "r.Context()", fail: copied},
			"tx, txErr := pool.Begin(r.Context())\nif e := txErr; e != nil {\n\thttp.Error(w, e.Error(), 500)\n\treturn\n}\ndefer tx.Rollback(r.Context())",
			"if e := tx.Commit(r.Context()); e != nil {\n\thttp.Error(w, e.Error(), 500)\n\treturn\n}"},
		{"sqlx, the last write's error checked first", wrap{h: mustWrap(t, "*github.com/jmoiron/sqlx.DB"), recv: "db", fail: ret, lastChecked: "if err != nil {\n\treturn 0, err\n}"},
			"tx, txErr := db.Beginx()\nif txErr != nil {\n\treturn 0, txErr\n}\ndefer tx.Rollback()",
			"if err != nil {\n\treturn 0, err\n}\nif err := tx.Commit(); err != nil {\n\treturn 0, err\n}"},
	} {
		if got := c.w.beginText(); got != c.begin {
			t.Errorf("%s: beginText\n%s\nwant\n%s", c.name, got, c.begin)
		}
		if got := c.w.commitText(); got != c.commit {
			t.Errorf("%s: commitText\n%s\nwant\n%s", c.name, got, c.commit)
		}
	}
}

// mustWrap returns the catalog's transaction wrap of the handle type
// named "*path.Name".
func mustWrap(t *testing.T, key string) catalog.TxWrap {
	t.Helper()
	dot := strings.LastIndex(key, ".")
	pkgPath, name := strings.TrimPrefix(key[:dot], "*"), key[dot+1:]
	pkg := types.NewPackage(pkgPath, path.Base(pkgPath))
	var typ types.Type = types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(nil, nil), nil)
	if strings.HasPrefix(key, "*") {
		typ = types.NewPointer(typ)
	}
	w, ok := catalog.TxWrapOf(typ)
	if !ok {
		t.Fatalf("the catalog has no transaction wrap for %s", key)
	}
	return w
}
