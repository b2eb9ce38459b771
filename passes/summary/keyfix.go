package summary

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/keyslot"
	"github.com/idemlint/idemlint/internal/opkey"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/retried"
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
func keyFixes(pass *analysis.Pass, res *Result, gen *ssa.Call, purpose string) (*ssa.Function, []valueflow.KeyFix) {
	cat := res.Env.Catalog
	gen = liftedGen(res, gen)
	top := topFunc(gen.Parent())
	file := fix.FileOf(pass, gen.Pos())
	if fn := valueflow.Callee(&gen.Call); fn != nil {
		if _, fills := cat.Filler(fn); fills {
			return top, nil // no expression of it to replace
		}
	}
	if top.Signature.Recv() == nil || top.Syntax() == nil || file == nil || ast.IsGenerated(file) {
		return top, nil
	}
	scope := pass.Pkg.Scope().Innermost(gen.Pos())
	if scope == nil {
		return top, nil
	}
	// The method's name namespaces its values apart from those that
	// other methods, or the handler, derive from the same key.
	named := strings.ToLower(top.Name()) + "."
	var out []valueflow.KeyFix
	if intent := intentFix(pass, res, gen, named+purpose); intent != nil {
		out = append(out, *intent)
	}
	for i, p := range top.Params[1:] {
		v, ok := p.Object().(*types.Var)
		if !ok || v.Name() == "_" || v.Name() == "" || opkey.Assigned(pass.TypesInfo, top.Syntax(), v) {
			continue
		}
		if _, obj := scope.LookupParent(v.Name(), gen.Pos()); obj != v && !contextPassedDown(gen.Parent(), p, obj) {
			continue // shadowed where the value is made
		}
		for _, c := range keyCandidates(pass, cat, v, gen.Pos()) {
			if len(out) == maxKeyFixes {
				return top, out
			}
			f := fix.DeriveFresh(pass, gen.Pos(), named+purpose, fix.Key{Expr: c.expr, Imports: c.imports, MayBeEmpty: c.mayBeEmpty, Since: v.Pos()})
			if f == nil {
				return top, out // the value's type cannot be derived
			}
			edits := fileEdits(pass.Fset, append(f.TextEdits, c.extra...))
			if edits == nil {
				continue
			}
			kf := valueflow.KeyFix{Param: i + 1, Path: c.path, Message: f.Message, Edits: edits, Context: c.context, Needs: c.needs}
			if c.context == catalog.Carried {
				kf.Carrier = pass.Pkg.Path()
				kf.Message = "Derive the value from the operation key, which the root puts in the context it passes (" + fix.CarrierWith + ")"
			}
			out = append(out, kf)
		}
	}
	return top, out
}

// contextPassedDown reports whether obj, which shadows top's context
// parameter p where a value is made in function literal lit, is lit's
// own context parameter, and lit is handed with p to the call that runs
// it (bun's RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx)
// error), a unit of work's WithinTx(ctx, func(ctx context.Context)
// error)): the runner passes its callback the context it was given, or
// one derived from it, which carries the same values.
func contextPassedDown(lit *ssa.Function, p *ssa.Parameter, obj types.Object) bool {
	top := p.Parent()
	if lit.Parent() != top || obj == nil || catalog.TypeKey(obj.Type()) != "context.Context" {
		return false
	}
	if !slices.ContainsFunc(lit.Params, func(q *ssa.Parameter) bool { return q.Object() == obj }) {
		return false
	}
	return slices.ContainsFunc(runningCalls(top, lit), func(c ssa.CallInstruction) bool {
		return slices.Contains(c.Common().Args, ssa.Value(p))
	})
}

