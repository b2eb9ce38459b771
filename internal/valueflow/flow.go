// Package valueflow follows SSA values forward along def-use chains: from a
// fresh value (or a parameter) through conversions, derivations, struct
// fields, locals, phis, closures and calls, to the identity sinks it
// reaches and the results it flows into.
//
// Values are followed with an access path that says which part of a value
// carries the flow: "" is the value itself, ".F" its field F (through a
// pointer too), "[2]" an element, "*" what a pointer points to. Calls of
// functions of the same package are entered (the call stack is kept, so
// results flow back to the right caller); calls of other packages use
// their Summary facts; calls through interfaces and function values are
// not followed.
package valueflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
)

// Env is what the tracer needs from the pass it runs in.
type Env struct {
	Fset    *token.FileSet
	Pkg     *types.Package
	Catalog *catalog.Catalog
	// Imported returns the summary of a function of another package, or
	// nil when it has none.
	Imported func(*types.Func) *Summary
	// Callers, when set, lists the static call sites of a function of the
	// package: a fresh value returned from where no call was entered
	// flows on to every caller.
	Callers func(*ssa.Function) []*ssa.Call

	// MaxNodes bounds the values one trace visits (default maxNodes).
	MaxNodes int

	// Wired reports whether a method of an interface is one the program
	// wires (catalog.IsWired) and the pass follows: nil follows none.
	Wired func(*types.Func) bool

	// Writes makes every argument of a durable write (an INSERT, UPDATE,
	// MERGE or DELETE, an ORM insert or update) a sink of kind WriteSink,
	// instead of identity columns only.
	Writes bool
	// Outcome traces a call's outcome: every part of a traced whole value
	// carries it, and a call it is passed to carries it into its result
	// and its pointer arguments (json.Unmarshal into a struct, say).
	Outcome bool

	kinds map[*types.Func]*calleeKind // memo of kind
}

// ForWrites returns a copy of the environment that traces to durable
// writes (Writes), following an outcome's parts when outcome is set.
func (e *Env) ForWrites(outcome bool) *Env {
	c := *e
	c.Writes, c.Outcome = true, outcome
	if !outcome {
		c.Callers = nil // a parameter's value comes from the caller at hand
	}
	return &c
}

// WithoutCallers returns a copy of the environment that does not follow
// returned values to callers, for tracing parameters, whose values come
// from the caller at hand.
func (e *Env) WithoutCallers() *Env {
	c := *e
	c.Callers = nil
	return &c
}

// A Hit is one identity sink reached.
type Hit struct {
	Sink SinkInfo
	// Calls are the calls entered, in this package, from the traced
	// function to the sink (or to the call into another package whose
	// summary holds the sink).
	Calls []ssa.CallInstruction
	// Remote continues the chain in other packages, from a summary.
	Remote []Frame
	// Pos is the sink call, or the call into the other package.
	Pos token.Pos
}

// Flow is what a traced value reaches.
type Flow struct {
	Hits []Hit
	// Returns are the results the value flows into, of functions left
	// with no caller on the stack.
	Returns []Returned
	// Wired are the calls of wired interface methods the value is passed
	// to, which the package cannot follow (Env.Wired).
	Wired []WiredArg
	// Rereads are where the value, a field of a struct, is overwritten
	// with the column of a row its storage already held (a claim that
	// reads the stored row back into the caller's struct): past there,
	// the struct holds the stored value on a retry.
	Rereads []Reread
}

// A Reread is a scan of a stored row into the traced field, at Pos
// through the calls Calls, or a call at Pos of a function of another
// package that makes one (its summary's ParamRereads).
type Reread struct {
	Calls    []ssa.CallInstruction
	Pos      token.Pos
	Imported bool
	// Fn is the function the scan is in, for a reread of the trace's
	// own (not Imported).
	Fn *ssa.Function
}

