package load

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"

	"github.com/idemlint/idemlint/internal/catalog"
)

// ImportsRelevant reports whether a package outside the standard library
// whose files import the given packages can hold anything a check looks
// for: it imports a package the catalog names (one of its weak imports
// only when the files call one of the names it weakly stands for), or
// one for which facts were written.
func ImportsRelevant(cat *catalog.Catalog, imports, files []string, hasFacts func(path string) bool) bool {
	var calls []string // names whose calls make a weak import matter
	for _, path := range imports {
		if names, weak := cat.WeakImport(path); weak {
			calls = append(calls, names...)
		} else if cat.RelevantImport(path) || hasFacts(path) {
			return true
		}
	}
	return len(calls) > 0 && callsAny(token.NewFileSet(), files, calls)
}

// callsAny reports whether the files call a function or method of one of
// the names: a syntactic check, to spare type-checking.
func callsAny(fset *token.FileSet, files []string, names []string) bool {
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return true
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && slices.Contains(names, sel.Sel.Name) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
