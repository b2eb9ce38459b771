package summary

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// Create hooks: an ORM calls a model's hook before it inserts the model
// (gorm's BeforeCreate), and the hook that fills an empty ID with a
// fresh one (if a.ID == uuid.Nil { a.ID = uuid.New() }) makes the row's
// identity at the write, on every attempt. The package that declares
// the hook says so in a CreateDefault fact on the model's type; a
// package that builds such a model and writes it without setting the
// field traces the field from where the model is made, and the call
// that hands the model to the write is where the ID is made.

// exportCreateDefaults exports, for each struct type of the package
// whose create hook fills a field with a fresh identifier, a
// CreateDefault fact.
func exportCreateDefaults(pass *analysis.Pass, cat *catalog.Catalog) {
	tests := testFiles(pass)
	for _, file := range pass.Files {
		if tests.contain(file.Pos()) {
			continue
		}
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || !catalog.IsCreateHook(fn) {
				continue
			}
			tn := ownStruct(pass, fn.Signature().Recv().Type())
			if tn == nil || valueflow.CreateDefaultOf(tn.Type()) != nil {
				continue
			}
			if d := hookDefault(pass.TypesInfo, cat, fd); d != nil {
				d.Hook = tn.Name() + "." + fd.Name.Name
				pass.ExportObjectFact(tn, d)
				valueflow.DeclareCreateDefault(tn, d)
			}
		}
	}
}

// hookDefault returns the field of its receiver that a hook's body
// fills with a fresh identifier (a.ID = uuid.NewString()), or nil. An
// assignment at the top of the body overwrites what the caller set
// (Always); one inside a statement, an if that tests the field, is
// taken to keep it.
func hookDefault(info *types.Info, cat *catalog.Catalog, fd *ast.FuncDecl) *valueflow.CreateDefault {
	recv := fd.Recv.List[0]
	if len(recv.Names) != 1 {
		return nil
	}
	self := info.Defs[recv.Names[0]]
	var out *valueflow.CreateDefault
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || out != nil || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return out == nil
		}
		for i, lhs := range as.Lhs {
			sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || self == nil || info.Uses[x] != self {
				continue
			}
			if gen := freshCall(info, cat, as.Rhs[i]); gen != "" {
				out = &valueflow.CreateDefault{Field: sel.Sel.Name, Gen: gen, Always: topLevel(fd.Body, as)}
				return false
			}
		}
		return true
	})
	return out
}

// freshCall returns the catalogued generator of identifiers an
// expression calls, as callers write it (uuid.NewString; uuid.New of
// uuid.New().String(), of uuid.Must(uuid.NewV7())), or "".
func freshCall(info *types.Info, cat *catalog.Catalog, e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return ""
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return ""
	}
	if g, ok := cat.Generator(fn); ok && g.ID {
		return ShortName(fn)
	}
	switch {
	case fn.Name() == "String" && len(call.Args) == 0:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return freshCall(info, cat, sel.X)
		}
	case fn.Name() == "Must" && len(call.Args) == 1:
		return freshCall(info, cat, call.Args[0])
	}
	return ""
}

// topLevel reports whether stmt is a statement of body itself, not of a
// block within it.
func topLevel(body *ast.BlockStmt, stmt ast.Stmt) bool {
	for _, s := range body.List {
		if s == stmt {
			return true
		}
	}
	return false
}

// traceCreated traces the field d that a model's create hook makes
// fresh from where the model a is made (hookMakes: nothing sets the
// field there), unless a call fills the model before it is written:
// each call that hands the model to a write of it as a row's identity
// is a defect's call, and each wired call it is handed to, a fresh
// value passed there.
func traceCreated(res *Result, fn *ssa.Function, a *ssa.Alloc, d *valueflow.CreateDefault, guarded func(valueflow.Hit) bool, guardedWired func(valueflow.WiredArg) bool) {
	flow := valueflow.Trace(res.Env, a, "."+d.Field)
	gen := d.Hook + "'s " + d.Gen + "()"
	var calls []*ssa.Call
	hits := map[*ssa.Call][]valueflow.Hit{}
	for _, h := range flow.Hits {
		call := hookCall(fn, h)
		if call == nil || !passesModel(call, d) || guarded(h) {
			continue
		}
		if _, ok := hits[call]; !ok {
			calls = append(calls, call)
		}
		hits[call] = append(hits[call], h)
	}
	var wired []valueflow.WiredArg
	for _, w := range flow.Wired {
		if call, ok := w.Call.(*ssa.Call); ok && passesModel(call, d) && !guardedWired(w) {
			calls = append(calls, call)
			wired = append(wired, w)
		}
	}
	if filledFirst(a, calls) {
		return
	}
	for _, call := range calls {
		if hs := hits[call]; len(hs) > 0 {
			res.Defects = append(res.Defects, &Defect{Call: call, Gen: gen, Hits: hs, Hook: d})
		}
	}
	for _, w := range wired {
		call := w.Call.(*ssa.Call)
		pos := res.CallStart(call.Pos())
		origin := valueflow.Origin{Call: gen, At: valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(call.Parent()), pos), Hook: d}
		res.wiredFresh = append(res.wiredFresh, wiredFresh{gen: call, origin: origin, pos: pos, arg: w, hook: d})
	}
}