// within reports whether a hit lies where the field still holds the
// value the trace follows: in the function that rereads it (at or
// below its calls), or, for another package's, in its summary.
func (r Reread) within(h Hit) bool {
	if len(h.Calls) < len(r.Calls) || !slices.Equal(h.Calls[:len(r.Calls)], r.Calls) {
		return false
	}
	if r.Imported {
		return h.Pos == r.Pos && len(h.Calls) == len(r.Calls)
	}
	if len(r.Calls) == 0 && r.Fn != nil {
		// A hit the trace reached in a caller, past the function's
		// return, is not within it.
		if len(h.Calls) > 0 {
			return h.Calls[0].Parent() == r.Fn
		}
		return r.Fn.Syntax() != nil && r.Fn.Syntax().Pos() <= h.Pos && h.Pos < r.Fn.Syntax().End()
	}
	return true
}

// A WiredArg is a traced value, at Path, passed as parameter Arg of a
// wired interface method's call, through the calls Calls. Through is
// set when Call is a function of another package that hands the
// parameter on to a wired call of its own (its summary's ParamsWired):
// Through names that call, and Arg and Path are Call's.
type WiredArg struct {
	Call    ssa.CallInstruction
	Arg     int
	Path    string
	Calls   []ssa.CallInstruction
	Through *ParamWired
}

// Returned says a traced value flows into result Result of Fn, at Path.
type Returned struct {
	Fn     *ssa.Function
	Result int
	Path   string
}

// maxNodes bounds the work of one trace; maxDepth the length of paths.
const (
	maxNodes = 20000
	maxDepth = 4
)

type node struct {
	v     ssa.Value
	path  string
	stack []ssa.CallInstruction
}

type visitKey struct {
	v    ssa.Value
	path string
	top  ssa.CallInstruction
}

type tracer struct {
	env      *Env
	maxNodes int
	root     *ssa.Function
	seen     map[visitKey]bool
	work     []node
	flow     Flow
	// into are the stores through which the flow entered each local
	// variable: a use that only a later store of the whole variable
	// reaches reads that store's value (overwritten).
	into map[*ssa.Alloc][]*ssa.Store
}

// seenSets holds the visited sets of finished traces for the next ones:
// a large package runs thousands of traces of some hundreds of nodes,
// and growing a set for each was a tenth of what its analysis
// allocates. Sets larger than maxReusedSeen are dropped, since clearing
// one costs as much as its capacity.
var seenSets = sync.Pool{New: func() any { return make(map[visitKey]bool) }}

const maxReusedSeen = 1 << 10

// Trace follows v, at path, from its function.
func Trace(env *Env, v ssa.Value, path string) *Flow {
	seen := seenSets.Get().(map[visitKey]bool)
	t := &tracer{env: env, root: v.Parent(), seen: seen, maxNodes: env.MaxNodes}
	if t.maxNodes == 0 {
		t.maxNodes = maxNodes
	}
	t.push(v, path, nil)
	for len(t.work) > 0 {
		n := t.work[len(t.work)-1]
		t.work = t.work[:len(t.work)-1]
		t.step(n)
	}
	t.seen = nil
	t.flow.dropReread()
	t.flow.dropReferences()
	if len(seen) <= maxReusedSeen {
		clear(seen)
		seenSets.Put(seen)
	}
	return &t.flow
}

// dropReread drops, when a stored row's column overwrites the traced
// field, what the field reaches outside the function that overwrites
// it: there it may hold the stored value, and a retry brings that
// back. Which of those uses run before the overwrite is not known, so
// none is kept.
func (f *Flow) dropReread() {
	if len(f.Rereads) == 0 {
		return
	}
	f.Hits = slices.DeleteFunc(f.Hits, func(h Hit) bool {
		return !slices.ContainsFunc(f.Rereads, func(r Reread) bool { return r.within(h) })
	})
	f.Wired = nil
	if slices.ContainsFunc(f.Rereads, func(r Reread) bool { return len(r.Calls) == 0 && !r.Imported }) {
		// Overwritten in the function the trace began in: what it
		// returns holds the stored value on a retry.
		f.Returns = nil
	}
}

// dropReferences drops the hits of a reference a request's body carries
// when the value has a sink of another kind, or goes on through a wired
// call whose implementations may have one: a reference is the weakest
// evidence of an identity, and the other sink names the defect.
func (f *Flow) dropReferences() {
	isRef := func(h Hit) bool { return h.Sink.Reference }
	if slices.ContainsFunc(f.Hits, isRef) && (len(f.Wired) > 0 || slices.ContainsFunc(f.Hits, func(h Hit) bool { return !isRef(h) })) {
		f.Hits = slices.DeleteFunc(f.Hits, isRef)
	}
}

