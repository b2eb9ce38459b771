package summary

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// TestRunsFromSyntax: the function parameters a body calls itself, by
// index with the receiver first; not those it runs in go or defer
// statements or in function literals, whose time the syntax does not
// tell. Those it calls with a transaction it begins run in it, though
// a deferred rollback captures the transaction; not those it calls
// with another handle.
func TestRunsFromSyntax(t *testing.T) {
	const src = `package p

import (
	"context"
	"database/sql"
)

type U struct{}

type R struct{ db *sql.DB }

func (r R) InTx(ctx context.Context, fn func(*sql.Tx) error) (err error) {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func (r R) OnPool(ctx context.Context, fn func(*sql.DB) error) error { return fn(r.db) }

func (U) Do(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

func Run(n int, fn func() error, later func()) error {
	defer later()
	go later()
	go func() { _ = fn() }()
	return fn()
}

func Keep(fn func()) func() { return fn }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	want := map[string][]int{"Do": {2}, "Run": {1}, "Keep": nil, "InTx": {2}, "OnPool": {2}}
	wantInTx := map[string][]int{"InTx": {2}}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		runs, inTx := runsFromSyntax(info, fd)
		if !slices.Equal(runs, want[fd.Name.Name]) {
			t.Errorf("%s: runs %v, want %v", fd.Name.Name, runs, want[fd.Name.Name])
		}
		if !slices.Equal(inTx, wantInTx[fd.Name.Name]) {
			t.Errorf("%s: runs in a transaction %v, want %v", fd.Name.Name, inTx, wantInTx[fd.Name.Name])
		}
	}
}