// DistinctPurposes numbers the purposes that the values of different
// generators of one method share, in source order ("ledger#2"): derived
// from one key, two rows of one table would otherwise get one ID. The
// numbers follow the source, so a generator added above others changes
// the values derived after it; a retry that straddles such a deploy is
// not absorbed.
func DistinctPurposes(gens []*ssa.Call, purposes []string) []string {
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
	for _, pos := range order {
		slices.Sort(pos)
	}
	out := make([]string, len(purposes))
	for i, g := range gens {
		out[i] = purposes[i]
		if n := slices.Index(order[group{topFunc(g.Parent()), purposes[i]}], g.Pos()); n > 0 {
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
// access path and the expression that reads it, with the packages it
// names; or a context parameter, and the kind of root whose key the
// expression reads from it, with the function it needs.
type keyCandidate struct {
	path, expr     string
	imports        []string
	mayBeEmpty     bool
	context, needs string
	extra          []analysis.TextEdit // declarations the expression needs
}

// keyCandidates lists the parts of parameter v that could hold the
// operation key: v itself as a string, or a string field of v as a
// struct value (a pointer may be nil where the value is made) that code
// of the package can read; or, for a context, the key that each kind of
// root carries in its context (a gRPC call's idempotency-key metadata).
func keyCandidates(pass *analysis.Pass, cat *catalog.Catalog, v *types.Var, pos token.Pos) []keyCandidate {
	pkg := pass.Pkg
	if isString(v.Type()) {
		return []keyCandidate{{path: "", expr: v.Name(), mayBeEmpty: true}}
	}
	var out []keyCandidate
	for _, k := range opkey.InContext(pass, cat, v, pos) {
		out = append(out, keyCandidate{expr: k.Key.Expr, imports: k.Key.Imports, mayBeEmpty: k.Key.MayBeEmpty, context: k.Kind, needs: k.Needs})
	}
	if catalog.TypeKey(v.Type()) == "context.Context" {
		// Last: a key the root's kind carries in its context needs no
		// edit of the root.
		if decls, ok := fix.CarrierDecls(pass, false); ok && !fix.DeclaredAround(pkg, pos, fix.CarrierFrom) {
			out = append(out, keyCandidate{expr: fix.CarrierFrom + "(" + v.Name() + ")", mayBeEmpty: true, context: catalog.Carried, extra: decls})
		}
	}
	if out != nil {
		return out
	}
	st, ok := v.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if isString(f.Type()) && !f.Embedded() && (f.Exported() || f.Pkg() == pkg) {
			out = append(out, keyCandidate{path: "." + f.Name(), expr: v.Name() + "." + f.Name(), mayBeEmpty: true})
		}
	}
	return out
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// fileEdits renders text edits as edits of named files.
func fileEdits(fset *token.FileSet, edits []analysis.TextEdit) []valueflow.FileEdit {
	out := make([]valueflow.FileEdit, 0, len(edits))
	for _, e := range edits {
		f := fset.File(e.Pos)
		if f == nil {
			return nil // an edit outside the files: no fix
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		out = append(out, valueflow.FileEdit{File: f.Name(), Start: f.Offset(e.Pos), End: f.Offset(end), Text: string(e.NewText)})
	}
	return out
}

// derivedEdits is the fix that derives the fresh value made at pos from
// key (fix.DeriveFresh): its message, and its edits in the form in which
// they cross packages; no edits when the value cannot be derived.
func derivedEdits(pass *analysis.Pass, pos token.Pos, purpose string, key fix.Key) (string, []valueflow.FileEdit) {
	f := fix.DeriveFresh(pass, pos, purpose, key)
	if f == nil {
		return "", nil
	}
	return f.Message, fileEdits(pass.Fset, f.TextEdits)
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
	// In the files' order, whatever order the roots' packages gave their
	// wraps in; two insertions at one place keep theirs.
	slices.SortStableFunc(out, func(a, b analysis.TextEdit) int { return cmp.Compare(a.Pos, b.Pos) })
	return out, true
}

// maxKeyDepth bounds the steps a value is walked back to the root's key.
const maxKeyDepth = 12

// keyArgs lists the arguments of a wired call on a retried path, or the
// string fields of a struct built for one, that hold the root's
// operation key, walked back along the path's calls. A key that the
// call, or a call on the path, receives again in a loop within the
// operation (other than the consumer loop that is the root) is not
// listed, unless the loop reads the key anew on each turn (a batch of
// messages, each with its ID): one key would name several values.
func keyArgs(res *Result, call ssa.CallInstruction, path *retried.Path) []valueflow.KeyArg {
	cat, accessors := res.Env.Catalog, res.keyedAccessors()
	calls := append(slices.Clip(path.Via), call)
	var out []valueflow.KeyArg
	add := func(arg int, at string, w *keyWalk) {
		if w.once(calls, path.Root) {
			out = append(out, valueflow.KeyArg{Arg: arg, Path: at})
		}
	}
	for i, a := range call.Common().Args {
		w := &keyWalk{cat: cat, chain: path.Via, accessors: accessors}
		if w.key(a, 0) {
			add(i, "", w)
			continue
		}
		if _, ok := cat.ContextKey(path.Root.Kind); ok && w.rootContext(a, path.Root, 0) && w.once(calls, path.Root) {
			// No read of the key to repeat with a loop's turns: one
			// context serves every turn, so any loop refuses it.
			out = append(out, valueflow.KeyArg{Arg: i, Context: path.Root.Kind})
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
			w := &keyWalk{cat: cat, chain: path.Via, accessors: accessors}
			if w.stored(fa, 0) {
				add(i, "."+valueflow.FieldName(alloc.Type(), fa.Field), w)
			}
		}
	}
	return out
}

// A keyWalk walks a value back to the root's operation key along chain,
// the calls from the root, and records where it reads the key.
type keyWalk struct {
	cat   *catalog.Catalog
	chain []ssa.CallInstruction
	// accessors are the program's accessors of context slots its
	// middleware fills with a request's key, whose reads are reads of
	// the key.
	accessors []opkey.Accessor
	sources   []ssa.Instruction // the reads of the key
}

// once reports whether each of calls, the path from the root, runs once
// per key: it repeats in no loop of its function, or the key is read
// anew on each turn, in the loop or in the functions the call enters.
func (w *keyWalk) once(calls []ssa.CallInstruction, root *retried.Root) bool {
	for k, c := range calls {
		loop := cycle(c.Block(), root)
		if len(loop) == 0 {
			continue
		}
		anew := func(src ssa.Instruction) bool {
			return src.Block().Parent() == c.Parent() && loop[src.Block().Index] || slices.ContainsFunc(calls[k+1:], func(d ssa.CallInstruction) bool { return d.Parent() == src.Parent() })
		}
		if !slices.ContainsFunc(w.sources, anew) {
			return false
		}
	}
	return true
}

// cycle returns the blocks of the loops through b that can run again
// within one operation of root (those reaching b and reached from it,
// other than through the header of the consumer loop that is the root),
// as a set indexed by block index, or nil.
func cycle(b *ssa.BasicBlock, root *retried.Root) []bool {
	header := rootHeader(b, root)
	after := reachSet(b, header, succs, nil)
	if !after[b.Index] {
		return nil
	}
	before := reachSet(b, header, preds, nil)
	for i := range after {
		after[i] = after[i] && before[i]
	}
	return after
}

// repeatsIn reports whether b is in a loop that can run again within
// one operation of root: cycle's test, stopping when b is reached again.
func repeatsIn(b *ssa.BasicBlock, root *retried.Root) bool {
	return reachSet(b, rootHeader(b, root), succs, b)[b.Index]
}

// rootHeader is the header of the consumer loop that is root, when b is
// in the root's function: its turns are the root's deliveries.
func rootHeader(b *ssa.BasicBlock, root *retried.Root) *ssa.BasicBlock {
	if b.Parent() == root.Fn {
		return loopHeader(root.Blocks)
	}
	return nil
}

func succs(x *ssa.BasicBlock) []*ssa.BasicBlock { return x.Succs }
func preds(x *ssa.BasicBlock) []*ssa.BasicBlock { return x.Preds }

// reachSet is the set of blocks, by index, reached from from by next,
// not passing header or going on from from itself; it stops early once
// stop is reached. A slice, not a map: the loop tests run for every
// call of every wired path, and a map per test was most of their cost.
func reachSet(from, header *ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock, stop *ssa.BasicBlock) []bool {
	seen := make([]bool, len(from.Parent().Blocks))
	stack := slices.Clone(next(from))
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x.Index] || x == header {
			continue
		}
		seen[x.Index] = true
		if x == stop {
			break
		}
		if x != from {
			stack = append(stack, next(x)...)
		}
	}
	return seen
}

// stored reports whether every value stored at addr, and at least one,
// is the operation key.
func (w *keyWalk) stored(addr ssa.Value, depth int) bool {
	stored := false
	for _, r := range *addr.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != addr {
			continue
		}
		if !w.key(st.Val, depth+1) {
			return false
		}
		stored = true
	}
	return stored
}

// contextArgs lists the wired calls of fn that receive fn's context, or
// one derived from it, outside any loop of fn: were fn a root of a kind
// that carries its key in its context, each would get one operation's.
func contextArgs(cat *catalog.Catalog, fn *ssa.Function, sites []wiredSite) []valueflow.ContextArg {
	var out []valueflow.ContextArg
	root := &retried.Root{Fn: fn}
	for _, site := range sites {
		if site.call.Parent() != fn && !runsOnceIn(site.call.Parent(), fn) {
			continue
		}
		w := &keyWalk{cat: cat}
		if !w.once([]ssa.CallInstruction{site.call}, root) {
			continue
		}
		for i, a := range site.call.Common().Args {
			if w.rootContext(a, root, 0) {
				out = append(out, valueflow.ContextArg{Call: site.wc, Arg: i})
			}
		}
	}
	return out
}

// runsOnceIn reports whether closure lit, nested in fn, runs once when
// fn does: each closure from fn down to it is made outside any loop and
// handed straight to one call (a transaction's runner, a unit of work,
// a retry wrapper), and takes only what such a runner passes
// (runnerShaped). A wired call in it then gets fn's context once per
// call of fn.
func runsOnceIn(lit, fn *ssa.Function) bool {
	if !nestedIn(lit, fn) {
		return false // asked of every wired call of the package: the cheap test first
	}
	for f := lit; f != fn; f = f.Parent() {
		if f == nil || f.Parent() == nil || !runnerShaped(f) {
			return false
		}
		made := madeIn(f)
		if made == nil || repeatsIn(made.Block(), &retried.Root{Fn: made.Parent()}) {
			return false
		}
		refs := made.Referrers()
		if refs == nil || len(*refs) != 1 {
			return false
		}
		if _, ok := (*refs)[0].(ssa.CallInstruction); !ok {
			return false
		}
	}
	return true
}

// madeInLoop reports whether fn is a function literal made, itself or
// a literal it is nested in, in a loop of the function around it.
func madeInLoop(fn *ssa.Function) bool {
	for f := fn; f.Parent() != nil; f = f.Parent() {
		if made := madeIn(f); made == nil || repeatsIn(made.Block(), &retried.Root{Fn: made.Parent()}) {
			return true
		}
	}
	return false
}

// nestedIn reports whether lit is fn or a closure within it.
func nestedIn(lit, fn *ssa.Function) bool {
	for f := lit; f != nil; f = f.Parent() {
		if f == fn {
			return true
		}
	}
	return false
}

// madeIn returns the instruction of lit's parent that makes the closure.
func madeIn(lit *ssa.Function) *ssa.MakeClosure {
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == lit {
				return mc
			}
		}
	}
	return nil
}