func (t *tracer) push(v ssa.Value, path string, stack []ssa.CallInstruction) {
	if v == nil || depth(path) > maxDepth || len(t.seen) > t.maxNodes {
		return
	}
	var top ssa.CallInstruction
	if len(stack) > 0 {
		top = stack[len(stack)-1]
	}
	k := visitKey{v, path, top}
	if t.seen[k] {
		return
	}
	t.seen[k] = true
	t.work = append(t.work, node{v, path, stack})
}

// pushCall is push(v, path, stack+[call]), which builds the longer stack
// only when v is new there: most values a call passes on were visited
// through it before.
func (t *tracer) pushCall(v ssa.Value, path string, stack []ssa.CallInstruction, call ssa.CallInstruction) {
	if v == nil || depth(path) > maxDepth || len(t.seen) > t.maxNodes {
		return
	}
	k := visitKey{v, path, call}
	if t.seen[k] {
		return
	}
	t.seen[k] = true
	t.work = append(t.work, node{v, path, append(stack[:len(stack):len(stack)], call)})
}

// step follows one value to its uses.
func (t *tracer) step(n node) {
	if p, ok := n.v.(*ssa.Parameter); ok && len(n.stack) > 0 && n.path != "" && isPointerLike(p.Type()) {
		// A callee stored into what its pointer parameter points to: the
		// caller's argument now carries the flow.
		t.toCallerArg(p, n)
	}
	if p, ok := n.v.(*ssa.Parameter); ok {
		if f, isOpt := OptionsField(n.path); isOpt {
			// Options given to a function that applies them to a
			// struct of its own (for _, o := range opts { o(&cfg) }):
			// what an option sets is in that struct's field.
			for _, a := range AppliedTo(p) {
				t.push(a, "."+f, n.stack)
			}
		}
	}
	refs := n.v.Referrers()
	if refs == nil {
		return
	}
	alloc, _ := n.v.(*ssa.Alloc)
	if alloc != nil && t.replaced(alloc) {
		return
	}
	if _, ok := n.v.(*ssa.FieldAddr); ok && n.path == "*" {
		for _, c := range destCalls(n.v) {
			if scansStoredRow(t.env.Catalog, c, n.v) {
				t.flow.Rereads = append(t.flow.Rereads, Reread{Calls: slices.Clone(n.stack), Pos: c.Pos(), Fn: c.Parent()})
			}
		}
	}
	for _, instr := range *refs {
		if alloc != nil && t.overwritten(alloc, instr, n.path) {
			continue
		}
		switch instr := instr.(type) {
		case *ssa.ChangeType, *ssa.Convert, *ssa.ChangeInterface, *ssa.SliceToArrayPointer, *ssa.Phi, *ssa.Slice:
			t.push(instr.(ssa.Value), n.path, n.stack)
		case *ssa.MakeInterface:
			// A timestamp stored as data is not an identity.
			if !isTime(instr.X.Type()) {
				t.push(instr, n.path, n.stack)
			}
		case *ssa.TypeAssert:
			if instr.CommaOk {
				t.pushExtract(instr, 0, n.path, n.stack)
			} else {
				t.push(instr, n.path, n.stack)
			}
		case *ssa.UnOp:
			switch instr.Op {
			case token.MUL:
				t.push(instr, pointee(n.path), n.stack)
			case token.SUB, token.XOR:
				t.push(instr, n.path, n.stack)
			}
		case *ssa.BinOp:
			if n.path == "" && isArithmetic(instr.Op) {
				t.push(instr, "", n.stack)
			}
		case *ssa.FieldAddr, *ssa.Field, *ssa.IndexAddr, *ssa.Index, *ssa.Lookup:
			if t.env.Outcome && (n.path == "" || n.path == "*") {
				t.push(instr.(ssa.Value), n.path, n.stack) // a part of an outcome is outcome
				continue
			}
			t.selectPart(instr.(ssa.Value), n)
		case *ssa.Extract:
			if rest, ok := cutElem(n.path, "#"+strconv.Itoa(instr.Index)); ok {
				t.push(instr, rest, n.stack)
			}
		case *ssa.Store:
			if instr.Val == n.v {
				t.store(instr, n)
			}
		case *ssa.MapUpdate:
			if t.env.Outcome && instr.Value == n.v {
				t.push(instr.Map, "", n.stack) // a map holding an outcome carries it
			} else if instr.Value == n.v && n.path == "" && IsHeaderName(instr.Key, t.env.Catalog.KeyHeaders()) && sentHeaderMap(instr.Map) {
				// A map of headers that a helper sets on the request it
				// sends: the entry is the header.
				t.hit(SinkInfo{Kind: SlotSink, What: "the " + headerName(instr.Key) + " header"}, instr.Pos(), n.stack, nil)
			}
		case *ssa.MakeClosure:
			for k, b := range instr.Bindings {
				if b == n.v {
					t.push(instr.Fn.(*ssa.Function).FreeVars[k], n.path, n.stack)
				}
			}
		case *ssa.Return:
			t.ret(instr, n)
		case ssa.CallInstruction:
			t.call(instr, n)
		}
	}
}

