package summary

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A fresh value made in a method behind an interface is reported by the
// composition root, which alone sees both the caller and the method. The
// caller often passes the operation key down already (an input struct's
// IdempotencyKey filled from the header, the message ID as an argument),
// but the method's package cannot know that, and the root's package
// cannot edit the method's code without its syntax. So the method's
// package prepares a fix per string parameter, or string field of a
// struct parameter, that could hold the key (keyFixes), the caller's
// package says which arguments of its wired calls hold the key
// (keyArgs), and the composition root joins the two.

// maxKeyFixes bounds the fixes prepared for one fresh value.
const maxKeyFixes = 8

// keyFixes prepares the fixes that derive the fresh value made by gen
// from a parameter of the method it is made in (directly, or in a
// function literal of it), namespaced by purpose. It prepares none in a
// generated file. It returns the method too: only its summary may carry
// the fixes, whose parameters are its own.
func keyFixes(pass *analysis.Pass, gen *ssa.Call, purpose string) (*ssa.Function, []valueflow.KeyFix) {
	top := topFunc(gen.Parent())
	file := fix.FileOf(pass, gen.Pos())
	if top.Signature.Recv() == nil || top.Syntax() == nil || file == nil || ast.IsGenerated(file) {
		return top, nil
	}
	scope := pass.Pkg.Scope().Innermost(gen.Pos())
	if scope == nil {
		return top, nil
	}
	var out []valueflow.KeyFix
	for i, p := range top.Params[1:] {
		v, ok := p.Object().(*types.Var)
		if !ok || v.Name() == "_" || v.Name() == "" || reassigned(pass, top.Syntax(), v) {
			continue
		}
		if _, obj := scope.LookupParent(v.Name(), gen.Pos()); obj != v {
			continue // shadowed where the value is made
		}
		for _, c := range keyCandidates(pass.Pkg, v) {
			if len(out) == maxKeyFixes {
				return top, out
			}
			f := fix.DeriveFresh(pass, gen.Pos(), purpose, fix.Key{Expr: c.expr, MayBeEmpty: true, Since: v.Pos()})
			if f == nil {
				return top, out // the value's type cannot be derived
			}
			out = append(out, valueflow.KeyFix{Param: i + 1, Path: c.path, Message: f.Message, Edits: fileEdits(pass.Fset, f.TextEdits)})
		}
	}
	return top, out
}

// distinctPurposes numbers the purposes that the values of different
// generators of one method share, in source order ("ledger#2"): derived
// from one key, two rows of one table would otherwise get one ID.
func distinctPurposes(gens []*ssa.Call, purposes []string) []string {
	type group struct {
		top     *ssa.Function
		purpose string
	}
	order := make(map[group][]token.Pos)
	for i, g := range gens {
		k := group{topFunc(g.Parent()), purposes[i]}
		if !slices.Contains(order[k], g.Pos()) {
			order[k] = append(order[k], g.Pos())
		}
	}
	out := make([]string, len(purposes))
	for i, g := range gens {
		k := group{topFunc(g.Parent()), purposes[i]}
		slices.Sort(order[k])
		out[i] = purposes[i]
		if n := slices.Index(order[k], g.Pos()); n > 0 {
			out[i] += "#" + strconv.Itoa(n+1)
		}
	}
	return out
}

// topFunc is the function fn is a literal of, at any depth, or fn.
func topFunc(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// A keyCandidate is a part of a parameter that could hold a key: its
// access path and the expression that reads it.
type keyCandidate struct {
	path, expr string
}

// keyCandidates lists the parts of parameter v that could hold the
// operation key: v itself as a string, or a string field of v as a
// struct value (a pointer may be nil where the value is made) that code
// of pkg can read.
func keyCandidates(pkg *types.Package, v *types.Var) []keyCandidate {
	if isString(v.Type()) {
		return []keyCandidate{{"", v.Name()}}
	}
	st, ok := v.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []keyCandidate
	for f := range st.Fields() {
		if isString(f.Type()) && !f.Embedded() && (f.Exported() || f.Pkg() == pkg) {
			out = append(out, keyCandidate{"." + f.Name(), v.Name() + "." + f.Name()})
		}
	}
	return out
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// reassigned reports whether body assigns to v, a field of it, or takes
// its address: the name may then hold another value where the fresh one
// is made.
func reassigned(pass *analysis.Pass, body ast.Node, v *types.Var) bool {
	is := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				e = x.X
				continue
			case *ast.Ident:
				return pass.TypesInfo.ObjectOf(x) == v
			}
			return false
		}
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		}
		return !found
	})
	return found
}

// fileEdits renders text edits as edits of named files.
func fileEdits(fset *token.FileSet, edits []analysis.TextEdit) []valueflow.FileEdit {
	out := make([]valueflow.FileEdit, 0, len(edits))
	for _, e := range edits {
		f := fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		out = append(out, valueflow.FileEdit{File: f.Name(), Start: f.Offset(e.Pos), End: f.Offset(end), Text: string(e.NewText)})
	}
	return out
}