// runnerShaped reports whether the closure's parameters are what a
// runner of one piece of work passes: interfaces (a context, a DBTX, a
// set of repositories) and the catalog's handles and transactions, not
// a value the runner could be iterating over.
func runnerShaped(lit *ssa.Function) bool {
	for _, p := range lit.Params {
		t := p.Type()
		if !types.IsInterface(t) && !catalog.IsTx(t) && !catalog.IsAutocommit(t) && !catalog.IsORMHandle(t) {
			return false
		}
	}
	return true
}

// rootContext reports whether v is the context the root was called
// with, passed down unchanged or derived from it (context.WithTimeout,
// WithValue...), which keep what the root's kind carries in it.
func (w *keyWalk) rootContext(v ssa.Value, root *retried.Root, depth int) bool {
	if v == nil || depth > maxKeyDepth || root.Fn == nil || catalog.TypeKey(v.Type()) != "context.Context" {
		return false
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		if x.Parent() == root.Fn {
			return root.Blocks == nil // a consumer loop's context is the loop's, not a delivery's
		}
		return w.rootContext(effects.CallerArg(x, w.chain), root, depth+1)
	case *ssa.FreeVar:
		return w.rootContext(effects.Binding(x), root, depth+1)
	case *ssa.Extract, *ssa.Call:
		if parent, ok := effects.ParentContext(x); ok {
			return w.rootContext(parent, root, depth+1)
		}
	case *ssa.UnOp:
		// A parameter a function literal captures lives in a cell,
		// read through it (in the literal, through the cell it is
		// handed).
		if p := cellParam(x); p != nil {
			return w.rootContext(p, root, depth+1)
		}
	}
	return false
}

