package fix

import (
	"go/ast"
	"go/format"
	"testing"
)

func TestRender(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{ReturnStmt(), "return"},
		{ReturnStmt("0", `""`, "err"), `return 0, "", err`},
		{DefineStmt("db.BeginTx(ctx, nil)", "tx", "txErr"), "tx, txErr := db.BeginTx(ctx, nil)"},
		{IfStmt("", NotNil("err"), Block(ReturnStmt("nil", "err"))), "if err != nil {\n\treturn nil, err\n}"},
		{IfStmt("e := txErr", NotNil("e"), Block("log(e)", "return")), "if e := txErr; e != nil {\n\tlog(e)\n\treturn\n}"},
		{ElseIf(IfStmt("", "a", Block("x()")), IfStmt("", "b", Block("y()"))), "if a {\n\tx()\n} else if b {\n\ty()\n}"},
		// A statement of several lines keeps its shape, one level in.
		{Block("if x {\n\ty()\n}"), "{\n\tif x {\n\t\ty()\n\t}\n}"},
		{Stmts(CallStmt("tx", "Commit"), CallStmt("tx", "Rollback", "ctx")), "tx.Commit()\ntx.Rollback(ctx)"},
	} {
		if c.got != c.want {
			t.Errorf("got\n%s\nwant\n%s", c.got, c.want)
		}
	}
}

// StmtAfter indents the statements like the one they follow, and the
// result is gofmt-clean.
func TestStmtAfter(t *testing.T) {
	src := "package p\n\nfunc f(ok bool) error {\n\tif ok {\n\t\tg()\n\t}\n\treturn nil\n}\n\nfunc g() error { return nil }\n"
	tc := typeCheck(t, src)
	inner := tc.stmt(t, "f", 0).(*ast.IfStmt).Body.List[0]
	e := StmtAfter(tc.fset, tc.file, inner, IfStmt("err := g()", NotNil("err"), Block(ReturnStmt("err"))))
	got := apply(tc.fset, src, e)
	want := "package p\n\nfunc f(ok bool) error {\n\tif ok {\n\t\tg()\n\t\tif err := g(); err != nil {\n\t\t\treturn err\n\t\t}\n\t}\n\treturn nil\n}\n\nfunc g() error { return nil }\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if formatted, err := format.Source([]byte(got)); err != nil || string(formatted) != got {
		t.Errorf("result is not gofmt-clean: %v", err)
	}
}
