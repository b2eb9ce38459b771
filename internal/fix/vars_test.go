package fix

import (
	"go/ast"
	"testing"
)

const varsSrc = `package p

func set(*int) {}

func f() (int, error) {
	var n int
	m := 0
	k := n + 1
	var err error
	use(err)
	err = nil
	use(err)
	m = 2
	set(&k)
	return n + m + k, err
}

func use(error) {}
`

func TestAssignments(t *testing.T) {
	tc := typeCheck(t, varsSrc)
	f := tc.fn(t, "f")
	for name, want := range map[string]int{"n": 0, "m": 2, "k": 3, "err": 1} {
		if got := Assignments(tc.info, f, tc.lookup(t, "f", name)); got != want {
			t.Errorf("Assignments(%s) = %d, want %d", name, got, want)
		}
	}
}

func TestDeclaresOnly(t *testing.T) {
	tc := typeCheck(t, varsSrc)
	for i, c := range []struct {
		name string
		want bool
	}{
		{"n", true},  // var n int
		{"m", true},  // m := 0
		{"k", false}, // k := n + 1: deleting it deletes a computation
		{"err", true},
	} {
		st := tc.stmt(t, "f", i)
		if got := DeclaresOnly(tc.info, st, tc.lookup(t, "f", c.name)); got != c.want {
			t.Errorf("DeclaresOnly(%s) = %v, want %v", c.name, got, c.want)
		}
	}
	if DeclaresOnly(tc.info, tc.stmt(t, "f", 0), tc.lookup(t, "f", "m")) {
		t.Error("var n int declares m")
	}
}

func TestReadAfter(t *testing.T) {
	tc := typeCheck(t, varsSrc)
	body := tc.fn(t, "f").Body
	errVar := tc.lookup(t, "f", "err")
	for _, c := range []struct {
		after int
		want  bool
	}{
		{3, true},  // use(err) reads it before err = nil
		{4, false}, // err = nil assigns it before anything reads it
		{5, true},  // the return reads it, nothing assigns it before
	} {
		if got := ReadAfter(tc.info, body, body, c.after, errVar); got != c.want {
			t.Errorf("ReadAfter(err, after %s) = %v, want %v", render(t, tc, body.List[c.after]), got, c.want)
		}
	}
}

func render(t *testing.T, tc typeChecked, n ast.Node) string {
	s, ok := Print(tc.fset, nil, n)
	if !ok {
		t.Fatal("Print failed")
	}
	return s
}