// cellParam returns the parameter that v reads, when v loads the cell
// SSA makes for a captured parameter that nothing else is stored in.
func cellParam(v *ssa.UnOp) *ssa.Parameter {
	if v.Op != token.MUL {
		return nil
	}
	addr := v.X
	if fv, ok := addr.(*ssa.FreeVar); ok {
		for fv != nil {
			switch b := effects.Binding(fv).(type) {
			case *ssa.FreeVar:
				fv = b
				continue
			default:
				addr = b
			}
			break
		}
	}
	if a, ok := addr.(*ssa.Alloc); ok {
		return valueflow.CellParam(a)
	}
	return nil
}

// key reports whether v is the root's operation key: the idempotency
// header read, a delivery's ID field or method, passed on unchanged or
// through a catalogued derivation (aws.ToString).
func (w *keyWalk) key(v ssa.Value, depth int) bool {
	if v == nil || depth > maxKeyDepth {
		return false
	}
	next := func(u ssa.Value) bool { return w.key(u, depth+1) }
	if u := valueflow.Converted(v); u != nil {
		return next(u)
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return w.field(x, fa.X.Type().Underlying().(*types.Pointer).Elem(), fa.X, fa.Field, fa, depth)
		}
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return w.stored(alloc, depth)
		}
	case *ssa.Field:
		return w.field(x, x.X.Type(), x.X, x.Field, nil, depth)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !next(e) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.Parameter:
		return next(effects.CallerArg(x, w.chain))
	case *ssa.FreeVar:
		return next(effects.Binding(x))
	case *ssa.Call:
		return w.call(x, next)
	case *ssa.Extract:
		// The key an accessor returns with whether it is set.
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && w.readsAccessor(call) {
			w.sources = append(w.sources, call)
			return true
		}
	}
	return false
}

// readsAccessor reports whether call calls one of the accessors.
func (w *keyWalk) readsAccessor(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Parent() != nil {
		return false
	}
	return slices.ContainsFunc(w.accessors, func(a opkey.Accessor) bool { return a.Path == fn.Pkg.Pkg.Path() && a.Name == fn.Name() })
}

// field says whether field i of base, a struct of type st, read by
// read, is the operation key: a delivery ID field, or a field of a local
// struct into which only the key is stored (addr, when the field is
// read through its address).
func (w *keyWalk) field(read ssa.Instruction, st types.Type, base ssa.Value, i int, addr *ssa.FieldAddr, depth int) bool {
	if w.cat.IsOpKeyField(st, valueflow.FieldName(base.Type(), i)) {
		w.sources = append(w.sources, read)
		return true
	}
	if _, ok := base.(*ssa.Alloc); !ok || addr == nil || depth > maxKeyDepth {
		return false
	}
	for _, r := range *base.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && fa.Field == i && w.stored(fa, depth) {
			return true
		}
	}
	return false
}

