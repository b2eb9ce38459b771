package fix

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// typeChecked is a small source parsed and type-checked, for the tests
// of the helpers that read types.
type typeChecked struct {
	fset *token.FileSet
	file *ast.File
	pkg  *types.Package
	info *types.Info
}

func typeCheck(t *testing.T, src string) typeChecked {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:  map[ast.Expr]types.TypeAndValue{},
		Defs:   map[*ast.Ident]types.Object{},
		Uses:   map[*ast.Ident]types.Object{},
		Scopes: map[ast.Node]*types.Scope{},
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	return typeChecked{fset, file, pkg, info}
}

// lookup returns the object a function's scope names name, declared in
// the function fn.
func (tc typeChecked) lookup(t *testing.T, fn, name string) types.Object {
	t.Helper()
	f := tc.fn(t, fn)
	var found types.Object
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name && tc.info.Defs[id] != nil {
			found = tc.info.Defs[id]
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("%s declares no %s", fn, name)
	}
	return found
}

func (tc typeChecked) fn(t *testing.T, name string) *ast.FuncDecl {
	t.Helper()
	for _, d := range tc.file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Name.Name == name {
			return f
		}
	}
	t.Fatalf("no func %s", name)
	return nil
}

// stmt returns statement i of function fn's body.
func (tc typeChecked) stmt(t *testing.T, fn string, i int) ast.Stmt {
	t.Helper()
	return tc.fn(t, fn).Body.List[i]
}