// selectPart follows a field or element selected from a value whose path
// selects it.
func (t *tracer) selectPart(v ssa.Value, n node) {
	switch instr := v.(type) {
	case *ssa.FieldAddr:
		if rest, ok := cutElem(n.path, "."+FieldName(instr.X.Type(), instr.Field)); ok {
			t.push(instr, addrOf(rest), n.stack)
		}
	case *ssa.Field:
		if rest, ok := cutElem(n.path, "."+FieldName(instr.X.Type(), instr.Field)); ok {
			t.push(instr, rest, n.stack)
		}
	case *ssa.IndexAddr:
		if rest, ok := cutIndex(n.path, instr.Index); ok {
			t.push(instr, addrOf(rest), n.stack)
		}
	case *ssa.Index:
		if rest, ok := cutIndex(n.path, instr.Index); ok {
			t.push(instr, rest, n.stack)
		}
	}
}

// store follows a value stored through a pointer: the pointer (and the
// pointers it was derived from by field and index selection) now carry it.
func (t *tracer) store(s *ssa.Store, n node) {
	if fa, ok := s.Addr.(*ssa.FieldAddr); ok && n.path == "" {
		owner := fa.X.Type().Underlying().(*types.Pointer).Elem()
		if slot, ok := t.env.Catalog.SlotField(owner, FieldName(fa.X.Type(), fa.Field)); ok {
			t.hit(SinkInfo{Kind: SlotSink, What: slot.What, Conflict: unhandled(s.Parent(), slot.Conflict)}, s.Pos(), n.stack, nil)
		} else if name, ok := DedupBodyField(owner, fa.Field); ok {
			t.hit(SinkInfo{Kind: SlotSink, Column: name, What: "the request's " + name + " field, on which its receiver drops a repeat"}, s.Pos(), n.stack, nil)
		}
	}
	path := n.path
	for addr := s.Addr; ; {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			t.push(addr, addrOf(path), n.stack)
			path = "." + FieldName(a.X.Type(), a.Field) + path
			addr = a.X
			continue
		case *ssa.IndexAddr:
			t.push(addr, addrOf(path), n.stack)
			if !IsOptionsPath(path) {
				// Options are a slice whose every element is applied:
				// which one holds the key does not matter.
				path = indexElem(a.Index) + path
			}
			addr = a.X
			continue
		case *ssa.Alloc:
			if t.into == nil {
				t.into = make(map[*ssa.Alloc][]*ssa.Store)
			}
			t.into[a] = append(t.into[a], s)
		}
		t.push(addr, addrOf(path), n.stack)
		return
	}
}

// DedupBodyField returns the JSON name of field i of owner, a struct
// written as JSON (its fields are tagged), when the field is there only
// for the receiver of the request to drop a repeat
// (catalog.IsDedupBodyField): client_reference, external_ref. A struct
// whose fields are tagged for storage too is a stored model, whose
// columns the statements that store it judge, not a request's body.
func DedupBodyField(owner types.Type, i int) (string, bool) {
	st, ok := owner.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() || storedModel(st) {
		return "", false
	}
	tag, ok := reflect.StructTag(st.Tag(i)).Lookup("json")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" || !catalog.IsDedupBodyField(st.Field(i).Name(), name) {
		return "", false
	}
	if name == "" {
		name = st.Field(i).Name()
	}
	return name, true
}