// call says whether a call's result is the operation key: a method that
// returns a delivery's ID, the idempotency header read, or a derivation
// of the key alone (constants aside).
func (w *keyWalk) call(call *ssa.Call, next func(ssa.Value) bool) bool {
	fn := valueflow.Callee(&call.Call)
	switch {
	case fn == nil:
		return false
	case valueflow.ReadsDeliveryKey(w.cat, &call.Call), valueflow.ReadsKeyHeader(w.cat, &call.Call), valueflow.ReadsContextKey(w.cat, &call.Call), w.readsAccessor(call):
		w.sources = append(w.sources, call)
		return true
	case call.Call.IsInvoke() || !catalog.IsDerivation(fn):
		return false
	}
	return keyedArgs(call.Call.Args, next)
}

// keyedArgs reports whether a call's arguments other than constants are
// all the key (next), and there is one: a derivation of the key alone.
func keyedArgs(args []ssa.Value, next func(ssa.Value) bool) bool {
	keyed := false
	for _, a := range args {
		if _, ok := a.(*ssa.Const); ok {
			continue
		}
		if !next(a) {
			return false
		}
		keyed = true
	}
	return keyed
}

// carriedArgs lists the context arguments of a wired call that the root
// makes, once per operation, into whose context it can put its
// operation key (fix.CarrierWith), for a root whose kind carries none
// there (an HTTP request's header, a message's ID), and how to wrap the
// context with the key: at the call, when the key is in scope there, or
// at the call of the path above it that hands down the context the
// call passes (wrapSite). For a call the root makes more than once per
// operation, it lists instead the places of the wraps above it that its
// context comes through (valueflow.PendingCall.Covered).
func carriedArgs(pass *analysis.Pass, cat *catalog.Catalog, call ssa.CallInstruction, path *retried.Path) (keys []valueflow.KeyArg, wraps []valueflow.Wrap, covered []string) {
	root := path.Root
	if root.Attempts || root.Fn == nil || !call.Common().IsInvoke() {
		return nil, nil, nil
	}
	once := oncePerDelivery(cat, append(slices.Clip(path.Via), call), root)
	params := call.Common().Signature().Params()
	for i := range params.Len() {
		if catalog.TypeKey(params.At(i).Type()) != "context.Context" || i >= len(call.Common().Args) {
			continue
		}
		if !once {
			contextSites(pass, cat, call, i, path, func(site ssa.CallInstruction, at int) bool {
				if w, ok := wrapAt(pass, cat, site, at); ok && site != call {
					covered = append(covered, w.Place())
				}
				return true
			})
			continue
		}
		site, at, ok := wrapSite(pass, cat, call, i, path)
		if !ok {
			continue
		}
		if w, ok := wrapAt(pass, cat, site, at); ok {
			w.Arg = i
			keys = append(keys, valueflow.KeyArg{Arg: i, Context: catalog.Carried})
			wraps = append(wraps, w)
		}
	}
	return keys, wraps, covered
}

// wrapSite returns the call whose context argument at (an index of its
// SSA arguments) to wrap with the key, for argument i of call: the
// first of contextSites.
func wrapSite(pass *analysis.Pass, cat *catalog.Catalog, call ssa.CallInstruction, i int, path *retried.Path) (site ssa.CallInstruction, at int, ok bool) {
	contextSites(pass, cat, call, i, path, func(c ssa.CallInstruction, a int) bool {
		site, at, ok = c, a, true
		return false
	})
	return site, at, ok
}

// contextSites calls visit, until it returns false, with the calls that
// have the key in scope and whose context argument at (an index of its
// SSA arguments) argument i of call comes from, nearest first: call
// itself; the calls of chain, the path down to call, through each
// function's parameters or a context derived from them (the service's
// helper that the handler calls with r.Context(), and that calls the
// repository with it). A context made anew below a call
// (context.Background()) would not carry a key put in above it: the
// walk stops there. Above the root, the walk goes on into the router
// adapter that runs it (Root.Invokers), whose closure holds the
// delivery the root was adapted from.
func contextSites(pass *analysis.Pass, cat *catalog.Catalog, call ssa.CallInstruction, i int, path *retried.Path, visit func(site ssa.CallInstruction, at int) bool) {
	inScope := func(c ssa.CallInstruction) bool {
		_, _, ok := opkey.InScope(pass, cat, c.Pos())
		return ok && c.Pos().IsValid()
	}
	if inScope(call) && !visit(call, i) {
		return
	}
	v := call.Common().Args[i]
	for depth := 0; depth <= maxKeyDepth; depth++ {
		switch x := v.(type) {
		case *ssa.Parameter:
			up := callerOf(x, path.Via, call)
			if up == nil {
				if inv, at, ok := invokerSite(x, path.Root); ok && inScope(inv) {
					visit(inv, at)
				}
				return
			}
			at := argIndex(x, up)
			if at < 0 {
				return
			}
			if inScope(up) && !visit(up, at) {
				return
			}
			v = up.Common().Args[at]
		case *ssa.FreeVar:
			v = effects.Binding(x)
		case *ssa.UnOp:
			p := cellParam(x)
			if p == nil {
				return
			}
			v = p
		case *ssa.Extract, *ssa.Call:
			parent, ok := effects.ParentContext(x)
			if !ok {
				return
			}
			v = parent
		default:
			return
		}
	}
}

