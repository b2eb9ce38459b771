package fix

import (
	"bytes"
	"cmp"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ast/astutil"
)

// Format formats a fixed file as gofmt does, after
// removing the imports that no longer have a use in it: a fix that
// replaces the last call of a package leaves its import behind.
func Format(pkg *types.Package, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "fixed.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	removeUnusedImports(fset, pkg, file)
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, file); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// removeUnusedImports removes the imports whose name no identifier of the
// file refers to. Without types, the references are the identifiers the
// parser left unresolved in the file's scope; a composite literal's key
// may be among them, which can only keep an import, never drop a used
// one. An import without a name is known by the name of the package it
// imports, which pkg's imports give; a new import is kept.
func removeUnusedImports(fset *token.FileSet, pkg *types.Package, file *ast.File) {
	names := make(map[string]string) // import path -> package name
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if names[p.Path()] == "" {
			names[p.Path()] = p.Name()
			for _, imp := range p.Imports() {
				visit(imp)
			}
		}
	}
	if pkg != nil {
		for _, imp := range pkg.Imports() {
			visit(imp)
		}
	}
	used := make(map[string]bool)
	for _, id := range file.Unresolved {
		used[id.Name] = true
	}
	for _, spec := range slices.Clone(file.Imports) {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		explicit := ""
		if spec.Name != nil {
			explicit = spec.Name.Name
		}
		switch name := cmp.Or(explicit, names[path]); name {
		case "", ".", "_":
			// a new import, a dot import, or one for its side effects
		default:
			if !used[name] {
				astutil.DeleteNamedImport(fset, file, explicit, path)
			}
		}
	}
}
