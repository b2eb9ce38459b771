package opkey

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
)

// An Accessor is a function of the module (Name, of the package at
// Path named PkgName) that reads, from a context, a slot that the
// module's middleware fills with the operation key a request carries
// (func IdempotencyKey(ctx) (string, bool)).
type Accessor struct {
	Path, PkgName, Name string
	Comma               bool // it returns whether the slot is set, too
}

// FromAccessor returns the key the first accessor that code at pos can
// name reads from the context variable in scope there, nearest first,
// as a fix writes it: the key may be empty (a request without one, a
// context the middleware did not fill), so the fix keeps the fresh
// value then. None when no context is in scope, or no accessor's
// package can be named there.
func FromAccessor(pass *analysis.Pass, accessors []Accessor, pos token.Pos) (fix.Key, bool) {
	v := contextInScope(pass, pos)
	if v == nil {
		return fix.Key{}, false
	}
	for _, a := range accessors {
		name, imports, ok := qualifier(pass, a.Path, a.PkgName, pos)
		if !ok {
			continue
		}
		expr := a.Name + "(" + v.Name() + ")"
		if name != "" {
			expr = name + "." + expr
		}
		return fix.Key{Expr: expr, Imports: imports, MayBeEmpty: true, Comma: a.Comma, Since: v.Pos()}, true
	}
	return fix.Key{}, false
}

// contextInScope returns the context variable declared nearest before
// pos in the functions around it, or nil.
func contextInScope(pass *analysis.Pass, pos token.Pos) *types.Var {
	for s := pass.Pkg.Scope().Innermost(pos); s != nil && s != pass.Pkg.Scope(); s = s.Parent() {
		var best *types.Var
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || name == "_" || v.Pos() >= pos || catalog.TypeKey(v.Type()) != "context.Context" {
				continue
			}
			if best == nil || v.Pos() > best.Pos() {
				best = v
			}
		}
		if best != nil {
			return best
		}
	}
	return nil
}

// qualifier returns the name by which code at pos names the package at
// path, whose own name is pkgName: "" for the package itself; the name
// the file imports it under; or its own name where that is free (no
// local hides it, no other import of the file takes it) and Go lets the
// package import it (internal directories); with the import a fix adds.
func qualifier(pass *analysis.Pass, path, pkgName string, pos token.Pos) (string, []string, bool) {
	if path == pass.Pkg.Path() {
		return "", nil, true
	}
	file := fix.FileOf(pass, pos)
	if file == nil {
		return "", nil, false
	}
	name := fix.ImportName(pass.Pkg, file, path)
	if name == "" {
		name = pkgName
		if !mayImport(pass.Pkg.Path(), path) || importsName(pass.Pkg, file, name) {
			return "", nil, false
		}
	}
	if _, obj := pass.Pkg.Scope().Innermost(pos).LookupParent(name, pos); obj != nil {
		if pn, ok := obj.(*types.PkgName); !ok || pn.Imported().Path() != path {
			return "", nil, false
		}
	}
	return name, []string{path}, true
}

// importsName reports whether file imports a package under name.
func importsName(pkg *types.Package, file *ast.File, name string) bool {
	for _, spec := range file.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err == nil && fix.ImportName(pkg, file, p) == name {
			return true
		}
	}
	return false
}

// mayImport reports whether Go lets the package at from import the one
// at to: a path with an internal element is importable only from within
// the tree rooted at its parent.
func mayImport(from, to string) bool {
	i := strings.LastIndex(to, "/internal/")
	switch {
	case i >= 0:
	case strings.HasSuffix(to, "/internal"):
		i = len(to) - len("/internal")
	case strings.HasPrefix(to, "internal/") || to == "internal":
		return false
	default:
		return true
	}
	parent := to[:i]
	return from == parent || strings.HasPrefix(from, parent+"/")
}