// invokerSite returns the call of a function value in the adapter that
// runs root, and the index of its argument that p, a parameter of the
// root's function, receives: the only such call, since a wrap at one of
// several would leave the others' contexts without the key.
func invokerSite(p *ssa.Parameter, root *retried.Root) (ssa.CallInstruction, int, bool) {
	if p.Parent() != root.Fn || len(root.Invokers) != 1 {
		return nil, 0, false
	}
	inv := root.Invokers[0]
	at := argIndex(p, inv)
	return inv, at, at >= 0
}

// callerOf returns the call of chain, the path down to last, that calls
// p's function: by name, or as a function value (a route table's
// handler, h(ctx, msg.Data())), when the path goes on in p's function.
func callerOf(p *ssa.Parameter, chain []ssa.CallInstruction, last ssa.CallInstruction) ssa.CallInstruction {
	for i, c := range chain {
		if c.Common().StaticCallee() == p.Parent() {
			return c
		}
		next := last
		if i+1 < len(chain) {
			next = chain[i+1]
		}
		if c.Common().StaticCallee() == nil && !c.Common().IsInvoke() && next.Parent() == p.Parent() {
			return c
		}
	}
	return nil
}

// argIndex returns the index of the argument of call that p receives, or
// -1: a method's receiver is bound into the value a call of a function
// value calls.
func argIndex(p *ssa.Parameter, call ssa.CallInstruction) int {
	params, args := p.Parent().Params, call.Common().Args
	bound := len(params) - len(args)
	at := slices.Index(params, p) - bound
	if bound < 0 || bound > 1 || at < 0 || at >= len(args) {
		return -1
	}
	return at
}

// wrapAt describes the wrap of the context argument at (an index of the
// SSA arguments) of call with the key in scope there.
func wrapAt(pass *analysis.Pass, cat *catalog.Catalog, call ssa.CallInstruction, at int) (valueflow.Wrap, bool) {
	file := fix.FileOf(pass, call.Pos())
	if file == nil || ast.IsGenerated(file) {
		return valueflow.Wrap{}, false
	}
	ce := fix.CallAt(file, call.Pos())
	name, ks, ok := opkey.InScope(pass, cat, call.Pos())
	if ce == nil || ce.Ellipsis.IsValid() || !ok {
		return valueflow.Wrap{}, false
	}
	if c := call.Common(); !c.IsInvoke() && c.Signature().Recv() != nil {
		at-- // a static method call's first SSA argument is its receiver
	}
	if at < 0 || at >= len(ce.Args) {
		return valueflow.Wrap{}, false
	}
	arg := ce.Args[at]
	text, ok := fix.Print(pass.Fset, file, arg)
	if !ok {
		return valueflow.Wrap{}, false
	}
	tf := pass.Fset.File(file.FileStart)
	w := valueflow.Wrap{
		Pkg:  pass.Pkg.Path(),
		File: tf.Name(), Start: tf.Offset(arg.Pos()), End: tf.Offset(arg.End()),
		Text: text, Key: fmt.Sprintf(ks.Expr, name, cat.KeyHeader()),
		Imports: fix.LayoutOf(file).Offsets(tf.Base()),
		Local:   localNames(pass.Pkg, call.Pos()),
	}
	for _, imp := range ks.Imports {
		w.KeyImports = append(w.KeyImports, fileEdits(pass.Fset, fix.AddImport(file, imp))...)
	}
	return w, true
}

// oncePerDelivery reports whether the last of calls, the path from the
// root to a wired call, runs once per delivery of the root: it repeats
// in no loop of its function, and a call before it that does hands down
// a delivery the loop takes anew on each turn (a consumer's loop over
// the messages of one receive, calling a handler with each).
func oncePerDelivery(cat *catalog.Catalog, calls []ssa.CallInstruction, root *retried.Root) bool {
	for k, c := range calls {
		loop := cycle(c.Block(), root)
		if len(loop) == 0 {
			continue
		}
		if k == len(calls)-1 || !slices.ContainsFunc(c.Common().Args, func(a ssa.Value) bool {
			_, delivery := cat.KeySource(a.Type())
			in, ok := a.(ssa.Instruction)
			return delivery && ok && in.Parent() == c.Parent() && loop[in.Block().Index]
		}) {
			return false
		}
	}
	return true
}

