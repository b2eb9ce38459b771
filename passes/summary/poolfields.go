package summary

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// exportPoolFields exports, for each struct type of the package, the
// handles its values hold that every store of the package fills with a
// pool: a store that embeds sqlc's Queries, built with db.New(pool) in
// the store's constructor, runs each query on the pool. The type says
// only DBTX, which a transaction satisfies too; its stores say which.
// A handle field of another type's, or filled by another package, is
// not seen here: the stores of the package are taken to be all there
// are, as the store's constructor is where its handles are chosen.
func exportPoolFields(pass *analysis.Pass, res *Result, funcs []*ssa.Function) {
	proven := make(map[*types.TypeName]map[string]bool) // path -> every store a pool
	// A package stores into its structs' fields everywhere (every
	// composite literal); the handles a field's type holds are asked
	// once per field.
	handlesOf := make(map[*types.Var][]string)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				tn, field, ok := ownField(pass.Pkg, st)
				if !ok {
					continue
				}
				subs, ok := handlesOf[field]
				if !ok {
					subs = res.handlePaths(field.Type())
					handlesOf[field] = subs
				}
				for _, sub := range subs {
					paths := proven[tn]
					if paths == nil {
						paths = make(map[string]bool)
						proven[tn] = paths
					}
					path := "." + field.Name() + sub
					if prev, seen := paths[path]; !seen || prev { // once disproved, no store can prove it
						paths[path] = effects.SourceOf(res, fn, st.Val, sub).Kind == valueflow.HandleAutocommit
					}
				}
			}
		}
	}
	for tn, paths := range proven {
		var fact valueflow.PoolFields
		for path, pool := range paths {
			if pool {
				fact.Paths = append(fact.Paths, path)
			}
		}
		if len(fact.Paths) > 0 {
			slices.Sort(fact.Paths)
			pass.ExportObjectFact(tn, &fact)
		}
	}
}

// ownField returns the named struct type of the package, and its field,
// that a store writes into.
func ownField(pkg *types.Package, st *ssa.Store) (*types.TypeName, *types.Var, bool) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return nil, nil, false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil, nil, false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() != pkg || named.TypeParams().Len() > 0 {
		return nil, nil, false
	}
	s, ok := named.Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return nil, nil, false
	}
	return named.Obj(), s.Field(fa.Field), true
}

// handlePaths returns the paths of the handles a value of type t holds,
// as handles.handlePaths finds them for a field of a struct.
func (r *Result) handlePaths(t types.Type) []string {
	r.handlesMu.Lock()
	defer r.handlesMu.Unlock()
	return r.handleIndex().handlePaths(t, 1)
}
