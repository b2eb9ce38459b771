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
// tell.
func TestRunsFromSyntax(t *testing.T) {
	const src = `package p

import "context"

type U struct{}

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
	want := map[string][]int{"Do": {2}, "Run": {1}, "Keep": nil}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if got := runsFromSyntax(info, fd); !slices.Equal(got, want[fd.Name.Name]) {
			t.Errorf("%s: runs %v, want %v", fd.Name.Name, got, want[fd.Name.Name])
		}
	}
}