// storageTags are the struct tags by which a database library maps a
// field to a column or a document's key.
var storageTags = []string{"db", "gorm", "bun", "bson", "dynamodbav"}

// storedModel reports whether a field of st carries a storage tag.
func storedModel(st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		tag := reflect.StructTag(st.Tag(i))
		for _, k := range storageTags {
			if _, ok := tag.Lookup(k); ok {
				return true
			}
		}
	}
	return false
}

// overwritten reports whether a use of a local variable that the flow
// entered reads only what a later store put there: of the whole variable
// (attempt = repo.FindOne(...) after the fresh attempt was inserted), or
// of the one field the flow is in (e := EarningFor(...); e.ID =
// ids.Derived(...)). Every store the flow entered by runs before such a
// store, which runs before the use.
func (t *tracer) overwritten(alloc *ssa.Alloc, use ssa.Instruction, path string) bool {
	if _, ok := use.(*ssa.Store); ok {
		return false
	}
	origins := t.into[alloc]
	if len(origins) == 0 {
		return false
	}
	kills := wholeStores(alloc)
	if field, ok := strings.CutPrefix(path, "."); ok && !strings.ContainsAny(field, ".[*") {
		kills = append(kills, fieldStores(alloc, field)...)
	}
	for _, s := range origins {
		if !slices.ContainsFunc(kills, func(k *ssa.Store) bool { return k != s && Dominates(s, k) && Dominates(k, use) }) {
			return false
		}
	}
	return true
}

// replaced reports whether a local variable that the flow entered by
// a store may hold, on some path, another value of its type that a
// method returned after that store: the stored row that replaces the fresh one when a
// claim finds it (if !claimed { t, err = repo.GetByKey(ctx, key) }),
// also from a function literal that captures the variable. What the
// variable holds at a later use is then not fresh on every attempt.
func (t *tracer) replaced(alloc *ssa.Alloc) bool {
	origins := t.into[alloc]
	if len(origins) == 0 {
		return false
	}
	for _, s := range capturedStores(alloc) {
		if !slices.Contains(origins, s) && !before(s, origins) && methodResult(s.Val) && types.Identical(s.Val.Type(), alloc.Type().Underlying().(*types.Pointer).Elem()) {
			return true
		}
	}
	return false
}

// before reports whether s runs before each of the stores the flow
// entered by (req := b.toRequest(); req.ID = uuid.NewString()): what
// it stored, they then change.
func before(s *ssa.Store, origins []*ssa.Store) bool {
	return !slices.ContainsFunc(origins, func(o *ssa.Store) bool { return o == s || !Dominates(s, o) })
}

// capturedStores returns the stores of a whole value into alloc, made
// where it is declared or by the function literals that capture it.
func capturedStores(alloc *ssa.Alloc) []*ssa.Store {
	out := wholeStores(alloc)
	for _, r := range *alloc.Referrers() {
		mc, ok := r.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		for k, b := range mc.Bindings {
			if b != alloc {
				continue
			}
			fv := mc.Fn.(*ssa.Function).FreeVars[k]
			for _, fr := range *fv.Referrers() {
				if st, ok := fr.(*ssa.Store); ok && st.Addr == fv {
					out = append(out, st)
				}
			}
		}
	}
	return out
}

// methodResult reports whether v is a result of a method's call (an
// interface's or a type's): a lookup's, where a constructor is a
// package's function.
func methodResult(v ssa.Value) bool {
	v = Unwrap(v)
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if call.Call.IsInvoke() {
		return true
	}
	fn := call.Call.StaticCallee()
	return fn != nil && fn.Signature.Recv() != nil
}

// wholeStores returns the stores of a whole value into alloc.
func wholeStores(alloc *ssa.Alloc) []*ssa.Store {
	var out []*ssa.Store
	for _, r := range *alloc.Referrers() {
		if k, ok := r.(*ssa.Store); ok && k.Addr == alloc {
			out = append(out, k)
		}
	}
	return out
}

