package summary

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/valueflow"
)

// The expanded list of a root: its own entry 0 (a statement), entry 1 a
// wired call with two implementations (alternatives), each running two
// statements, and entry 2 a wired call exclusive with entry 1.
func exampleRoot() *ProgramRoot {
	stmt := func(trail ...step) ProgramStmt { return ProgramStmt{trail: trail} }
	return &ProgramRoot{Stmts: []ProgramStmt{
		stmt(step{index: 0}),
		stmt(step{index: 1, impl: 0, excl: []int{2}}, step{index: 0}),
		stmt(step{index: 1, impl: 0, excl: []int{2}}, step{index: 1}),
		stmt(step{index: 1, impl: 1, excl: []int{2}}, step{index: 0}),
		stmt(step{index: 2, excl: []int{1}}, step{index: 0}),
	}}
}

func TestProgramRootExclusive(t *testing.T) {
	r := exampleRoot()
	for _, tc := range []struct {
		i, j int
		want bool
	}{
		{0, 1, false}, // the root's statement, then an implementation's
		{1, 2, false}, // one implementation's two statements
		{1, 3, true},  // two implementations of one call: alternatives
		{1, 4, true},  // exclusive branches of the root
		{0, 4, false},
	} {
		if got := r.Exclusive(tc.i, tc.j); got != tc.want {
			t.Errorf("Exclusive(%d, %d) = %v, want %v", tc.i, tc.j, got, tc.want)
		}
		if got := r.Exclusive(tc.j, tc.i); got != tc.want {
			t.Errorf("Exclusive(%d, %d) = %v, want %v", tc.j, tc.i, got, tc.want)
		}
	}
}

func TestProgramRootSameScope(t *testing.T) {
	r := exampleRoot()
	for _, tc := range []struct {
		i, j int
		want bool
	}{
		{1, 2, true},  // one implementation's list
		{1, 3, false}, // two implementations
		{0, 1, false}, // the root's list and an implementation's
		{1, 4, false},
	} {
		if got := r.SameScope(tc.i, tc.j); got != tc.want {
			t.Errorf("SameScope(%d, %d) = %v, want %v", tc.i, tc.j, got, tc.want)
		}
	}
}

func TestProgramRootSameCall(t *testing.T) {
	r := exampleRoot()
	for i := range r.Stmts {
		r.Stmts[i].Judged, r.Stmts[i].judgedAt = i >= 1 && i <= 3, 1
	}
	if !r.SameCall(1, 2) {
		t.Error("SameCall(1, 2) = false: one judged implementation's statements")
	}
	if r.SameCall(1, 3) {
		t.Error("SameCall(1, 3) = true: two implementations")
	}
	if r.SameCall(0, 1) {
		t.Error("SameCall(0, 1) = true: the root's statement is judged by none")
	}
}