// hookMakes returns the create default of the model a, when nothing
// sets its field where a is made (or the hook replaces what does).
func hookMakes(a *ssa.Alloc) *valueflow.CreateDefault {
	if _, cell := deref(a.Type()).Underlying().(*types.Pointer); cell {
		return nil // a variable that holds a pointer to a model, not the model
	}
	d := valueflow.CreateDefaultOf(deref(a.Type()))
	if d == nil {
		return nil
	}
	stores, visible := valueflow.FieldStores(a)
	if !visible {
		return nil
	}
	top, _, _ := strings.Cut(d.Field, ".")
	if (len(stores[top]) > 0 || setsPath(a, d.Field, 0)) && !d.Always {
		return nil
	}
	return d
}

// setsPath reports whether the function that makes a stores into the
// field at path of the struct a points to ("ID", or "Base.ID" of an
// embedded struct), or into a struct on the way there as a whole; or
// into the literal a is copied from.
func setsPath(a *ssa.Alloc, path string, depth int) bool {
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a && depth < 2 {
			if load, ok := st.Val.(*ssa.UnOp); ok && load.Op == token.MUL {
				if lit, ok := load.X.(*ssa.Alloc); ok && setsPath(lit, path, depth+1) {
					return true
				}
			}
		}
	}
	at := []ssa.Value{a}
	for _, name := range strings.Split(path, ".") {
		var next []ssa.Value
		for _, v := range at {
			for _, r := range *v.Referrers() {
				fa, ok := r.(*ssa.FieldAddr)
				if !ok || valueflow.FieldName(fa.X.Type(), fa.Field) != name {
					continue
				}
				for _, u := range *fa.Referrers() {
					if st, ok := u.(*ssa.Store); ok && st.Addr == fa {
						return true
					}
				}
				next = append(next, fa)
			}
		}
		at = next
	}
	return false
}

// HookMade reports whether the field of model a that write stores is
// the one a's create hook makes fresh there: nothing sets it where a
// is made, nor is a given to a call before write.
func HookMade(a *ssa.Alloc, field string, write ssa.CallInstruction) bool {
	d := hookMakes(a)
	call, ok := write.(*ssa.Call)
	return d != nil && ok && d.Field == field && !filledFirst(a, []*ssa.Call{call})
}

// hookCall returns the call at which a hit of a model's field leaves
// fn: the first call entered on its way, or the write itself, in fn or
// a function literal of it.
func hookCall(fn *ssa.Function, h valueflow.Hit) *ssa.Call {
	if len(h.Calls) > 0 {
		call, _ := h.Calls[0].(*ssa.Call)
		return call
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && call.Pos() == h.Pos {
				return call
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if call := hookCall(anon, h); call != nil {
			return call
		}
	}
	return nil
}

// passesModel reports whether a call is given the model whose field d
// is (the model, not the field's value): the hook runs in what it
// calls.
func passesModel(call *ssa.Call, d *valueflow.CreateDefault) bool {
	for _, arg := range call.Call.Args {
		if valueflow.CreateDefaultOf(deref(valueflow.Unwrap(arg).Type())).Same(d) {
			return true
		}
	}
	return false
}

// filledFirst reports whether the model a is given to a call before
// the calls that write it, other than those (a binder, a validator, a
// decoder): the call may set the field the hook would fill.
func filledFirst(a *ssa.Alloc, writes []*ssa.Call) bool {
	for _, r := range *a.Referrers() {
		call := callGiven(r, a)
		if call == nil || slices.Contains(writes, call) {
			continue
		}
		after := false
		for _, w := range writes {
			if w.Parent() == call.Parent() && valueflow.Dominates(w, call) {
				after = true
			}
		}
		if !after {
			return true
		}
	}
	return false
}

// callGiven returns the call that instr, a use of a, gives a to (as an
// argument, directly or as an interface), or nil.
func callGiven(instr ssa.Instruction, a ssa.Value) *ssa.Call {
	if mi, ok := instr.(*ssa.MakeInterface); ok && mi.X == a {
		for _, r := range *mi.Referrers() {
			if call, ok := r.(*ssa.Call); ok {
				return call
			}
		}
		return nil
	}
	call, _ := instr.(*ssa.Call)
	return call
}

// deref returns what a pointer type points to, or t.
func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// HookFix sets the field a model's create hook makes, in a statement
// before the defect's call, to a value derived from the operation key in
// scope there (the hook keeps a set one). Nil where the hook replaces
// what is set, no key is in scope, or the model is no variable there.
func HookFix(pass *analysis.Pass, res *Result, call *ssa.Call, hook *valueflow.CreateDefault, purpose string) *analysis.SuggestedFix {
	if hook == nil || hook.Always {
		return nil
	}
	key, ok := scopeKey(pass, res, call)
	if !ok {
		return nil
	}
	return fix.SetField(pass, call.Pos(), hook.Field, purpose, key, func(t types.Type) bool { return valueflow.CreateDefaultOf(t).Same(hook) })
}

// Called names what makes a fresh value as a message shows it: a
// generator's call (uuid.New()), or a phrase that names its own
// (Invoice.BeforeCreate's uuid.New()).
func Called(gen string) string {
	if strings.HasSuffix(gen, ")") {
		return gen
	}
	return gen + "()"
}