// fieldStores returns the stores into the named field of the struct
// alloc holds.
func fieldStores(alloc *ssa.Alloc, field string) []*ssa.Store {
	var out []*ssa.Store
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || FieldName(alloc.Type(), fa.Field) != field {
			continue
		}
		for _, fr := range *fa.Referrers() {
			if k, ok := fr.(*ssa.Store); ok && k.Addr == fa {
				out = append(out, k)
			}
		}
	}
	return out
}

// Dominates reports whether a runs before b on every path through their
// function.
func Dominates(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return false
	}
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, instr := range a.Block().Instrs {
		switch instr {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// toCallerArg carries a flow out of a pointer parameter to the argument
// the caller passed.
func (t *tracer) toCallerArg(p *ssa.Parameter, n node) {
	caller := n.stack[len(n.stack)-1]
	fn := p.Parent()
	for i, q := range fn.Params {
		if q == p && i < len(caller.Common().Args) {
			t.push(caller.Common().Args[i], n.path, n.stack[:len(n.stack)-1])
		}
	}
}

// ret follows a returned value back to the caller, or records it as a
// result of the traced function.
func (t *tracer) ret(r *ssa.Return, n node) {
	for j, res := range r.Results {
		if res != n.v {
			continue
		}
		if len(n.stack) == 0 {
			t.flow.Returns = append(t.flow.Returns, Returned{Fn: r.Parent(), Result: j, Path: n.path})
			if t.env.Callers != nil {
				for _, call := range t.env.Callers(r.Parent()) {
					t.pushResult(call, j, n.path, nil)
				}
			}
			continue
		}
		if call, ok := n.stack[len(n.stack)-1].(*ssa.Call); ok {
			t.pushResult(call, j, n.path, n.stack[:len(n.stack)-1])
		}
	}
}

// pushResult follows result j of a call.
func (t *tracer) pushResult(call *ssa.Call, j int, path string, stack []ssa.CallInstruction) {
	if call.Call.Signature().Results().Len() == 1 {
		t.push(call, path, stack)
		return
	}
	t.pushExtract(call, j, path, stack)
}

func (t *tracer) pushExtract(v ssa.Value, j int, path string, stack []ssa.CallInstruction) {
	for _, r := range *v.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == j {
			t.push(e, path, stack)
		}
	}
}

func (t *tracer) hit(sink SinkInfo, pos token.Pos, stack []ssa.CallInstruction, remote []Frame) {
	sink.At = FrameAt(t.env.Fset, funcName(t.env.Pkg, stack, t.root), pos)
	t.flow.Hits = append(t.flow.Hits, Hit{Sink: sink, Calls: append([]ssa.CallInstruction(nil), stack...), Remote: remote, Pos: pos})
}

// funcName names the function a position on the stack is in.
func funcName(pkg *types.Package, stack []ssa.CallInstruction, root *ssa.Function) string {
	fn := root
	if len(stack) > 0 {
		if callee := stack[len(stack)-1].Common().StaticCallee(); callee != nil {
			fn = callee
		}
	}
	return FuncName(fn)
}

// FuncName is the package-qualified name of an SSA function, as frames
// show it.
func FuncName(fn *ssa.Function) string {
	name := fn.Name()
	for p := fn.Parent(); p != nil; p = p.Parent() {
		fn = p
	}
	if o := fn.Origin(); o != nil && fn.Pkg == nil {
		fn = o // an instance of a generic function: named as declared
	}
	if fn.Pkg != nil {
		if r := fn.Signature.Recv(); r != nil {
			t := r.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if nt, ok := types.Unalias(t).(*types.Named); ok {
				return fn.Pkg.Pkg.Name() + "." + nt.Obj().Name() + "." + name
			}
		}
		return fn.Pkg.Pkg.Name() + "." + name
	}
	return name
}

// ConstString resolves a string constant, a concatenation of constants,
// or fmt.Sprintf with a constant format and constant arguments.
func ConstString(v ssa.Value) (string, bool) { return constString(v) }

// isConst reports whether v is a constant string.
func isConst(v ssa.Value) bool {
	_, ok := constString(v)
	return ok
}

// ConstEnds returns the constant text a string concatenation begins and
// ends with ("CONFLICT (" + cols + ") DO NOTHING" gives "CONFLICT (" and
// ") DO NOTHING"); both are "" where the end is not a constant.
func ConstEnds(v ssa.Value) (head, tail string) {
	if s, ok := constString(v); ok {
		return s, s
	}
	b, ok := v.(*ssa.BinOp)
	if !ok || b.Op != token.ADD {
		return "", ""
	}
	head, _ = ConstEnds(b.X)
	_, tail = ConstEnds(b.Y)
	return head, tail
}

// SliceElems returns the values stored into the elements of a variadic
// argument slice built in place, by index.
func SliceElems(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, u := range *ia.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// constString resolves SQL text: string constants, concatenations of
// them, fmt.Sprintf with a constant format and constant arguments, and
// the text a text builder renders (see renderChain).
func constString(v ssa.Value) (string, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.String {
			return constant.StringVal(v.Value), true
		}
	case *ssa.BinOp:
		if v.Op == token.ADD {
			a, ok1 := constString(v.X)
			b, ok2 := constString(v.Y)
			return a + b, ok1 && ok2
		}
	case *ssa.ChangeType:
		return constString(v.X)
	case *ssa.Convert:
		return constString(v.X)
	case *ssa.Call:
		if i, ok := textArg(&v.Call, catalog.Rebinder); ok {
			return constString(v.Call.Args[i]) // sqlx.Rebind(sqlx.DOLLAR, q): the same statement
		}
		return constSprintf(v)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok && v.Index == 0 {
			if i, ok := textArg(&call.Call, catalog.Expander); ok {
				return constString(call.Call.Args[i]) // sqlx.In(q, args...): the same statement, its IN lists widened
			}
		}
		return builtText(v)
	}
	return "", false
}

// textArg returns the index among a call's arguments of the query text
// that a function of the kind of takes (a receiver first, for a method),
// when the callee is one.
func textArg(c *ssa.CallCommon, of func(*types.Func) (int, bool)) (int, bool) {
	fn := Callee(c)
	if fn == nil {
		return 0, false
	}
	i, ok := of(fn)
	if !ok {
		return 0, false
	}
	i += len(c.Args) - fn.Signature().Params().Len()
	return i, i >= 0 && i < len(c.Args)
}

// FormatOf returns the text v is built as, with %s where a part is
// only known at run time: fmt.Sprintf's constant format, constants
// joined to such texts, what a function of the package returns
// (r.insertSQL() + " ON CONFLICT DO NOTHING"), and what every path
// writes into a strings.Builder before its String. False when no part of it
// is a format or a constant.
func FormatOf(v ssa.Value) (string, bool) {
	text, known := formatOf(v, 0)
	return text, known
}

func formatOf(v ssa.Value, depth int) (string, bool) {
	if depth > 4 {
		return "%s", false
	}
	if text, ok := constString(v); ok {
		return text, true
	}
	switch v := v.(type) {
	case *ssa.BinOp:
		if v.Op == token.ADD {
			a, ok1 := formatOf(v.X, depth+1)
			b, ok2 := formatOf(v.Y, depth+1)
			return a + b, ok1 || ok2
		}
	case *ssa.Call:
		if text, ok := builderFormat(v); ok {
			return text, true
		}
		fn := v.Call.StaticCallee()
		if fn == nil {
			break
		}
		if fn.Object() != nil && catalog.FuncKey(fn.Object().(*types.Func)) == "fmt.Sprintf" && len(v.Call.Args) > 0 {
			if format, ok := constString(v.Call.Args[0]); ok {
				return percentS.Replace(format), true
			}
			break
		}
		if pkg := FuncPkg(fn); pkg != nil && pkg == FuncPkg(v.Parent()) && len(fn.Blocks) > 0 && fn.Signature.Results().Len() == 1 {
			if ret := soleReturn(fn); ret != nil {
				return formatOf(ret, depth+1)
			}
		}
	}
	return "%s", false
}

// FuncPkg is fn's package, or for an instance of a generic function or
// of a method of a generic type's receiver the package of the function
// it comes from.
func FuncPkg(fn *ssa.Function) *ssa.Package {
	if fn.Pkg == nil && fn.Origin() != nil {
		return fn.Origin().Pkg
	}
	return fn.Pkg
}

// soleReturn returns the value fn returns, when it has one return.
func soleReturn(fn *ssa.Function) ssa.Value {
	var out ssa.Value
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
			if out != nil {
				return nil
			}
			out = ret.Results[0]
		}
	}
	return out
}