// TextEdits renders edits of named files as text edits of the files of
// fset, or fails when one of the files is not in it.
func TextEdits(fset *token.FileSet, edits []valueflow.FileEdit) ([]analysis.TextEdit, bool) {
	files := make(map[string]*token.File)
	for f := range fset.Iterate {
		files[f.Name()] = f
	}
	out := make([]analysis.TextEdit, 0, len(edits))
	for _, e := range edits {
		f := files[e.File]
		if f == nil || e.End > f.Size() || e.Start > e.End {
			return nil, false
		}
		out = append(out, analysis.TextEdit{Pos: f.Pos(e.Start), End: f.Pos(e.End), NewText: []byte(e.Text)})
	}
	return out, true
}

// maxKeyDepth bounds the steps a value is walked back to the root's key.
const maxKeyDepth = 12

// keyArgs lists the arguments of a wired call on a retried path, or the
// string fields of a struct built for one, that hold the root's
// operation key, walked back along chain (the calls from the root).
func keyArgs(cat *catalog.Catalog, call ssa.CallInstruction, chain []ssa.CallInstruction) []valueflow.KeyArg {
	var out []valueflow.KeyArg
	for i, a := range call.Common().Args {
		if what, ok := opKey(cat, a, chain, 0); ok {
			out = append(out, valueflow.KeyArg{Arg: i, What: what})
			continue
		}
		load, ok := a.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		alloc, ok := load.X.(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, r := range *alloc.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fa.X != alloc {
				continue
			}
			if what, ok := storedKey(cat, fa, chain); ok {
				out = append(out, valueflow.KeyArg{Arg: i, Path: "." + valueflow.FieldName(alloc.Type(), fa.Field), What: what})
			}
		}
	}
	return out
}

// storedKey reports whether every value stored at addr, and at least
// one, is the operation key.
func storedKey(cat *catalog.Catalog, addr ssa.Value, chain []ssa.CallInstruction) (string, bool) {
	what := ""
	for _, r := range *addr.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != addr {
			continue
		}
		w, ok := opKey(cat, st.Val, chain, 0)
		if !ok {
			return "", false
		}
		what = w
	}
	return what, what != ""
}

// opKey reports whether v is the root's operation key, and names it: the
// idempotency header read, a delivery's ID field or method, passed on
// unchanged or through a catalogued derivation (aws.ToString).
func opKey(cat *catalog.Catalog, v ssa.Value, chain []ssa.CallInstruction, depth int) (string, bool) {
	if v == nil || depth > maxKeyDepth {
		return "", false
	}
	next := func(w ssa.Value) (string, bool) { return opKey(cat, w, chain, depth+1) }
	if w := valueflow.Converted(v); w != nil {
		return next(w)
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fieldKey(cat, fa.X.Type().Underlying().(*types.Pointer).Elem(), fa.X, fa.Field, fa, chain, depth)
		}
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return storedKey(cat, alloc, chain)
		}
	case *ssa.Field:
		return fieldKey(cat, x.X.Type(), x.X, x.Field, nil, chain, depth)
	case *ssa.Phi:
		what := ""
		for _, e := range x.Edges {
			w, ok := next(e)
			if !ok {
				return "", false
			}
			what = w
		}
		return what, what != ""
	case *ssa.Parameter:
		return next(effects.CallerArg(x, chain))
	case *ssa.FreeVar:
		return next(effects.Binding(x))
	case *ssa.Call:
		return callKey(cat, x, next)
	}
	return "", false
}

// fieldKey says whether field i of base, a struct of type st, is the
// operation key: a delivery ID field, or a field of a local struct into
// which only the key is stored (addr, when the field is read through
// its address).
func fieldKey(cat *catalog.Catalog, st types.Type, base ssa.Value, i int, addr *ssa.FieldAddr, chain []ssa.CallInstruction, depth int) (string, bool) {
	name := valueflow.FieldName(base.Type(), i)
	if cat.IsOpKeyField(st, name) {
		return "delivery ID " + name, true
	}
	if addr == nil {
		return "", false
	}
	if _, ok := base.(*ssa.Alloc); !ok || depth > maxKeyDepth {
		return "", false
	}
	for _, r := range *base.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && fa.Field == i {
			if what, ok := storedKey(cat, fa, chain); ok {
				return what, true
			}
		}
	}
	return "", false
}

// callKey says whether a call's result is the operation key: a method
// that returns a delivery's ID, the idempotency header read, or a
// derivation of the key alone (constants aside).
func callKey(cat *catalog.Catalog, call *ssa.Call, next func(ssa.Value) (string, bool)) (string, bool) {
	fn := valueflow.Callee(&call.Call)
	switch {
	case fn == nil || call.Call.IsInvoke() && !cat.IsOpKeyMethod(fn):
		return "", false
	case cat.IsOpKeyMethod(fn):
		return "the task ID", true
	case valueflow.ReadsKeyHeader(cat, &call.Call):
		return "the request's idempotency key", true
	case !catalog.IsDerivation(fn):
		return "", false
	}
	what := ""
	for _, a := range call.Call.Args {
		if _, ok := a.(*ssa.Const); ok {
			continue
		}
		w, ok := next(a)
		if !ok {
			return "", false
		}
		what = w
	}
	return what, what != ""
}