// A store whose receiver holds a pool, called by a root that passes it
// its transaction.
func TestScopeUnit(t *testing.T) {
	pool := types.NewPointer(types.NewNamed(types.NewTypeName(0, types.NewPackage("database/sql", "sql"), "DB", nil), types.NewStruct(nil, nil), nil))
	recv := types.NewPointer(types.NewStruct([]*types.Var{types.NewField(0, nil, "db", pool, false)}, nil))
	p := &program{}
	root := &scope{key: "root"}
	store := &scope{
		key: "root/1.0", parent: root, recv: recv,
		handles: []valueflow.ArgHandle{{Arg: 1, Handle: valueflow.Handle{Kind: valueflow.HandleTx, Tx: 0}}},
		args:    []valueflow.ArgSource{{Param: -1}, {Param: 2}},
	}
	for _, tc := range []struct {
		sc   *scope
		h    valueflow.Handle
		want string
	}{
		{root, valueflow.Handle{Kind: valueflow.HandleAutocommit}, "auto#7"},
		{root, valueflow.Handle{Kind: valueflow.HandleTx, Tx: 1}, "root#tx1"},
		{root, valueflow.Handle{Kind: valueflow.HandleParam, Param: 1}, ""}, // the root's caller decides
		{store, valueflow.Handle{Kind: valueflow.HandleTx, Tx: 0}, "root/1.0#tx0"},
		{store, valueflow.Handle{Kind: valueflow.HandleParam, Param: 2}, "root#tx0"}, // the root's transaction
		{store, valueflow.Handle{Kind: valueflow.HandleParam, Param: 1}, ""},         // no handle passed there
		{store, valueflow.Handle{Kind: valueflow.HandleUnknown}, ""},
	} {
		if got := p.unit(tc.sc, tc.h, "7"); got != tc.want {
			t.Errorf("%s: unit(%s) = %q, want %q", tc.sc.key, tc.h, got, tc.want)
		}
	}
	// The receiver's pool field commits each statement.
	if got := p.unit(store, valueflow.Handle{Kind: valueflow.HandleParam, Param: 0, Path: ".db"}, "7"); got != "auto#7" {
		t.Errorf("unit(p0.db) = %q, want auto#7", got)
	}
	// What the root hands down: the store's parameters are values of
	// the root's; its receiver is not one.
	if !store.given(valueflow.ArgSource{Param: 2, Path: ".ID"}) {
		t.Error("given(p2.ID) = false: the root passes it")
	}
	if store.given(valueflow.ArgSource{Param: 0}) {
		t.Error("given(p0) = true: the receiver is no value the root hands down")
	}
	deeper := &scope{key: "root/1.0/0.0", parent: store, args: []valueflow.ArgSource{{Param: -1}, {Param: 2, Path: ".ID"}}}
	if !deeper.given(valueflow.ArgSource{Param: 2}) {
		t.Error("deeper.given(p2) = false: the store passes on what the root gave it")
	}
	if deeper.given(valueflow.ArgSource{Param: 1}) {
		t.Error("deeper.given(p1) = true: the store made that value itself")
	}
	// An argument the store builds in place (&Row{ID: cmd.ID}): its
	// fields stored from what the root gave are given, the others not.
	built := &scope{key: "root/1.0/1.0", parent: store,
		args:   []valueflow.ArgSource{{Param: -1}, {Param: -1}},
		fields: []valueflow.FieldSource{{Arg: 1, Path: ".ID", Source: valueflow.ArgSource{Param: 2, Path: ".ID"}}}}
	if !built.given(valueflow.ArgSource{Param: 2, Path: ".ID"}) {
		t.Error("built.given(p2.ID) = false: the field holds what the root gave")
	}
	if built.given(valueflow.ArgSource{Param: 2, Path: ".Name"}) {
		t.Error("built.given(p2.Name) = true: no field of the root's fills it")
	}
	if built.given(valueflow.ArgSource{Param: 2, Path: ".IDs"}) {
		t.Error("built.given(p2.IDs) = true: another field than ID")
	}
	// The field set again from a value of the store's own.
	reset := &scope{key: "root/1.0/1.1", parent: store,
		args: []valueflow.ArgSource{{Param: -1}, {Param: -1}},
		fields: []valueflow.FieldSource{
			{Arg: 1, Path: ".ID", Source: valueflow.ArgSource{Param: 2, Path: ".ID"}},
			{Arg: 1, Path: ".ID", Source: valueflow.ArgSource{Param: -1}},
		}}
	if reset.given(valueflow.ArgSource{Param: 2, Path: ".ID"}) {
		t.Error("reset.given(p2.ID) = true: the field is set again from no value of the root's")
	}
}

// A composition root is a program's main package, not a test's: the
// go command's generated main ("x.test") and a main package with its
// test files wire what the tests need, not the production path.
func TestCompositionRoot(t *testing.T) {
	for _, tc := range []struct {
		path, name string
		files      []string
		want       bool
	}{
		{"example.com/app/cmd/api", "main", []string{"main.go"}, true},
		{"example.com/app/cmd/api", "main", []string{"main.go", "main_test.go"}, false},
		{"example.com/app/internal/api.test", "main", []string{"testmain.go"}, false},
		{"example.com/app/internal/api", "api", []string{"api.go"}, false},
	} {
		fset := token.NewFileSet()
		var files []*ast.File
		for _, name := range tc.files {
			f, err := parser.ParseFile(fset, name, "package "+tc.name, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		pass := &analysis.Pass{Pkg: types.NewPackage(tc.path, tc.name), Fset: fset, Files: files}
		if got := compositionRoot(pass); got != tc.want {
			t.Errorf("compositionRoot(%s, files %v) = %v, want %v", tc.path, tc.files, got, tc.want)
		}
	}
}

// TestCarriedServesItsRoot: a fix that reads the key from the context
// wraps the calls of the roots that can put one there; it is the fix of
// a root's finding only when that root is among them, not when only
// another root of the program is (a sweep that mails in a loop keeps its
// finding without a fix that would key another worker's mail).
func TestCarriedServesItsRoot(t *testing.T) {
	call := valueflow.WiredCall{Iface: "example.com/mailer.Mailer", Method: "Send", Pkg: "example.com/workers"}
	p := &program{wraps: map[string][]pendingWrap{
		wiredKey(call): {{Wrap: valueflow.Wrap{Arg: 0, File: "deliver.go", Start: 10, End: 13, Text: "ctx", Key: "job.ID"}, pkg: "example.com/workers", root: "river worker DeliverWorker.Work"}},
	}, locator: locator{pkgs: map[string]*types.Package{"example.com/workers": types.NewPackage("example.com/workers", "workers")}}}
	f := valueflow.KeyFix{Param: 1, Context: "carried", Carrier: "example.com/workers"}
	if got := p.carried(f, call, "river worker DeliverWorker.Work"); got == nil || len(got.Edits) != 1 {
		t.Errorf("the wrapped root's fix: got %v, want one edit of its call", got)
	}
	if got := p.carried(f, call, "river worker SweepWorker.Work"); got != nil {
		t.Errorf("another root's fix: got %v, want none", got)
	}
}