// constSprintf evaluates fmt.Sprintf("...%s...", consts...) for %s, %d and
// %v verbs.
func constSprintf(call *ssa.Call) (string, bool) {
	fn, ok := call.Call.Value.(*ssa.Function)
	if !ok || fn.Object() == nil || catalog.FuncKey(fn.Object().(*types.Func)) != "fmt.Sprintf" || len(call.Call.Args) != 2 {
		return "", false
	}
	format, ok := constString(call.Call.Args[0])
	if !ok {
		return "", false
	}
	args, ok := sliceConsts(call.Call.Args[1])
	if !ok {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		switch format[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'd', 'v':
			if len(args) == 0 {
				return "", false
			}
			b.WriteString(args[0])
			args = args[1:]
		default:
			return "", false
		}
	}
	return b.String(), true
}

// sliceConsts resolves the constant elements of a variadic []any argument.
func sliceConsts(v ssa.Value) ([]string, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	n := alloc.Type().(*types.Pointer).Elem().(*types.Array).Len()
	out := make([]string, n)
	found := 0
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		idx, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		for _, u := range *ia.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok {
				continue
			}
			val := st.Val
			if mi, ok := val.(*ssa.MakeInterface); ok {
				val = mi.X
			}
			c, ok := val.(*ssa.Const)
			if !ok || c.Value == nil {
				return nil, false
			}
			i, _ := constant.Int64Val(idx.Value)
			if c.Value.Kind() == constant.String {
				out[i] = constant.StringVal(c.Value)
			} else {
				out[i] = c.Value.ExactString()
			}
			found++
		}
	}
	return out, found == int(n)
}

