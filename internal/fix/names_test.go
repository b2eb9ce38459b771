package fix

import (
	"go/ast"
	"go/types"
	"testing"
)

const namesSrc = `package p

func f(a int) int {
	b := a
	if a > 0 {
		res := b
		_ = res
	}
	b = 2
	return b
}

func g() {
	x := 1
	{
		y := x
		_ = y
		x := 2
		_ = x
	}
}
`

func TestUsesAndAssigns(t *testing.T) {
	tc := typeCheck(t, namesSrc)
	b := tc.lookup(t, "f", "b")
	if got := len(Uses(tc.info, tc.fn(t, "f"), b)); got != 3 {
		t.Errorf("Uses(b) = %d identifiers, want 3 (res := b, b = 2, return b)", got)
	}
	for i, want := range []bool{true, false, true, false} {
		as, ok := tc.stmt(t, "f", i).(*ast.AssignStmt)
		if got := ok && Assigns(tc.info, as, b); got != want {
			t.Errorf("Assigns(statement %d, b) = %v, want %v", i, got, want)
		}
	}
}

func TestMeansAndDeclaredAround(t *testing.T) {
	tc := typeCheck(t, namesSrc)
	inner := tc.stmt(t, "g", 1).(*ast.BlockStmt)
	outerX := tc.lookup(t, "g", "x")
	for _, c := range []struct {
		name string
		at   ast.Stmt
		want bool
	}{
		{"before the inner x", inner.List[0], true},
		{"after the inner x", inner.List[3], false},
	} {
		if got := Means(tc.pkg, c.at.Pos(), "x", outerX); got != c.want {
			t.Errorf("Means(x, %s) = %v, want %v", c.name, got, c.want)
		}
	}
	// y is declared in the inner block only; x in both; res in f.
	for _, c := range []struct {
		name string
		at   ast.Stmt
		want bool
	}{
		{"y", inner.List[0], true}, // declared later in the same block
		{"y", tc.stmt(t, "g", 0), false},
		{"res", inner.List[0], false},
		{"g", inner.List[0], false}, // package-level names do not count
	} {
		if got := DeclaredAround(tc.pkg, c.at.Pos(), c.name); got != c.want {
			t.Errorf("DeclaredAround(%s) = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestMentionsAndRefers(t *testing.T) {
	tc := typeCheck(t, namesSrc)
	ret := tc.stmt(t, "f", 3).(*ast.ReturnStmt)
	if !Mentions(ret, "b") || Mentions(ret, "a") {
		t.Error("Mentions: want b and not a in return b")
	}
	if !Refers(tc.info, ret.Results[0], tc.lookup(t, "f", "b")) || Refers(tc.info, ret.Results[0], tc.lookup(t, "f", "a")) {
		t.Error("Refers: return b refers to b, not to a")
	}
}

func TestNamesInAndFreshName(t *testing.T) {
	tc := typeCheck(t, namesSrc)
	f := tc.fn(t, "f")
	res := tc.lookup(t, "f", "res")
	taken := NamesIn(tc.info, nil, f.Type, f.Body)
	if !taken["res"] || !taken["a"] || taken["y"] {
		t.Errorf("NamesIn(f) = %v", taken)
	}
	if got := FreshName(taken, "res", "result"); got != "result" {
		t.Errorf("FreshName = %q, want result", got)
	}
	if got := FreshName(map[string]bool{"n": true, "n2": true}, "n"); got != "n3" {
		t.Errorf("FreshName = %q, want n3", got)
	}
	// A variable that goes away with the fix frees its name.
	freed := NamesIn(tc.info, func(o types.Object) bool { return o == res }, f.Body)
	if freed["res"] || !freed["b"] {
		t.Errorf("NamesIn(f, res freed) = %v", freed)
	}
}
