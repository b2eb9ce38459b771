// Package opkey finds the operation key in scope at a position: the
// value a suggested fix derives IDs from or puts in a key slot.
package opkey

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
)

// InScope finds the variable in scope at pos that carries the key of
// the operation being handled: a parameter whose key is always present (a
// task or message ID), then a parameter whose key a caller may leave out
// (a request header), then a received delivery held in a local (a kafka
// message in a consumer loop). A local request or task is one being
// sent, not the one being handled.
func InScope(pass *analysis.Pass, cat *catalog.Catalog, pos token.Pos) (string, catalog.KeySource, bool) {
	params := paramPositions(fix.FileOf(pass, pos))
	accept := []func(v *types.Var, ks catalog.KeySource) bool{
		func(v *types.Var, ks catalog.KeySource) bool { return params[v.Pos()] && !ks.MayBeEmpty },
		func(v *types.Var, ks catalog.KeySource) bool { return params[v.Pos()] },
		func(v *types.Var, ks catalog.KeySource) bool { return !ks.MayBeEmpty && !ks.ParamOnly },
	}
	for _, ok := range accept {
		for s := pass.Pkg.Scope().Innermost(pos); s != nil && s != pass.Pkg.Scope(); s = s.Parent() {
			for _, name := range s.Names() {
				v, isVar := s.Lookup(name).(*types.Var)
				if !isVar || v.Pos() >= pos || name == "_" {
					continue
				}
				if ks, known := cat.KeySource(v.Type()); known && ok(v, ks) {
					return name, ks, true
				}
			}
		}
	}
	return "", catalog.KeySource{}, false
}

// paramPositions collects the positions of the parameter names of every
// function and function literal of a file.
func paramPositions(file *ast.File) map[token.Pos]bool {
	out := make(map[token.Pos]bool)
	if file == nil {
		return out
	}
	ast.Inspect(file, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok && ft.Params != nil {
			for _, f := range ft.Params.List {
				for _, name := range f.Names {
					out[name.Pos()] = true
				}
			}
		}
		return true
	})
	return out
}