// unhandled returns conflict, the error ("pkg.Name") a key slot's call
// returns for a value it has seen, unless fn, the function that fills
// the slot, or a function it is a literal of, reads that error (tests
// errors.Is(err, asynq.ErrTaskIDConflict)): "" when handled or none.
func unhandled(fn *ssa.Function, conflict string) string {
	if conflict == "" {
		return ""
	}
	for f := fn; f != nil; f = f.Parent() {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands(nil) {
					if g, ok := (*op).(*ssa.Global); ok && g.Object() != nil && g.Object().Pkg() != nil && g.Object().Pkg().Path()+"."+g.Object().Name() == conflict {
						return ""
					}
				}
			}
		}
	}
	return conflict
}

// AppliedTo returns the variables of p's function that the options p
// holds are applied to: each element of p called with the variable's
// address.
func AppliedTo(p *ssa.Parameter) []*ssa.Alloc {
	var out []*ssa.Alloc
	for _, b := range p.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || len(call.Call.Args) != 1 {
				continue
			}
			load, ok := call.Call.Value.(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				continue
			}
			if ia, ok := load.X.(*ssa.IndexAddr); !ok || ia.X != p {
				continue
			}
			if a, ok := call.Call.Args[0].(*ssa.Alloc); ok && !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out
}

// LiteralUses reports whether lit, a function literal of fn, is used
// in fn, as a closure or as itself, and only by calls that ok accepts.
func LiteralUses(fn, lit *ssa.Function, ok func(ssa.CallInstruction) bool) bool {
	uses := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var users []ssa.Instruction
			if mc, isClosure := instr.(*ssa.MakeClosure); isClosure && mc.Fn == lit {
				users = convertedUsers(mc)
			} else if slices.ContainsFunc(instr.Operands(nil), func(op *ssa.Value) bool { return *op == lit }) {
				users = []ssa.Instruction{instr}
			}
			for _, u := range users {
				uses++
				if c, isCall := u.(ssa.CallInstruction); !isCall || !ok(c) {
					return false
				}
			}
		}
	}
	return uses > 0
}

// convertedUsers returns the instructions that use v, seen through its
// conversions to a named type (a literal handed to InTx as a TxFunc).
func convertedUsers(v ssa.Value) []ssa.Instruction {
	var out []ssa.Instruction
	for _, u := range *v.Referrers() {
		if ct, ok := u.(*ssa.ChangeType); ok {
			out = append(out, convertedUsers(ct)...)
			continue
		}
		out = append(out, u)
	}
	return out
}