// localNames lists the names the functions enclosing pos declare
// before it, which hide an import of the same name there.
func localNames(pkg *types.Package, pos token.Pos) []string {
	var out []string
	for s := pkg.Scope().Innermost(pos); s != nil && s != pkg.Scope() && s.Parent() != pkg.Scope(); s = s.Parent() {
		for _, n := range s.Names() {
			if s.Lookup(n).Pos() < pos {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// keylessFixes prepares, for an external call without a key made in a
// method, the fix that fills its key slot from the key a caller puts in
// the method's context (catalog.Carried): the composition root offers it
// when the roots that call the method can put theirs there. None for a
// call in a loop of the method, which one key cannot tell apart, nor in
// a function literal or a generated file.
func keylessFixes(pass *analysis.Pass, res *Result, e *effects.Call) []valueflow.KeyFix {
	fn := e.Instr.Parent()
	file := fix.FileOf(pass, e.Instr.Pos())
	if fn.Parent() != nil || fn.Signature.Recv() == nil || fn.Syntax() == nil || file == nil || ast.IsGenerated(file) || inLoop(e.Instr.Block()) {
		return nil
	}
	decls, ok := fix.CarrierDecls(pass, false)
	if !ok {
		return nil
	}
	for i, p := range fn.Params[1:] {
		v, ok := p.Object().(*types.Var)
		if !ok || catalog.TypeKey(v.Type()) != "context.Context" || !contextReadable(pass, fn, v, e.Instr.Pos(), fix.CarrierFrom) {
			continue
		}
		// Namespaced by the method: other methods may fill slots from
		// the same key, and a provider rejects one key reused for
		// another request.
		f := keyslot.Fill(pass, res.Env.Catalog, res.Externals(), e, fix.CarrierFrom+"("+v.Name()+")", strings.ToLower(fn.Name()), catalog.KeySource{MayBeEmpty: true})
		if f == nil {
			return nil
		}
		edits := fileEdits(pass.Fset, append(f.TextEdits, decls...))
		if edits == nil {
			return nil
		}
		msg := "Pass the operation key, which the root puts in the context it passes (" + fix.CarrierWith + "), as the idempotency key"
		return []valueflow.KeyFix{{Param: i + 1, Message: msg, Edits: edits, Context: catalog.Carried, Carrier: pass.Pkg.Path()}}
	}
	return nil
}

// inLoop reports whether block b can run again after itself.
func inLoop(b *ssa.BasicBlock) bool { return reachSet(b, nil, succs, b)[b.Index] }

// InScopeFix replaces the fresh value that call makes with one derived
// from the operation key in scope at the call (a delivery or request the
// function holds, or a context that carries the root's key), namespaced
// by purpose. It returns nil when no key is in scope or the value's type
// cannot be derived.
func InScopeFix(pass *analysis.Pass, res *Result, call *ssa.Call, purpose string) *analysis.SuggestedFix {
	call = liftedGen(res, call)
	key, ok := scopeKey(pass, res, call)
	if !ok {
		return nil
	}
	return fix.DeriveFresh(pass, call.Pos(), purpose, key)
}

// scopeKey returns the operation key in scope at call, as a fix writes
// it: a delivery or request the function holds, a context that carries
// the root's key, or one into which the module's middleware put it.
func scopeKey(pass *analysis.Pass, res *Result, call *ssa.Call) (fix.Key, bool) {
	cat := res.Env.Catalog
	name, ks, ok := opkey.InScope(pass, cat, call.Pos())
	if !ok {
		name, ks, ok = opkey.FromContext(pass, cat, res, res.SrcFuncs(), call.Parent(), call.Pos())
	}
	if !ok {
		return accessorKey(pass, res, call)
	}
	key := fix.Key{Expr: fmt.Sprintf(ks.Expr, name, cat.KeyHeader()), Imports: ks.Imports, MayBeEmpty: ks.MayBeEmpty}
	if _, obj := pass.Pkg.Scope().Innermost(call.Pos()).LookupParent(name, call.Pos()); obj != nil {
		key.Since = obj.Pos()
	}
	return key, true
}

// enteredFix chooses, of the fixes that callee's package prepared for a
// fresh value callee makes from a part of its own parameters (fixes),
// the one that call, a static call of callee on path, fills with the
// root's operation key: an argument that holds the key; the root's own
// context, for a kind whose roots carry their key there; or, last, a
// context the call's argument puts the key in (catalog.Carried), whose
// wrap the fix adds. None when the root enters callee more than once
// per operation (calls counts its calls by root and callee): one key
// would derive one value for both.
func enteredFix(pass *analysis.Pass, res *Result, call ssa.CallInstruction, path *retried.Path, fixes []valueflow.KeyFix, calls int) *valueflow.KeyFix {
	if len(fixes) == 0 || calls != 1 || madeInLoop(call.Parent()) {
		return nil // a function literal made in a loop (a transaction per item) runs the call per item
	}
	keys := keyArgs(res, call, path)
	for _, f := range fixes {
		if f.Context == catalog.Carried || f.Needs != "" && !opkey.HasFunc(pass.Pkg, f.Needs) {
			continue
		}
		// A static method call's SSA arguments begin with the
		// receiver, parameter 0 of the fix.
		if slices.Contains(keys, valueflow.KeyArg{Arg: f.Param, Path: f.Path, Context: f.Context}) {
			return &f
		}
	}
	root := path.Root
	if _, ok := res.Env.Catalog.ContextKey(root.Kind); ok || root.Attempts || root.Fn == nil {
		return nil
	}
	if !oncePerDelivery(res.Env.Catalog, append(slices.Clip(path.Via), call), root) || !inScopeAt(pass, res.Env.Catalog, call) {
		return nil
	}
	for _, f := range fixes {
		if f.Context != catalog.Carried || f.Param >= len(call.Common().Args) {
			continue
		}
		w, ok := wrapAt(pass, res.Env.Catalog, call, f.Param)
		if !ok {
			continue
		}
		edits, ok := wrapEdits(importedPackage(pass.Pkg), f.Carrier, pendingWrap{Wrap: w, pkg: pass.Pkg.Path()})
		if !ok {
			continue
		}
		out := f
		out.Edits = append(slices.Clip(f.Edits), edits...)
		return &out
	}
	return nil
}

// inScopeAt reports whether the root's operation key is in scope at
// call, a call of the source.
func inScopeAt(pass *analysis.Pass, cat *catalog.Catalog, call ssa.CallInstruction) bool {
	_, _, ok := opkey.InScope(pass, cat, call.Pos())
	return ok && call.Pos().IsValid()
}

// importedPackage returns a function that finds, by path, pkg or a
// package it imports, directly or not.
func importedPackage(pkg *types.Package) func(string) *types.Package {
	return func(path string) *types.Package {
		if path == pkg.Path() {
			return pkg
		}
		return findImport(pkg, path, map[*types.Package]bool{})
	}
}

// maxLift bounds the helpers liftedGen climbs out of.
const maxLift = 3

// liftedGen returns, for a fresh value made by gen in a helper of the
// package that returns it and takes nothing the key could come from (a
// function, not a method: func newRefundID() string { return "rf_" +
// xid.New().String() }), the one call of the helper, where a fix can
// replace it with a value derived from the caller's key; or gen.
func liftedGen(res *Result, gen *ssa.Call) *ssa.Call {
	for range maxLift {
		fn := gen.Parent()
		if fn.Parent() != nil || fn.Signature.Recv() != nil || fn.Object() == nil || fn.Object().Exported() || !returnsItsFresh(res, fn) {
			return gen
		}
		callers := res.Env.Callers(fn)
		if len(callers) != 1 || res.InTestFile(callers[0].Pos()) || !callers[0].Pos().IsValid() {
			return gen
		}
		gen = callers[0]
	}
	return gen
}

// returnsItsFresh reports whether fn returns, as its only result, a
// fresh value it makes.
func returnsItsFresh(res *Result, fn *ssa.Function) bool {
	return fn.Signature.Results().Len() == 1 && slices.ContainsFunc(res.freshFuncs[fn], func(r freshReturn) bool {
		return r.result == 0 && r.path == "" && r.via == nil
	})
}

// enteredKeys lists, for a wired call wc that callee, another package's
// function that call enters on path, makes with the context it is given
// (its summary's ContextArgs), the argument of wc that carries the
// root's key: the root's own context, for a kind whose roots carry their
// key there; or the context call passes, which the fix wraps with the
// key (catalog.Carried), when the root enters callee once per operation
// (calls) with the key in scope at the call.
func enteredKeys(pass *analysis.Pass, res *Result, call ssa.CallInstruction, path *retried.Path, s *valueflow.Summary, wc valueflow.WiredCall, calls int) ([]valueflow.KeyArg, []valueflow.Wrap) {
	root := path.Root
	if calls != 1 || root.Attempts || root.Fn == nil {
		return nil, nil
	}
	ctx := -1 // the SSA argument of call that is the callee's context
	for i, a := range call.Common().Args {
		if catalog.TypeKey(a.Type()) == "context.Context" {
			if ctx >= 0 {
				return nil, nil
			}
			ctx = i
		}
	}
	if ctx < 0 || !oncePerDelivery(res.Env.Catalog, append(slices.Clip(path.Via), call), root) {
		return nil, nil
	}
	own := slices.Contains(keyArgs(res, call, path), valueflow.KeyArg{Arg: ctx, Context: root.Kind})
	var keys []valueflow.KeyArg
	var wraps []valueflow.Wrap
	for _, ca := range s.ContextArgs {
		if !sameWired(ca.Call, wc) {
			continue
		}
		if own {
			keys = append(keys, valueflow.KeyArg{Arg: ca.Arg, Context: root.Kind})
			continue
		}
		if !inScopeAt(pass, res.Env.Catalog, call) {
			continue
		}
		if w, ok := wrapAt(pass, res.Env.Catalog, call, ctx); ok {
			w.Arg = ca.Arg
			if fn := valueflow.Callee(call.Common()); fn != nil {
				w.Enters = fn.FullName()
			}
			keys = append(keys, valueflow.KeyArg{Arg: ca.Arg, Context: catalog.Carried})
			wraps = append(wraps, w)
		}
	}
	return keys, wraps
}
