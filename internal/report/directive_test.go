package report

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestIgnores(t *testing.T) {
	src := `package p

//idemlint:ignore IDEM001 the key is unique per cart
var a = 1

//idemlint:ignore freshid,IDEM002 reason
var b = 2

//idemlint:ignore IDEM001
var c = 3

//idemlint:ignored not a directive
var d = 4
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	igs := Ignores(fset, []*ast.File{f})
	if len(igs) != 3 {
		t.Fatalf("got %d directives, want 3", len(igs))
	}
	if !igs[0].Matches("IDEM001", "freshid") || igs[0].Reason != "the key is unique per cart" {
		t.Errorf("first directive: %+v", igs[0])
	}
	if !igs[1].Matches("IDEM001", "freshid") || !igs[1].Matches("IDEM002", "missingkey") || igs[1].Matches("IDEM003", "intentfirst") {
		t.Errorf("second directive: %+v", igs[1])
	}
	if igs[2].Reason != "" {
		t.Errorf("third directive has reason %q, want none", igs[2].Reason)
	}
	// Line 4 is below the first directive; line 10 is below the reasonless one.
	if Suppresses(fset, igs, f.Decls[0].Pos(), "IDEM001", "freshid") == nil {
		t.Error("the first directive does not suppress the line below it")
	}
	if Suppresses(fset, igs, f.Decls[2].Pos(), "IDEM001", "freshid") != nil {
		t.Error("a directive without a reason suppresses")
	}
	if got := IgnoredAt(fset, igs, f.Decls[1].Pos()); len(got) != 2 || got[0] != "freshid" || got[1] != "IDEM002" {
		t.Errorf("IgnoredAt the second declaration = %q, want [freshid IDEM002]", got)
	}
	if got := IgnoredAt(fset, igs, f.Decls[2].Pos()); got != nil {
		t.Errorf("IgnoredAt below a directive without a reason = %q, want none", got)
	}
}
