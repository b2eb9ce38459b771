package valueflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
)

// BoundWrapper reports whether fn is the wrapper SSA makes for a method
// value (h.Create, bound to h): its one call runs the method on the
// receiver it holds.
func BoundWrapper(fn *ssa.Function) bool {
	return strings.HasPrefix(fn.Synthetic, "bound method wrapper")
}

// Callee returns the function a call invokes, when it is known
// statically or is a method of an interface: the object the catalog and
// the summaries are keyed by.
func Callee(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		if lm := catalog.LibraryMethod(c.Method); lm != nil {
			return lm // the library's client behind an interface of the program's
		}
		return c.Method
	}
	if fn := c.StaticCallee(); fn != nil {
		if fn.Origin() != nil {
			fn = fn.Origin()
		}
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj
		}
	}
	return nil
}

// calleeKind is what the catalog says of a function, looked up once per
// function and pass: the lookups build full names, and a trace asks about
// the same callees again and again.
type calleeKind struct {
	sql     *catalog.SQLCall
	model   int // argument index of gorm's model, or -1
	update  int // first argument index of an ORM update's values, or -1
	slot    *catalog.Slot
	slotArg int
	headers []string
	derives bool // a generator or a deriver: the result follows the input
	values  bool // a text builder's Values: the row of the statement its chain builds
	entSet  bool // an ent builder's setter: a column of the statement its chain runs
	job     *catalog.JobInsert
	encodes int // the argument a JSON encoder encodes, or -1
}

func (e *Env) kind(fn *types.Func) *calleeKind {
	if k, ok := e.kinds[fn]; ok {
		return k
	}
	if e.kinds == nil {
		e.kinds = make(map[*types.Func]*calleeKind)
	}
	cat := e.Catalog
	k := &calleeKind{model: -1, update: -1, encodes: -1}
	if sc, ok := cat.SQL(fn); ok {
		k.sql = &sc
	} else if m, ok := cat.Model(fn); ok {
		k.model = m
	} else if m, ok := catalog.InsertModel(fn); ok {
		k.model = m
	} else if u, ok := cat.ModelUpdate(fn); ok {
		k.update = u
	} else if i, slot, ok := cat.SlotCall(fn); ok {
		k.slot, k.slotArg = &slot, i
	} else if b, ok := catalog.TextBuilderOf(fn); ok && fn.Name() == b.Values {
		k.values = true
	} else if catalog.IsEntSetter(fn) {
		k.entSet = true
	} else if h, ok := cat.HeaderSetter(fn); ok {
		k.headers = h
	} else if _, ok := cat.Generator(fn); ok || cat.IsDeriver(fn) {
		k.derives = true
	} else if ins, ok := catalog.JobInsertOf(fn); ok && ins.Args >= 0 {
		k.job = &ins
	} else if i, ok := catalog.JSONEncoder(fn); ok {
		k.encodes = i
	}
	e.kinds[fn] = k
	return k
}

// MayEncodeReference reports whether c encodes as JSON a value that may
// carry a reference its sender assigns (tracer.encoded): a struct with a
// field named so (catalog.IsReferenceField), or, in a package that
// declares such a field (references), a value of an interface type,
// which the caller fills (a client's send(ctx, path, in any)).
func (e *Env) MayEncodeReference(c ssa.CallInstruction, references bool) bool {
	fn := Callee(c.Common())
	if fn == nil {
		return false
	}
	k := e.kind(fn)
	if k.encodes < 0 {
		return false
	}
	i := k.encodes
	if c.Common().Signature().Recv() != nil || c.Common().IsInvoke() {
		i++ // (*json.Encoder).Encode's receiver is its first argument
	}
	args := c.Common().Args
	if i >= len(args) {
		return false
	}
	v := args[i]
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	t := v.Type()
	if types.IsInterface(t) {
		return references
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Exported() && catalog.IsReferenceField(f.Name()) {
			return true
		}
	}
	return false
}

// IsSinkCall reports whether a call writes an identity: a catalogued sink
// or a function of another package with a parameter that becomes one.
func (e *Env) IsSinkCall(c ssa.CallInstruction) bool {
	fn := Callee(c.Common())
	if fn == nil {
		return false
	}
	k := e.kind(fn)
	if k.sql != nil || k.model >= 0 || k.update >= 0 || k.slot != nil || k.values || k.entSet || k.job != nil {
		return true
	}
	if args := c.Common().Args; k.headers != nil && len(args) == 3 {
		return IsHeaderName(args[1], k.headers) // receiver, name, value
	}
	if e.Imported != nil && !c.Common().IsInvoke() {
		if s := e.Imported(fn); s != nil && (len(s.ParamSinks) > 0 || len(s.ParamWrites) > 0) {
			return true
		}
	}
	return false
}

// argIndex converts the index of an SSA call argument to the parameter
// index the catalog uses (without the receiver); -1 is the receiver.
func argIndex(c *ssa.CallCommon, fn *types.Func, a int) int {
	if !c.IsInvoke() && fn.Type().(*types.Signature).Recv() != nil {
		return a - 1
	}
	return a
}

// call follows a value passed to a call.
func (t *tracer) call(instr ssa.CallInstruction, n node) {
	c := instr.Common()
	for a, arg := range c.Args {
		if arg == n.v {
			t.arg(instr, a, n)
		}
	}
	if c.IsInvoke() && c.Value == n.v && n.path == "" {
		// A method of a fresh interface value (fmt.Stringer's String,
		// say) is not followed: its implementation is unknown.
		return
	}
}

// arg follows a value passed as SSA argument a.
func (t *tracer) arg(instr ssa.CallInstruction, a int, n node) {
	c := instr.Common()
	if fn := Callee(c); fn != nil {
		idx := argIndex(c, fn, a)
		k := t.env.kind(fn)
		switch {
		case k.sql != nil:
			t.sqlArg(instr, fn, *k.sql, idx, n)
			return
		case k.values:
			if call, ok := instr.(*ssa.Call); ok && idx == 0 {
				t.valuesArg(call, n)
			}
			return
		case k.entSet:
			if call, ok := instr.(*ssa.Call); ok && idx == 0 {
				t.entArg(call, c.Args[a], n)
			}
			return
		case k.model >= 0:
			if idx == k.model {
				t.modelArg(instr, n)
			}
			return
		case k.update >= 0:
			if t.env.Writes && idx >= k.update {
				t.hit(SinkInfo{Kind: WriteSink, Table: "a model"}, instr.Pos(), n.stack, nil)
			}
			return
		case k.slot != nil:
			if k.slotArg == idx && n.path == "" {
				t.hit(SinkInfo{Kind: SlotSink, What: k.slot.What, Conflict: unhandled(instr.Parent(), k.slot.Conflict)}, instr.Pos(), n.stack, nil)
			}
			return
		case k.headers != nil:
			if idx == 1 && n.path == "" && IsHeaderName(c.Args[a-1], k.headers) {
				t.hit(SinkInfo{Kind: SlotSink, What: "the " + headerName(c.Args[a-1]) + " header"}, instr.Pos(), n.stack, nil)
			}
			return
		case k.job != nil && !t.env.Writes:
			if idx == k.job.Args {
				t.jobArg(instr, fn, *k.job, n)
			}
			return
		case k.encodes >= 0:
			if idx == k.encodes {
				t.encoded(instr, n)
			}
			return
		case k.derives:
			if call, ok := instr.(*ssa.Call); ok && !catalog.DayOf(fn, layoutOf(call)) {
				t.pushResult(call, 0, "", n.stack)
			}
			return
		}
	}
	if c.IsInvoke() && t.env.Wired != nil && t.env.Wired(c.Method) {
		t.flow.Wired = append(t.flow.Wired, WiredArg{Call: instr, Arg: a, Path: n.path, Calls: append([]ssa.CallInstruction(nil), n.stack...)})
	}
	if callee := c.StaticCallee(); callee != nil && t.isLocal(callee) {
		if a < len(callee.Params) {
			if f, ok := OptionSet(callee.Params[a]); ok && n.path == "" {
				// An option of the package (withKey(k)): what it is
				// given is the field it sets, in the options it is
				// one of, as an imported option's summary says.
				if call, ok := instr.(*ssa.Call); ok {
					t.pushResult(call, 0, OptionsPath+f, n.stack)
				}
				return
			}
			t.pushCall(callee.Params[a], n.path, n.stack, instr)
		}
		return
	}
	if t.imported(instr, a, n) || !t.env.Outcome {
		return
	}
	// An outcome passed to code we do not follow (json.Unmarshal, a
	// decoder, a method of the response) comes out in its result and in
	// the pointers it is given.
	if call, ok := instr.(*ssa.Call); ok && call.Call.Signature().Results().Len() > 0 {
		t.pushResult(call, 0, "", n.stack)
	}
	for i, other := range c.Args {
		if mi, ok := other.(*ssa.MakeInterface); ok {
			other = mi.X // Decode(&out) takes an any
		}
		if i != a && isPointerLike(other.Type()) {
			t.push(other, "", n.stack)
		}
	}
}

// encoded reports a value encoded as JSON in a field of a struct that is
// a reference its sender assigns to what it sends
// (catalog.IsReferenceField: reversal_reference), where the struct is
// the one the encoder is given or one it holds: the receiver keeps it as
// the identity of what it was asked for, and may drop a repeat by it.
func (t *tracer) encoded(instr ssa.CallInstruction, n node) {
	field, rest, _ := strings.Cut(strings.TrimPrefix(n.path, "."), ".")
	if !strings.HasPrefix(n.path, ".") || rest != "" || !catalog.IsReferenceField(field) {
		return
	}
	t.hit(SinkInfo{Kind: SlotSink, Column: field, What: "the request's " + field + " field, the reference by which its receiver knows it", Reference: true}, instr.Pos(), n.stack, nil)
}

// imported follows a value into a function of another package through
// its summary.
func (t *tracer) imported(instr ssa.CallInstruction, a int, n node) bool {
	c := instr.Common()
	fn := Callee(c)
	if fn == nil || c.IsInvoke() || t.env.Imported == nil {
		return false
	}
	s := t.env.Imported(fn)
	if s == nil {
		return false
	}
	if t.env.Writes {
		for _, pw := range s.ParamWrites {
			if pw.Param == a && (pw.Path == n.path || t.env.Outcome && strings.HasPrefix(pw.Path, n.path)) {
				t.hit(SinkInfo{Kind: WriteSink, Table: pw.Table, Durable: pw.Durable}, instr.Pos(), n.stack, nil)
			}
		}
	}
	for _, pr := range s.ParamRereads {
		if pr.Param == a && pr.Path == n.path {
			t.flow.Rereads = append(t.flow.Rereads, Reread{Calls: slices.Clone(n.stack), Pos: instr.Pos(), Imported: true})
		}
	}
	for _, ps := range s.ParamSinks {
		if ps.Param == a && ps.Path == n.path && !t.importedModelFails(instr, a, ps.Sink, n) {
			t.hit(ps.Sink, instr.Pos(), n.stack, ps.Chain)
		}
	}
	if t.env.Wired != nil {
		for i, pw := range s.ParamsWired {
			if pw.Param == a && strings.HasPrefix(n.path, pw.Path) {
				t.flow.Wired = append(t.flow.Wired, WiredArg{Call: instr, Arg: a, Path: n.path, Calls: append([]ssa.CallInstruction(nil), n.stack...), Through: &s.ParamsWired[i]})
			}
		}
	}
	if genericInsert(s, a, instr.Common()) {
		// Repo[T].Create(ctx, &Order{ID: uuid.NewString()}): the
		// caller's model is what the generic function inserts.
		t.modelArg(instr, n)
	}
	if call, ok := instr.(*ssa.Call); ok {
		for _, pr := range s.ParamResults {
			switch {
			case pr.ResultPath == "" && strings.HasPrefix(n.path, pr.Path):
				t.pushResult(call, pr.Result, "", n.stack)
			case pr.ResultPath == AppliedOptions:
				if f, ok := OptionsField(n.path); ok && pr.Path == OptionsPath {
					// What an option sets, in the struct the
					// options are applied to.
					t.pushResult(call, pr.Result, "."+f, n.stack)
				}
			case pr.ResultPath != "" && n.path == pr.Path:
				// A field copied into a field of the result.
				t.pushResult(call, pr.Result, pr.ResultPath, n.stack)
			}
		}
	}
	return true
}

// importedModelFails reports whether sink, a model's identity that a
// function of another package inserts from its parameter a, is of a
// model the call is given whose other fields fill a key of its table
// with values that repeat (a waitlist entry under UNIQUE (member_id,
// berth_class)): a retry fails there rather than adding a second row,
// as for a model the function inserts itself (failsOnAnotherModelKey).
func (t *tracer) importedModelFails(instr ssa.CallInstruction, a int, sink SinkInfo, n node) bool {
	args := instr.Common().Args
	if sink.Kind != ModelSink || sink.Stored == "" || a >= len(args) {
		return false
	}
	model := args[a]
	st := modelStruct(concreteType(model))
	if st == nil {
		return false
	}
	return t.failsOnAnotherModelKey(st.s, sink.Column, sink.Stored, model, instr, n.stack)
}

// genericInsert reports whether a function of another package, by its
// summary, inserts the model its parameter a holds, as an ORM write of a
// type parameter (Repo[T].Create), without conflict handling: the
// caller's type decides the identity. One with conflict handling is
// taken to absorb a retry, whatever its target: the target is the
// caller's to name, as is one that the call's options may add.
func genericInsert(s *Summary, a int, cc *ssa.CallCommon) bool {
	return slices.ContainsFunc(s.Stmts, func(st SQLStmt) bool {
		g := st.Model
		return g != nil && g.Param == a && g.Kind == int(sqltext.Insert) && !g.Conflict && !g.Upsert && !optionsPassed(g, cc)
	})
}

// optionsPassed reports whether cc passes options where g, a generic
// INSERT, takes the ones that may add its conflict clause.
func optionsPassed(g *GenericModel, cc *ssa.CallCommon) bool {
	i := g.ConflictOpts - 1
	return i >= 0 && (i >= len(cc.Args) || !NoVariadic(cc.Args[i]))
}

// NoVariadic reports whether v, a call's variadic argument, is empty:
// the call passes nothing for it.
func NoVariadic(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// isLocal reports whether fn's body belongs to the package being analysed.
func (t *tracer) isLocal(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	return fn.Blocks != nil && fn.Pkg != nil && fn.Pkg.Pkg == t.env.Pkg
}

// sqlArg decides whether a value passed to an SQL executor fills an
// identity column of an INSERT.
func (t *tracer) sqlArg(instr ssa.CallInstruction, fn *types.Func, sc catalog.SQLCall, idx int, n node) {
	c := instr.Common()
	if idx < sc.Args || sc.Built {
		return // a builder's values are judged where they are added
	}
	text, ok := SQLText(c, fn, sc)
	if !ok {
		return
	}
	st := sqltext.Parse(text)
	if t.env.Writes {
		if st.Writes() && !(t.env.Outcome && t.attemptRecord(boundValues(c, fn, sc))) {
			t.hit(SinkInfo{Kind: WriteSink, Table: st.Table, Durable: SQLAutocommit(c, fn, sc)}, instr.Pos(), n.stack, nil)
		}
		return
	}
	if st.Kind != sqltext.Insert || st.Columns == nil {
		return
	}
	var col string
	if sc.Named {
		field, rest, _ := strings.Cut(strings.TrimPrefix(n.path, "."), ".")
		if rest != "" || field == "" || !strings.HasPrefix(n.path, ".") {
			return
		}
		a := sc.Args + len(c.Args) - fn.Type().(*types.Signature).Params().Len()
		if a >= len(c.Args) {
			return
		}
		col = st.ColumnOfName(DBName(concreteType(c.Args[a]), field))
	} else {
		i, ok := leadingIndex(n.path)
		if !ok {
			return
		}
		col = st.ColumnOf(i + idx - sc.Args)
	}
	t.columnHit(instr, st, col, boundValues(c, fn, sc), n)
}

// boundValues returns the values an SQL executor's call binds to its
// statement's placeholders: the elements of its variadic slice.
func boundValues(c *ssa.CallCommon, fn *types.Func, sc catalog.SQLCall) []ssa.Value {
	if sc.Built {
		b, _ := runChain(c)
		return b.args
	}
	a := sc.Args + len(c.Args) - fn.Type().(*types.Signature).Params().Len()
	if a >= len(c.Args) {
		return nil
	}
	if elems := SliceElems(c.Args[a]); elems != nil {
		return elems
	}
	return c.Args[a:]
}

// columnHit reports a value that fills column col of an INSERT when that
// is the row's identity, no conflict handling absorbs a retry, and the
// row is no record of the attempt (others are the values of its other
// columns).
func (t *tracer) columnHit(instr ssa.CallInstruction, st *sqltext.Statement, col string, others []ssa.Value, n node) {
	if col == "" || !t.env.Catalog.IsIdentity(st.Table, col) || t.absorbed(st, col, others, n.v) || t.attemptRecord(others) || t.parentFails(instr, columnValue(st, col, others)) {
		return
	}
	handled := st.Conflict && slices.ContainsFunc(st.ConflictTarget, func(c string) bool { return strings.EqualFold(c, col) })
	t.hit(SinkInfo{Kind: ColumnSink, Table: st.Table, Column: col, Handled: handled}, instr.Pos(), n.stack, nil)
}

// parentFails reports whether an INSERT that runs before instr in its
// function on every path stores the same value and, without conflict
// handling, fails on a retry on another key the schema declares, its
// error tested or returned: a child row's parent (order_lines after
// orders, whose (merchant_id, external_ref) repeats), past which a
// retry never reaches instr.
func (t *tracer) parentFails(instr ssa.CallInstruction, traced ssa.Value) bool {
	if traced == nil {
		return false
	}
	for _, b := range instr.Parent().Blocks {
		if !b.Dominates(instr.Block()) {
			continue
		}
		for _, in := range b.Instrs {
			if in == instr {
				break
			}
			c, ok := in.(*ssa.Call)
			if !ok || !errorUsed(c) {
				continue
			}
			fn := Callee(&c.Call)
			if fn == nil {
				continue
			}
			sc, ok := t.env.Catalog.SQL(fn)
			if !ok || sc.Built || sc.Named {
				continue
			}
			text, ok := SQLText(&c.Call, fn, sc)
			if !ok {
				continue
			}
			st := sqltext.Parse(text)
			if st.Kind != sqltext.Insert || st.Conflict || st.Columns == nil {
				continue
			}
			args := boundValues(&c.Call, fn, sc)
			for i, col := range st.Columns {
				if ps := st.ArgsOf(i); len(ps) == 1 && ps[0].Index >= 0 && ps[0].Index < len(args) && SameValue(args[ps[0].Index], traced) &&
					t.absorbed(st, col, args, args[ps[0].Index]) {
					return true
				}
			}
		}
	}
	return false
}

// columnValue returns the value an INSERT binds to col alone, or nil.
func columnValue(st *sqltext.Statement, col string, args []ssa.Value) ssa.Value {
	for i, c := range st.Columns {
		if strings.EqualFold(c, col) {
			if ps := st.ArgsOf(i); len(ps) == 1 && ps[0].Index >= 0 && ps[0].Index < len(args) {
				return args[ps[0].Index]
			}
		}
	}
	return nil
}

// SameValue reports whether two values are the same Go value: one SSA
// value, or loads of one field of one variable (o.ID, read twice).
func SameValue(a, b ssa.Value) bool { return sameValue(a, b, 0) }

func sameValue(a, b ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	a, b = Unwrap(a), Unwrap(b)
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == token.MUL && y.Op == token.MUL && sameValue(x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	}
	return false
}

// ErrorResult returns the value of a call's last result when it is an
// error, or nil.
func ErrorResult(call *ssa.Call) ssa.Value {
	results := call.Call.Signature().Results()
	n := results.Len()
	if n == 0 || !types.Identical(results.At(n-1).Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	if n == 1 {
		return call
	}
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == n-1 {
			return ex
		}
	}
	return nil
}

// errorUsed reports whether the error a call returns last is tested or
// returned, not dropped.
func errorUsed(call *ssa.Call) bool {
	err := ErrorResult(call)
	if err == nil {
		return false
	}
	for _, r := range *err.Referrers() {
		switch r.(type) {
		case *ssa.BinOp, *ssa.Return:
			return true
		}
	}
	return false
}

// valuesArg decides whether a value passed to a text builder's Values
// (element [i] of its variadic list) fills an identity column of the
// INSERT its chain builds.
func (t *tracer) valuesArg(call *ssa.Call, n node) {
	b, ok := valuesStmt(call)
	if !ok {
		return
	}
	st := sqltext.Parse(b.text)
	if t.env.Writes {
		if st.Writes() {
			// Run by whatever executes the rendered text: its commit
			// unit is not known here.
			t.hit(SinkInfo{Kind: WriteSink, Table: st.Table}, call.Pos(), n.stack, nil)
		}
		return
	}
	i, ok := leadingIndex(n.path)
	if !ok || st.Kind != sqltext.Insert || st.Columns == nil {
		return
	}
	t.columnHit(call, st, st.ColumnOf(i), b.args, n)
}

// absorbed reports whether an INSERT keeps a retry from adding a row
// even though col is fresh: its conflict handling absorbs it (a fresh ID
// stored together with an operation key under a uniqueness constraint,
// ON CONFLICT (idempotency_key) DO NOTHING, or a conflict clause with
// another key column beside it), or, without one, another key the
// schema declares fails it.
func (t *tracer) absorbed(st *sqltext.Statement, col string, args []ssa.Value, traced ssa.Value) bool {
	if !st.Conflict {
		// Without conflict handling, a retry that repeats the values of
		// another key fails there: no second row. A column filled with
		// the traced value, or with another fresh one, repeats nothing.
		var filled []string
		for i, other := range st.Columns {
			if ps := st.ArgsOf(i); len(ps) == 1 && t.repeats(args, ps[0].Index, traced) {
				filled = append(filled, other)
			}
		}
		return t.env.Catalog.FailsOnAnotherKey(st.Table, filled, col)
	}
	if len(st.ConflictTarget) > 0 {
		for _, target := range st.ConflictTarget {
			if !strings.EqualFold(target, col) {
				return true
			}
		}
		return false
	}
	for i, other := range st.Columns {
		if !strings.EqualFold(other, col) && t.env.Catalog.IsIdentity(st.Table, other) && len(st.ArgsOf(i)) > 0 {
			return true
		}
	}
	return false
}

// leadingIndex reads the element index of a "[i]" path that selects a
// whole element.
func leadingIndex(path string) (int, bool) {
	if !strings.HasPrefix(path, "[") || !strings.HasSuffix(path, "]") || strings.Count(path, "[") != 1 {
		return 0, false
	}
	i, err := strconv.Atoi(path[1 : len(path)-1])
	return i, err == nil
}

// modelArg decides whether a struct passed to an ORM insert has a fresh
// identity field.
func (t *tracer) modelArg(instr ssa.CallInstruction, n node) {
	if t.env.Writes {
		// An outcome stored in a record of the attempt (a delivery
		// log with the attempt's number) is no write-back: the record
		// is meant to be added on every attempt, not read to skip one.
		if !(t.env.Outcome && t.attemptRecord(storedFields(n.v))) {
			t.hit(SinkInfo{Kind: WriteSink, Table: "a model"}, instr.Pos(), n.stack, nil)
		}
		return
	}
	path := strings.TrimPrefix(n.path, "*")
	if strings.HasPrefix(path, "[") { // a slice of models: any element
		if i := strings.Index(path, "]"); i > 0 {
			path = path[i+1:]
		}
	}
	field, rest, _ := strings.Cut(strings.TrimPrefix(path, "."), ".")
	if strings.Contains(rest, ".") || field == "" || !strings.HasPrefix(path, ".") {
		return
	}
	st := modelStruct(concreteType(n.v))
	if st == nil {
		return
	}
	name, strct := st.name, st.s
	f, tag := modelField(strct, field, rest)
	if f == nil {
		return
	}
	if t.attemptRecord(storedFields(n.v)) || catalog.IsAttemptLog(name) {
		return
	}
	table := ModelTable(instr.Parent().Prog, concreteType(n.v))
	if table == "" {
		table = catalog.GormTable(name) // a type the struct is not named by (a type parameter's)
	}
	if builderRereads(instr, ModelColumn(f, tag)) {
		// The stored row's column, scanned back into the model: past
		// the statement, the field holds what the first attempt stored.
		t.flow.Rereads = append(t.flow.Rereads, Reread{Calls: slices.Clone(n.stack), Pos: instr.Pos(), Fn: instr.Parent()})
	}
	if isModelIdentity(t.env.Catalog, f, tag) && !t.builderAbsorbs(instr, ModelColumn(f, tag), table, strct) &&
		!t.failsOnAnotherModelKey(strct, f.Name(), table, n.v, instr, n.stack) && !t.clausesAbsorb(instr, ModelColumn(f, tag), table, strct, n) {
		t.hit(SinkInfo{Kind: ModelSink, Table: name, Column: f.Name(), Stored: table}, instr.Pos(), n.stack, nil)
	}
}

// modelField returns the field of a model's struct named field, or, with
// rest, the field rest of the struct embedded as field (a Base holding
// the ID every model shares), which the ORM stores as the model's own
// column; and its tag.
func modelField(s *types.Struct, field, rest string) (*types.Var, string) {
	for i := range s.NumFields() {
		f := s.Field(i)
		if f.Name() != field {
			continue
		}
		if rest == "" {
			return f, s.Tag(i)
		}
		if !f.Embedded() {
			return nil, ""
		}
		t := f.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if emb, ok := t.Underlying().(*types.Struct); ok {
			return modelField(emb, rest, "")
		}
	}
	return nil, ""
}

// failsOnAnotherModelKey reports whether inserting the model fails on
// a retry through a key its tags declare that does not hold field: the
// retry fills every field of that key with the same values (a user's
// email under uniqueIndex), so it fails rather than adding a second row.
// A field stored here with a value made in place repeats nothing, and
// one not stored at all is empty; the fields of a model built elsewhere
// are taken to repeat, as a summary's arguments are. (The schema's keys
// are not read here: a model built elsewhere may leave a key's column
// empty or fill it with a value made per attempt, which that guess
// would take for a repeat.)
//
// A model built here whose stored fields repeat fills its table's
// columns too: a key of the schema that those columns fill, without
// field's, fails the retry the same way (vehicles under UNIQUE
// (plate_state, plate_number)).
func (t *tracer) failsOnAnotherModelKey(s *types.Struct, field, table string, model ssa.Value, instr ssa.Instruction, stack []ssa.CallInstruction) bool {
	stores, visible := FieldStores(model)
	at := instr // where the model is written
	if !visible {
		// A model a helper is given (create(ctx, db, &Plate{...})):
		// the one its caller on the trace built, written at the call.
		if arg := callerArg(model, stack); arg != nil {
			stores, visible = FieldStores(arg)
			model, at = arg, stack[len(stack)-1]
		}
	}
	if b, mc := capturedAt(model); b != nil {
		// A model a transaction's callback captures (RunInTx(ctx, nil,
		// func(...) error { tx.NewInsert().Model(accrual)... })): the
		// one built where the callback is made, complete by then.
		stores, visible = FieldStores(b)
		model, at = b, mc
	}
	repeats := func(f string) bool {
		if !visible {
			return true
		}
		vs := stores[f]
		return len(vs) > 0 && !slices.ContainsFunc(vs, func(v ssa.Value) bool { return !t.repeats([]ssa.Value{v}, 0, nil) })
	}
	for _, key := range catalog.ModelKeys(s) {
		if !slices.Contains(key, field) && !slices.ContainsFunc(key, func(f string) bool { return !repeats(f) }) {
			return true
		}
	}
	if !visible {
		return false
	}
	var cols []string // the columns of the fields stored here that repeat
	col := ""
	set := fieldsSetBefore(model, at)
	for i := range s.NumFields() {
		f := s.Field(i)
		if f.Name() == field {
			col = ModelColumn(f, s.Tag(i))
		} else if set[f.Name()] && repeats(f.Name()) {
			cols = append(cols, ModelColumn(f, s.Tag(i)))
		}
	}
	return col != "" && t.env.Catalog.FailsOnAnotherKey(table, cols, col)
}

// FailsFirst reports whether a retry that writes model, a struct built
// in place and handed to a call at at (to a repository behind an
// interface, say), fails at a key of its table before its field at path
// (".ID") adds a second row: the model's tags or the schema declare a
// key without that field's column, whose every field the struct sets
// on every path to at with a value a retry repeats.
func FailsFirst(env *Env, model ssa.Value, path string, at ssa.Instruction) bool {
	field, rest, _ := strings.Cut(strings.TrimPrefix(path, "."), ".")
	if rest != "" || field == "" || !strings.HasPrefix(path, ".") {
		return false
	}
	st := modelStruct(model.Type())
	if st == nil {
		return false
	}
	table := ModelTable(at.Parent().Prog, model.Type())
	if table == "" {
		table = catalog.GormTable(st.name)
	}
	t := &tracer{env: env}
	return t.failsOnAnotherModelKey(st.s, field, table, model, at, nil)
}

// fieldsSetBefore returns the fields of the struct model is, built in
// the function that writes it at at, that every path to at stores
// (je.Key set only on the branch that runs another insert is not).
func fieldsSetBefore(model ssa.Value, at ssa.Instruction) map[string]bool {
	return fieldsSetBeforeDepth(model, at, 0)
}

func fieldsSetBeforeDepth(model ssa.Value, at ssa.Instruction, depth int) map[string]bool {
	v := Unwrap(model)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok || alloc.Parent() != at.Parent() {
		return nil
	}
	out := map[string]bool{}
	for _, r := range *alloc.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc && Dominates(st, at) {
			// d := Delivery{...}: the literal, stored whole into d.
			if depth < 2 {
				maps.Copy(out, fieldsSetBeforeDepth(st.Val, st, depth+1))
			}
			continue
		}
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, w := range *fa.Referrers() {
			if st, ok := w.(*ssa.Store); ok && st.Addr == fa && Dominates(st, at) {
				out[FieldName(fa.X.Type(), fa.Field)] = true
			}
		}
	}
	return out
}

// callerArg returns the argument that the last call of the trace's
// stack passed for v, a parameter of the function it entered, or nil.
func callerArg(v ssa.Value, stack []ssa.CallInstruction) ssa.Value {
	p, ok := Unwrap(v).(*ssa.Parameter)
	if !ok || len(stack) == 0 {
		return nil
	}
	call := stack[len(stack)-1].Common()
	if call.StaticCallee() != p.Parent() {
		return nil
	}
	i := slices.Index(p.Parent().Params, p)
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

// builderRereads reports whether the INSERT a builder's Model call
// begins absorbs a conflict and returns col into the model
// (db.NewInsert().Model(b).On("CONFLICT (day) DO UPDATE").Set(...).
// Returning("*").Scan(ctx)): the stored row's value, when the row was
// there, replaces the model's.
func builderRereads(instr ssa.CallInstruction, col string) bool {
	conflict, returned := false, false
	chainCalls(instr, func(c *ssa.Call, fn *types.Func) bool {
		text, isText := "", false
		if len(c.Call.Args) > 1 {
			text, isText = ConstString(c.Call.Args[1])
		}
		switch {
		case catalog.IsBuilderOn(fn) && isText:
			conflict = sqltext.Parse("INSERT INTO t (" + col + ") VALUES (1) ON " + text).Conflict
		case catalog.IsBuilderReturning(fn) && isText:
			returned = slices.ContainsFunc(strings.Split(text, ","), func(c string) bool {
				c = strings.ToLower(strings.TrimSpace(c))
				return c == "*" || c == strings.ToLower(col) || strings.HasSuffix(c, "."+strings.ToLower(col))
			})
		}
		return false
	})
	return conflict && returned
}

// chainCalls calls visit with each call of a builder's chain after the
// call instr, in order, each on the result of the one before, until
// visit says it is done.
func chainCalls(instr ssa.CallInstruction, visit func(c *ssa.Call, fn *types.Func) (done bool)) {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return
	}
	for v := ssa.Value(call); v != nil; {
		var next ssa.Value
		for _, r := range *v.Referrers() {
			c, ok := r.(*ssa.Call)
			if !ok || c.Call.IsInvoke() || len(c.Call.Args) < 1 || c.Call.Args[0] != v {
				continue
			}
			fn := Callee(&c.Call)
			if fn == nil {
				continue
			}
			if visit(c, fn) {
				return
			}
			next = c
		}
		v = next
	}
}

// builderAbsorbs reports whether the query a builder's Model call begins
// to describe goes on to a conflict clause on a column other than col
// (bun's .On("CONFLICT (idempotency_key) DO NOTHING")): the row's other
// unique value absorbs a retry, as absorbed decides for SQL text. A
// target built at run time (a generic repository's "CONFLICT (" + cols +
// ") DO NOTHING") absorbs it when the model's tags or its table's schema
// declare a unique key without col, as gorm's clause without a target
// does.
func (t *tracer) builderAbsorbs(instr ssa.CallInstruction, col, table string, s *types.Struct) bool {
	absorbs := false
	chainCalls(instr, func(c *ssa.Call, fn *types.Func) bool {
		if !catalog.IsBuilderOn(fn) || len(c.Call.Args) < 2 {
			return false
		}
		if head, tail := ConstEnds(c.Call.Args[1]); !isConst(c.Call.Args[1]) && strings.HasPrefix(strings.ToUpper(head), "CONFLICT") && strings.HasSuffix(strings.ToUpper(tail), "DO NOTHING") {
			absorbs = t.anotherModelKey(col, table, s)
			return true
		}
		if text, ok := ConstString(c.Call.Args[1]); ok {
			st := sqltext.Parse("INSERT INTO t (" + col + ") VALUES (1) ON " + text)
			if slices.ContainsFunc(st.ConflictTarget, func(target string) bool { return !strings.EqualFold(target, col) }) {
				absorbs = true
				return true
			}
		}
		return false
	})
	return absorbs
}

// clausesAbsorb reports whether the chain of ORM calls that the insert
// runs on adds a conflict clause that keeps a retry from adding a row
// although col is fresh (gorm's Clauses(clause.OnConflict{Columns:
// [basket_id], DoNothing: true})): its target is another column, or,
// with no target, the model's tags or the schema declare another unique
// key of its table, whose values the retry repeats.
func (t *tracer) clausesAbsorb(instr ssa.CallInstruction, col, table string, s *types.Struct, n node) bool {
	cc := instr.Common()
	if cc.IsInvoke() || len(cc.Args) == 0 {
		return false
	}
	return t.chainAbsorbs(cc.Args[0], col, table, s, n, 0)
}

// chainAbsorbs reports whether the chain that ends in v has a conflict
// clause that absorbs a retry of col. A chain chosen by an if (q := tx;
// if e.ExternalRef != nil { q = tx.Clauses(...) }) absorbs it when every
// choice the model can take does: a choice made only when a field of the
// model is nil or empty is not taken when the caller sets that field.
func (t *tracer) chainAbsorbs(v ssa.Value, col, table string, s *types.Struct, n node, depth int) bool {
	for {
		if phi, ok := v.(*ssa.Phi); ok && depth < 2 {
			for i, e := range phi.Edges {
				if !t.chainAbsorbs(e, col, table, s, n, depth+1) && !t.edgeExcluded(phi, i, n) {
					return false
				}
			}
			return true
		}
		call, ok := v.(*ssa.Call)
		if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 {
			return false
		}
		fn := Callee(&call.Call)
		if fn == nil {
			return false
		}
		if catalog.IsORMClauses(fn.Name()) && len(call.Call.Args) > 1 {
			for _, e := range SliceElems(call.Call.Args[1]) {
				targets, ok := conflictHandled(e)
				switch {
				case !ok:
				case len(targets) > 0:
					return slices.ContainsFunc(targets, func(t string) bool { return !strings.EqualFold(t, col) })
				default:
					return t.anotherModelKey(col, table, s)
				}
			}
		}
		v = call.Call.Args[0]
	}
}

// edgeExcluded reports whether edge i of phi is taken only when a field
// of the traced model is nil or empty, and the model's maker sets that
// field to a value that is neither.
func (t *tracer) edgeExcluded(phi *ssa.Phi, i int, n node) bool {
	pred := phi.Block().Preds[i]
	if ifInstr, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If); ok {
		// The if decides the edge itself: q := tx; if e.Ref != nil {...}.
		if field, set, ok := modelFieldTest(ifInstr, Unwrap(n.v)); ok {
			unset := pred.Succs[1]
			if !set {
				unset = pred.Succs[0]
			}
			return unset == phi.Block() && pred.Succs[0] != pred.Succs[1] && t.fieldSet(n, field)
		}
	}
	for b := pred; b != nil; b = b.Idom() {
		d := b.Idom()
		if d == nil {
			return false
		}
		ifInstr, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		field, set, ok := modelFieldTest(ifInstr, Unwrap(n.v))
		if !ok {
			continue
		}
		unset := d.Succs[1]
		if !set {
			unset = d.Succs[0]
		}
		if unset.Dominates(pred) && t.fieldSet(n, field) {
			return true
		}
	}
	return false
}

// ZeroTest reads a condition that compares a value with nil or "" (x
// == nil, x != ""): the value, the zero it is compared with, and whether
// the condition holds where the value is set.
func ZeroTest(cond ssa.Value) (x ssa.Value, zero *ssa.Const, set, ok bool) {
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin || bin.Op != token.NEQ && bin.Op != token.EQL {
		return nil, nil, false, false
	}
	x, y := bin.X, bin.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
	}
	zero, isConst := y.(*ssa.Const)
	if !isConst || !zero.IsNil() && !isEmptyString(zero) {
		return nil, nil, false, false
	}
	return x, zero, bin.Op == token.NEQ, true
}

// modelFieldTest reads an if that compares a field of model with nil or
// "": the field, and whether the if's first successor is the side where
// it is set.
func modelFieldTest(ifInstr *ssa.If, model ssa.Value) (field string, set, ok bool) {
	x, _, set, ok := ZeroTest(ifInstr.Cond)
	if !ok {
		return "", false, false
	}
	load, isLoad := x.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return "", false, false
	}
	fa, isField := load.X.(*ssa.FieldAddr)
	if !isField || Unwrap(fa.X) != model {
		return "", false, false
	}
	return FieldName(fa.X.Type(), fa.Field), set, true
}

// fieldSet reports whether the model the trace follows has field set,
// where it is made, to one value that is neither nil nor "": a pointer
// to a variable, or text with a constant part.
func (t *tracer) fieldSet(n node, field string) bool {
	model := Unwrap(n.v)
	if p, ok := model.(*ssa.Parameter); ok {
		if len(n.stack) == 0 {
			return false
		}
		call := n.stack[len(n.stack)-1]
		i := slices.Index(p.Parent().Params, p)
		if call.Common().StaticCallee() != p.Parent() || i < 0 || i >= len(call.Common().Args) {
			return false
		}
		model = call.Common().Args[i]
	}
	stores, ok := FieldStores(model)
	if !ok || len(stores[field]) != 1 {
		return false
	}
	switch v := stores[field][0].(type) {
	case *ssa.Alloc, *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	case *ssa.FreeVar:
		_, cell := Binding(v).(*ssa.Alloc) // a captured variable's address
		return cell
	case *ssa.Const:
		return !v.IsNil() && !isEmptyString(v)
	case *ssa.BinOp:
		c, ok := v.X.(*ssa.Const)
		return ok && v.Op == token.ADD && !isEmptyString(c)
	}
	return false
}

// anotherModelKey reports whether a model's tags, or the schema of its
// table, declare a unique key without col.
func (t *tracer) anotherModelKey(col, table string, s *types.Struct) bool {
	var cols []string
	for i := range s.NumFields() {
		cols = append(cols, ModelColumn(s.Field(i), s.Tag(i)))
	}
	field := ""
	for i := range s.NumFields() {
		if strings.EqualFold(ModelColumn(s.Field(i), s.Tag(i)), col) {
			field = s.Field(i).Name()
		}
	}
	return slices.ContainsFunc(catalog.ModelKeys(s), func(key []string) bool { return !slices.Contains(key, field) }) ||
		t.env.Catalog.FailsOnAnotherKey(table, cols, col)
}

// conflictHandled reads a conflict clause built in place: whether it
// is gorm's OnConflict that keeps the conflicting row (DoNothing) or
// updates it (DoUpdates, UpdateAll), so that no second row is added,
// and the names of its target columns.
func conflictHandled(e ssa.Value) ([]string, bool) {
	mi, ok := e.(*ssa.MakeInterface)
	if !ok || !strings.HasSuffix(catalog.TypeKey(mi.X.Type()), "/clause.OnConflict") {
		return nil, false
	}
	isTrue := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && c.Value.String() == "true"
	}
	stores, ok := FieldStores(mi.X)
	if !ok || !slices.ContainsFunc(stores["DoNothing"], isTrue) && !slices.ContainsFunc(stores["UpdateAll"], isTrue) && len(stores["DoUpdates"]) == 0 {
		return nil, false
	}
	var targets []string
	for _, cols := range stores["Columns"] {
		sl, ok := cols.(*ssa.Slice)
		if !ok {
			// Targets made at run time (a repository's CreateIfAbsent(v,
			// cols...)): they must name a unique key of the table, and
			// absorb the retry when one without the fresh column does.
			return nil, true
		}
		arr, ok := sl.X.(*ssa.Alloc)
		if !ok {
			return nil, true
		}
		for _, r := range *arr.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, u := range *ia.Referrers() {
				var names []ssa.Value
				switch u := u.(type) {
				case *ssa.FieldAddr: // arr[0].Name = "basket_id"
					if FieldName(u.X.Type(), u.Field) == "Name" {
						for _, w := range *u.Referrers() {
							if st, ok := w.(*ssa.Store); ok && st.Addr == u {
								names = append(names, st.Val)
							}
						}
					}
				case *ssa.Store: // arr[0] = clause.Column{Name: "basket_id"}
					if fields, ok := FieldStores(u.Val); ok {
						names = fields["Name"]
					}
				}
				for _, n := range names {
					if name, ok := ConstString(n); ok {
						targets = append(targets, name)
					}
				}
			}
		}
		if len(targets) == 0 {
			return nil, false // columns the clause names where this cannot read them
		}
	}
	return targets, true
}

// ModelColumn is the column an ORM stores a model's field in: its bun
// or gorm tag's name, else gorm's name for the field.
func ModelColumn(f *types.Var, tag string) string {
	if name, _, _ := strings.Cut(reflect.StructTag(tag).Get("bun"), ","); name != "" && !strings.Contains(name, ":") {
		return name
	}
	for _, part := range strings.Split(reflect.StructTag(tag).Get("gorm"), ";") {
		if v, ok := strings.CutPrefix(part, "column:"); ok {
			return v
		}
	}
	if name, _, _ := strings.Cut(reflect.StructTag(tag).Get("db"), ","); name != "" && name != "-" {
		return name // the column a mapper of the db tag (sqlx, pgx's RowToStructByName, the program's own) reads
	}
	return catalog.GormColumn(f.Name())
}

type namedStruct struct {
	name string
	s    *types.Struct
}

// ModelType returns the named struct type under pointers and slices of
// a model argument's static type, or nil.
func ModelType(t types.Type) *types.Named {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Named:
			if _, ok := u.Underlying().(*types.Struct); ok {
				return u
			}
		}
		return nil
	}
}

// modelStruct finds the struct type under pointers and slices of a model
// argument's static type.
func modelStruct(t types.Type) *namedStruct {
	if n := ModelType(t); n != nil {
		return &namedStruct{n.Obj().Name(), n.Underlying().(*types.Struct)}
	}
	return nil
}

// GenericModelSink returns the identity that the field at path (".ID")
// of a model of type t becomes when a generic repository's insert of a
// type-parameter model (Repo[T].Create) is instantiated with t, where
// no value is at hand (a composition root's generic interface): its
// identity field, unless the model is an attempt log or another key it
// declares would fail the retry's insert first (its fields are taken to
// repeat, as a summary's arguments are).
func GenericModelSink(cat *catalog.Catalog, t types.Type, path string) (SinkInfo, bool) {
	field, rest, _ := strings.Cut(strings.TrimPrefix(path, "."), ".")
	if rest != "" || field == "" || !strings.HasPrefix(path, ".") {
		return SinkInfo{}, false
	}
	st := modelStruct(t)
	if st == nil || catalog.IsAttemptLog(st.name) {
		return SinkInfo{}, false
	}
	for _, key := range catalog.ModelKeys(st.s) {
		if !slices.Contains(key, field) {
			return SinkInfo{}, false
		}
	}
	for i := 0; i < st.s.NumFields(); i++ {
		if f := st.s.Field(i); f.Name() == field && isModelIdentity(cat, f, st.s.Tag(i)) {
			return SinkInfo{Kind: ModelSink, Table: st.name, Column: field}, true
		}
	}
	return SinkInfo{}, false
}

// isModelIdentity reports whether a model field is the row's identity:
// gorm's primary key (a field named ID, or tagged primaryKey) or a column
// whose name is an identity name.
func isModelIdentity(cat *catalog.Catalog, f *types.Var, tag string) bool {
	gormTag := reflect.StructTag(tag).Get("gorm")
	if catalog.IsGormPrimaryKey(f.Name(), gormTag) || slices.Contains(strings.Split(reflect.StructTag(tag).Get("bun"), ","), "pk") {
		return true
	}
	if name, _, _ := strings.Cut(reflect.StructTag(tag).Get("bson"), ","); name == "_id" {
		return true // a document's identity
	}
	col := catalog.GormColumn(f.Name())
	for _, part := range strings.Split(gormTag, ";") {
		if v, ok := strings.CutPrefix(part, "column:"); ok {
			col = v
		}
	}
	return cat.IsKeyColumn(col)
}

// JSONName is the name a struct field of t (or of what t points to) has
// in the JSON its json tag gives, or "" when the tag gives none.
func JSONName(t types.Type, field string) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == field {
			name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
			if name == "-" {
				return ""
			}
			return name
		}
	}
	return ""
}

// DBName is the column name sqlx binds a struct field to: its db tag, or
// its lower-cased name.
func DBName(t types.Type, field string) string {
	if st := modelStruct(t); st != nil {
		for i := 0; i < st.s.NumFields(); i++ {
			if st.s.Field(i).Name() == field {
				if tag := reflect.StructTag(st.s.Tag(i)).Get("db"); tag != "" {
					name, _, _ := strings.Cut(tag, ",")
					return name
				}
			}
		}
	}
	return strings.ToLower(field)
}

// A MapEntry is an entry of a map literal with a constant string key.
type MapEntry struct {
	Key   string
	Value ssa.Value
}

// MapLiteral returns the entries a map literal is built with (the
// columns of gorm's Updates(map[string]any{"status": "paid"})); ok is
// false when v is not one or a key is not a constant string.
func MapLiteral(v ssa.Value) (entries []MapEntry, ok bool) {
	m, ok := Unwrap(v).(*ssa.MakeMap)
	if !ok {
		return nil, false
	}
	for _, r := range *m.Referrers() {
		if u, ok := r.(*ssa.MapUpdate); ok && u.Map == m {
			k, ok := ConstString(u.Key)
			if !ok {
				return nil, false
			}
			entries = append(entries, MapEntry{k, u.Value})
		}
	}
	return entries, true
}

// NamedFields returns the paths of the fields of a struct type (".ID")
// whose database names (db tags, or the lower-cased field name, as sqlx
// maps them) are names, in order; ok is false when one has none.
func NamedFields(t types.Type, names []string) (paths []string, ok bool) {
	st := modelStruct(t)
	if st == nil {
		return nil, false
	}
	for _, name := range names {
		found := false
		for i := 0; i < st.s.NumFields() && !found; i++ {
			if f := st.s.Field(i); f.Exported() && DBName(t, f.Name()) == name {
				paths, found = append(paths, "."+f.Name()), true
			}
		}
		if !found {
			return nil, false
		}
	}
	return paths, true
}

// ReadsKeyHeader reports whether a call reads the caller's operation key
// from the request: a catalogued header getter (r.Header.Get, c.GetHeader)
// asked for one of the configured idempotency headers.
func ReadsKeyHeader(cat *catalog.Catalog, call *ssa.CallCommon) bool {
	fn := Callee(call)
	args := call.Args
	if call.Signature().Variadic() && len(args) > 0 {
		args = args[:len(args)-1] // fiber's Get(key string, defaultValue ...string)
	}
	return fn != nil && cat.IsHeaderGetter(fn) && len(args) >= 2 && IsHeaderName(args[len(args)-1], cat.Config().Headers())
}

// IsHeaderName reports whether v is a constant naming one of the
// headers, in any case, or a one-argument call of one
// (http.CanonicalHeaderKey("Idempotency-Key")).
func IsHeaderName(v ssa.Value, headers []string) bool {
	if call, ok := v.(*ssa.Call); ok && len(call.Call.Args) == 1 {
		v = call.Call.Args[0]
	}
	name, ok := constString(v)
	if !ok {
		return false
	}
	return slices.ContainsFunc(headers, func(h string) bool { return catalog.HeaderNameMatches(h, name) })
}

// HeaderMapParam returns the parameter of fn whose entries fn sets as
// the headers of a request, each under its own name (for k, v := range
// headers { req.Header.Set(k, v) }), and the request.
func HeaderMapParam(fn *ssa.Function) (param int, req ssa.Value, ok bool) {
	if param, req, ok = headerMapParamIn(fn, fn); ok {
		return param, req, ok
	}
	// The send in a retry closure (backoff.Retry(func() error {...})),
	// which ranges over the map fn captures.
	for _, lit := range fn.AnonFuncs {
		if param, req, ok = headerMapParamIn(fn, lit); ok {
			return param, req, ok
		}
	}
	return 0, nil, false
}

// headerMapParamIn is HeaderMapParam for the body of in, fn itself or a
// function literal of fn's.
func headerMapParamIn(fn, in *ssa.Function) (param int, req ssa.Value, ok bool) {
	for _, b := range in.Blocks {
		for _, instr := range b.Instrs {
			set, isCall := instr.(ssa.CallInstruction)
			if !isCall {
				continue
			}
			args := set.Common().Args
			f := Callee(set.Common())
			if f == nil || !catalog.SetsRequestHeader(f) || len(args) != 3 {
				continue
			}
			req := headerOwner(args[0])
			k, isKey := args[1].(*ssa.Extract)
			v, isVal := rangedValues(args[2])
			if req == nil || !isKey || !isVal || k.Index != 1 || v.Index != 2 || k.Tuple != v.Tuple {
				continue
			}
			next, isNext := k.Tuple.(*ssa.Next)
			if !isNext {
				continue
			}
			rng, isRange := next.Iter.(*ssa.Range)
			if !isRange {
				continue
			}
			if p := capturedParam(rng.X); p != nil && p.Parent() == fn {
				return slices.Index(fn.Params, p), req, true
			}
		}
	}
	return 0, nil, false
}

// capturedParam returns the parameter v is, or reads through the cell a
// function literal captures it in, or nil.
func capturedParam(v ssa.Value) *ssa.Parameter {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := captured(load.X).(*ssa.Alloc); ok {
			return CellParam(cell)
		}
	}
	p, _ := captured(v).(*ssa.Parameter)
	return p
}

// rangedValues returns the value a loop over a header map gives with
// each key: the value itself (for k, v := range m { h.Set(k, v) }), or
// the slice one of whose elements v is (for k, vs := range h { for _, v
// := range vs { req.Header.Add(k, v) } }).
func rangedValues(v ssa.Value) (*ssa.Extract, bool) {
	switch x := v.(type) {
	case *ssa.Extract:
		return x, true
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			e, ok := ia.X.(*ssa.Extract)
			return e, ok
		}
	case *ssa.Index:
		e, ok := x.X.(*ssa.Extract)
		return e, ok
	}
	return nil, false
}

// headerOwner returns the request whose Header h is, or nil.
func headerOwner(h ssa.Value) ssa.Value {
	load, ok := h.(*ssa.UnOp)
	if !ok {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || FieldName(fa.X.Type(), fa.Field) != "Header" {
		return nil
	}
	return fa.X
}

// sentHeaderMap reports whether the map m is handed to a function of the
// package that sets its entries as a request's headers.
func sentHeaderMap(m ssa.Value) bool {
	for _, r := range *m.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		fn := call.Common().StaticCallee()
		if fn == nil || len(fn.Blocks) == 0 {
			continue
		}
		if i, _, ok := HeaderMapParam(fn); ok && i < len(call.Common().Args) && call.Common().Args[i] == m {
			return true
		}
	}
	return false
}

func headerName(v ssa.Value) string {
	name, _ := constString(v)
	return name
}

// concreteType is the static type of the value under an interface
// conversion: the model struct behind gorm's value any.
func concreteType(v ssa.Value) types.Type {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X.Type()
	}
	return v.Type()
}

// KeyAbsent reports whether instr runs only when the caller sent no
// idempotency key: a block dominating it tests a header read, or a key
// that the other side derives a value from, for "" and instr lies on the
// empty side. That is the fallback a fix keeps so that
// a first attempt without a key behaves as before; with a key, the value
// is derived and the retry is absorbed.
func (e *Env) KeyAbsent(instr ssa.Instruction) bool {
	for b := instr.Block(); b != nil; b = b.Idom() {
		dom := b.Idom()
		if dom == nil {
			return false
		}
		ifInstr, ok := dom.Instrs[len(dom.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		empty := e.emptyKeyBranch(ifInstr)
		if empty != nil && empty.Dominates(instr.Block()) {
			return true
		}
	}
	return false
}

// emptyKeyBranch returns the successor of an if that tests an idempotency
// header, or a key the other successor derives from, for "" on which it
// is empty, or nil.
func (e *Env) emptyKeyBranch(ifInstr *ssa.If) *ssa.BasicBlock {
	cond, ok := ifInstr.Cond.(*ssa.BinOp)
	if !ok || (cond.Op != token.EQL && cond.Op != token.NEQ) {
		return nil
	}
	x, y := cond.X, cond.Y
	if c, ok := x.(*ssa.Const); ok && !isEmptyString(c) {
		return nil
	} else if ok {
		x, y = y, x
	}
	if c, ok := y.(*ssa.Const); !ok || !isEmptyString(c) {
		return nil
	}
	block := ifInstr.Block()
	empty, keyed := block.Succs[1], block.Succs[0]
	if cond.Op == token.EQL {
		empty, keyed = keyed, empty
	}
	if call, ok := x.(*ssa.Call); ok && ReadsKeyHeader(e.Catalog, &call.Call) {
		return empty
	}
	if handedDown(x) && derivesFrom(keyed, x) {
		return empty // a key handed down, which the other side derives from
	}
	if call, ok := x.(*ssa.Call); ok && ReadsContextKey(e.Catalog, &call.Call) && derivesFrom(keyed, x) {
		return empty // a key read from the context, which the other side derives from
	}
	if call := firstResultOf(x); call != nil && readsAccessor(&call.Call) && derivesFrom(keyed, x) {
		return empty // a key the program's accessor reads from the context, which the other side derives from
	}
	if call, ok := x.(*ssa.Call); ok && (ReadsDeliveryKey(e.Catalog, &call.Call) || readsKeyInLiteral(e.Catalog, call)) && derivesFrom(keyed, x) {
		return empty // a delivery's own ID, which the other side derives from
	}
	return nil
}

// ReadsDeliveryKey reports whether a call reads a delivery's stable
// identity: a method that returns it (an asynq task's ID), or the header
// that carries it (a JetStream message's Nats-Msg-Id).
func ReadsDeliveryKey(cat *catalog.Catalog, cc *ssa.CallCommon) bool {
	fn := Callee(cc)
	if fn == nil {
		return false
	}
	if cat.IsOpKeyMethod(fn) {
		return true
	}
	return len(cc.Args) >= 2 && IsHeaderName(cc.Args[len(cc.Args)-1], cat.IDHeaders(fn))
}

// readsKeyInLiteral reports whether call calls a function literal that
// returns the first result of a call that reads a delivery's ID, as a
// fix writes it for a function with two results: func() string { id, _
// := asynq.GetTaskID(ctx); return id }().
func readsKeyInLiteral(cat *catalog.Catalog, call *ssa.Call) bool {
	v := call.Call.Value
	if mc, ok := v.(*ssa.MakeClosure); ok {
		v = mc.Fn // the literal captures the context
	}
	lit, ok := v.(*ssa.Function)
	if !ok || lit.Parent() == nil || len(call.Call.Args) != 0 {
		return false
	}
	rets := ReturnValues(lit)
	return len(rets) > 0 && !slices.ContainsFunc(rets, func(r ssa.Value) bool {
		ext, ok := r.(*ssa.Extract)
		if !ok || ext.Index != 0 {
			return true
		}
		inner, ok := ext.Tuple.(*ssa.Call)
		return !ok || !ReadsDeliveryKey(cat, &inner.Call)
	})
}

// ReadsContextKey reports whether a call reads the operation key a
// context carries: the carrier a fix declares (idempotencyKeyFrom(ctx),
// idempotencyKeyFor(ctx, purpose)), or a gRPC call's metadata entry
// (strings.Join of metadata.ValueFromIncomingContext).
func ReadsContextKey(cat *catalog.Catalog, cc *ssa.CallCommon) bool {
	fn := cc.StaticCallee()
	if fn == nil || len(cc.Args) == 0 {
		return false
	}
	if (fn.Name() == fix.CarrierFrom && len(cc.Args) == 1 || fn.Name() == fix.CarrierFor && len(cc.Args) == 2) && catalog.TypeKey(cc.Args[0].Type()) == "context.Context" {
		return true
	}
	if fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strings" && fn.Name() == "Join" {
		if inner, ok := cc.Args[0].(*ssa.Call); ok {
			f := Callee(&inner.Call)
			return f != nil && cat.ReadsContextKey(f)
		}
	}
	return false
}

// handedDown reports whether v is a parameter of its function, or a
// field of one, read directly or as a variable a function literal
// captures: where a key handed down by the caller is read.
func handedDown(v ssa.Value) bool {
	for range 8 {
		switch x := v.(type) {
		case *ssa.Parameter:
			return true
		case *ssa.UnOp:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.FreeVar:
			v = Binding(x)
		case *ssa.Alloc:
			return CellParam(x) != nil
		default:
			return false
		}
	}
	return false
}

// Binding maps a closure's free variable to the value its maker binds,
// or nil.
func Binding(fv *ssa.FreeVar) ssa.Value {
	v, _ := bindingAt(fv)
	return v
}

// bindingAt is Binding, with the instruction that makes the closure.
func bindingAt(fv *ssa.FreeVar) (ssa.Value, *ssa.MakeClosure) {
	fn, parent := fv.Parent(), fv.Parent().Parent()
	if parent == nil {
		return nil, nil
	}
	i := slices.Index(fn.FreeVars, fv)
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
				return mc.Bindings[i], mc
			}
		}
	}
	return nil, nil
}

// capturedAt returns the value a function literal's free variable, or
// the variable it captures when that is assigned once, holds where the
// enclosing function makes the closure, and the instruction that makes
// it; nil when v is neither.
func capturedAt(v ssa.Value) (ssa.Value, *ssa.MakeClosure) {
	switch u := Unwrap(v).(type) {
	case *ssa.FreeVar:
		return bindingAt(u)
	case *ssa.UnOp:
		fv, ok := u.X.(*ssa.FreeVar)
		if !ok || u.Op != token.MUL {
			return nil, nil
		}
		cell, mc := bindingAt(fv)
		if a, ok := cell.(*ssa.Alloc); ok {
			if w, ok := StoredOnce(a); ok {
				return w, mc
			}
		}
	}
	return nil, nil
}

// CellParam returns the parameter a local variable holds when it is the
// cell SSA makes for a parameter a function literal captures (or whose
// address is taken): the parameter is the one value stored in it.
func CellParam(a *ssa.Alloc) *ssa.Parameter {
	var param *ssa.Parameter
	for _, r := range *a.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		p, ok := st.Val.(*ssa.Parameter)
		if !ok || param != nil {
			return nil
		}
		param = p
	}
	return param
}

// derivesFrom reports whether a block that b dominates derives an
// identifier from key (a name-based UUID, a hash): the side of a
// fallback a fix writes, on which the value is made from the key.
func derivesFrom(b *ssa.BasicBlock, key ssa.Value) bool {
	for _, d := range b.Parent().Blocks {
		if !b.Dominates(d) {
			continue
		}
		for _, instr := range d.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if fn := Callee(&call.Call); fn == nil || !catalog.IsIDDerivation(fn) {
				continue
			}
			for _, a := range call.Call.Args {
				if madeFrom(a, key, 0) {
					return true
				}
			}
		}
	}
	return false
}

// madeFrom reports whether v is key, or computed from it by conversions
// and concatenations.
func madeFrom(v, key ssa.Value, depth int) bool {
	if v == key {
		return true
	}
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		return madeFrom(x.X, key, depth+1) || madeFrom(x.Y, key, depth+1)
	case *ssa.Convert:
		return madeFrom(x.X, key, depth+1)
	case *ssa.ChangeType:
		return madeFrom(x.X, key, depth+1)
	case *ssa.MakeInterface:
		return madeFrom(x.X, key, depth+1)
	}
	return false
}

func isEmptyString(c *ssa.Const) bool {
	return c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == ""
}

// Zero reports whether v is a constant that fills nothing: nil, or the
// empty string.
func Zero(v ssa.Value) bool {
	c, ok := Unwrap(v).(*ssa.Const)
	return ok && (c.Value == nil || isEmptyString(c))
}

// Autocommit reports whether an SQL call runs on a handle that commits
// each statement on its own.
func Autocommit(c *ssa.CallCommon) bool {
	if c.IsInvoke() || len(c.Args) == 0 {
		return false
	}
	return catalog.IsAutocommit(c.Args[0].Type())
}

// SQLHandle returns the handle a call of an SQL executor runs its
// statement on: the receiver of a driver's method, the handle argument of
// a forwarder (see catalog.SQLCall), or nil when that is not known.
func SQLHandle(c *ssa.CallCommon, fn *types.Func, sc catalog.SQLCall) ssa.Value {
	offset := len(c.Args) - fn.Type().(*types.Signature).Params().Len()
	switch {
	case sc.Built:
		b, _ := runChain(c)
		return b.runner
	case sc.Query < 0:
		if offset == 0 {
			return nil
		}
		_, h, _ := prepared(c.Args[0])
		return h
	case sc.Forward && sc.Handle > 0 && sc.Handle-1+offset < len(c.Args):
		return c.Args[sc.Handle-1+offset]
	case sc.Forward:
		return nil
	case c.IsInvoke():
		return c.Value
	case offset > 0 && len(c.Args) > 0:
		return c.Args[0]
	}
	return nil
}

// SQLAutocommit reports whether a call of an SQL executor commits its
// statement on its own.
func SQLAutocommit(c *ssa.CallCommon, fn *types.Func, sc catalog.SQLCall) bool {
	if sc.Built {
		b, ok := BuiltStmtOf(c)
		return ok && b.Autocommit
	}
	if !sc.Forward && sc.Query >= 0 {
		return Autocommit(c)
	}
	h := SQLHandle(c, fn, sc)
	return sc.Handle == 0 && sc.Autocommit || h != nil && catalog.IsAutocommit(Unwrap(h).Type())
}

// SQLText returns the constant text a call of an SQL executor runs: its
// query argument's, or, for a prepared statement, the text it was
// prepared with.
func SQLText(c *ssa.CallCommon, fn *types.Func, sc catalog.SQLCall) (string, bool) {
	offset := len(c.Args) - fn.Type().(*types.Signature).Params().Len()
	if sc.Built {
		b, ok := runChain(c)
		return b.text, ok
	}
	if sc.Query < 0 {
		if offset == 0 {
			return "", false
		}
		text, _, ok := prepared(c.Args[0])
		return text, ok
	}
	if q := sc.Query + offset; q >= 0 && q < len(c.Args) {
		return constString(c.Args[q])
	}
	return "", false
}

// TextHole marks, in the text of a statement a function builds around
// one of its string parameters (an INSERT given its conflict clause),
// where the parameter's value goes.
const TextHole = "\x00"

// SQLTemplate returns the text a call of an SQL executor runs when its
// query is constant text joined with one string parameter of the calling
// function (helpers that take a clause: "INSERT ... " + conflict + "
// RETURNING ..."): the text with TextHole for the parameter, and the
// parameter. A caller that passes constant text completes it.
func SQLTemplate(c *ssa.CallCommon, fn *types.Func, sc catalog.SQLCall, caller *ssa.Function) (string, *ssa.Parameter, bool) {
	offset := len(c.Args) - fn.Type().(*types.Signature).Params().Len()
	if sc.Built || sc.Query < 0 {
		return "", nil, false
	}
	q := sc.Query + offset
	if q < 0 || q >= len(c.Args) {
		return "", nil, false
	}
	var hole *ssa.Parameter
	var walk func(v ssa.Value) (string, bool)
	walk = func(v ssa.Value) (string, bool) {
		if text, ok := constString(v); ok {
			return text, true
		}
		switch v := v.(type) {
		case *ssa.BinOp:
			if v.Op != token.ADD {
				return "", false
			}
			a, ok1 := walk(v.X)
			b, ok2 := walk(v.Y)
			return a + b, ok1 && ok2
		case *ssa.Parameter:
			if hole != nil || v.Parent() != caller {
				return "", false
			}
			hole = v
			return TextHole, true
		}
		return "", false
	}
	text, ok := walk(c.Args[q])
	if !ok || hole == nil || strings.TrimSpace(strings.Replace(text, TextHole, "", 1)) == "" {
		return "", nil, false // the whole text a parameter: a forwarding helper's (catalog.SQLCall.Forward)
	}
	return text, hole, true
}

// FillTemplate completes the text of a template (SQLTemplate) with the
// constant text a caller passes for its parameter.
func FillTemplate(text, value string) string {
	return strings.Replace(text, TextHole, value, 1)
}

// prepared reads a prepared statement where it is prepared, in the same
// function: the constant text, and the handle that prepared it.
func prepared(stmt ssa.Value) (string, ssa.Value, bool) {
	ex, ok := Unwrap(stmt).(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return "", nil, false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 {
		return "", nil, false
	}
	fn := Callee(&call.Call)
	if fn == nil {
		return "", nil, false
	}
	q, ok := catalog.Preparer(fn)
	if !ok || q+1 >= len(call.Call.Args) {
		return "", nil, false
	}
	text, ok := constString(call.Call.Args[q+1])
	return text, call.Call.Args[0], ok
}

// AutocommitHandle reports whether t is a database handle on which every
// statement commits on its own.
func AutocommitHandle(t types.Type) bool {
	return catalog.IsAutocommit(t)
}

// Converted returns the operand of a conversion (of type, of
// representation, to or between interfaces), or nil: the value a
// conversion holds is its operand's.
func Converted(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.ChangeType:
		return x.X
	case *ssa.Convert:
		return x.X
	case *ssa.MakeInterface:
		return x.X
	case *ssa.ChangeInterface:
		return x.X
	}
	return nil
}

// FieldBase returns the value whose fields, at any depth, v loads or
// addresses (r for r.Repos.Tickets), or v when it is no field.
func FieldBase(v ssa.Value) ssa.Value {
	for {
		switch x := Unwrap(v).(type) {
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok || x.Op != token.MUL {
				return x
			}
			v = fa.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		default:
			return x
		}
	}
}

// LiteralFunc returns the function literal v makes: a closure, or a
// literal that captures nothing, which SSA passes as the function itself.
func LiteralFunc(v ssa.Value) *ssa.Function {
	switch v := Unwrap(v).(type) {
	case *ssa.MakeClosure:
		return v.Fn.(*ssa.Function)
	case *ssa.Function:
		if v.Parent() != nil {
			return v
		}
	}
	return nil
}

// Unwrap looks through interface conversions and changes of named type to
// the value underneath: a handle or a model passed as an interface is
// still the same value.
func Unwrap(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

// attemptRecord reports whether a row is a record of the attempt: among
// the values it stores is one that says which delivery this is (a
// retry count, a delivery attempt). Such a row (a delivery log) is meant
// to be added on every attempt, whatever its identity.
func (t *tracer) attemptRecord(values []ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	for _, v := range values {
		if t.countsAttempts(v, 0, seen) {
			return true
		}
	}
	return false
}

// RecordsAttempt reports whether the values a row stores make it a
// record of the attempt (see attemptRecord).
func (e *Env) RecordsAttempt(values []ssa.Value) bool {
	return (&tracer{env: e}).attemptRecord(values)
}

// countsAttempts reports whether v is, or is computed from, an attempt
// counter (catalog.IsAttemptCounter, IsAttemptField) or the error an
// attempt's call returned (err.Error(): only a record of attempts
// stores why one failed), in this function or, for a parameter, at the
// package's calls of it.
func (t *tracer) countsAttempts(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth > maxAttemptDepth || seen[v] {
		return false
	}
	seen[v] = true
	next := func(w ssa.Value) bool { return t.countsAttempts(w, depth+1, seen) }
	cat := t.env.Catalog
	if w := Converted(v); w != nil {
		return next(w)
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return next(x.X)
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.BinOp:
		return next(x.X) || next(x.Y)
	case *ssa.Phi:
		return slices.ContainsFunc(x.Edges, next)
	case *ssa.Alloc:
		// A variable whose address is stored (Error: &msg): what it
		// holds.
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && next(st.Val) {
				return true
			}
		}
		return false
	case *ssa.FieldAddr:
		owner := x.X.Type().Underlying().(*types.Pointer).Elem()
		return cat.IsAttemptField(owner, FieldName(x.X.Type(), x.Field))
	case *ssa.Field:
		return cat.IsAttemptField(x.X.Type(), FieldName(x.X.Type(), x.Field))
	case *ssa.Call:
		fn := Callee(&x.Call)
		return fn != nil && (cat.IsAttemptCounter(fn) || isErrorText(fn))
	case *ssa.Parameter:
		if t.env.Callers == nil {
			return false
		}
		i := slices.Index(x.Parent().Params, x)
		for _, call := range t.env.Callers(x.Parent()) {
			if i >= 0 && i < len(call.Call.Args) && next(call.Call.Args[i]) {
				return true
			}
		}
	}
	return false
}

// isErrorText reports whether fn is the Error method of the error
// interface: the text of a failure.
func isErrorText(fn *types.Func) bool {
	return fn.Name() == "Error" && fn.Pkg() == nil && fn.Type().(*types.Signature).Recv() != nil
}

// maxAttemptDepth bounds the steps a stored value is walked back to an
// attempt counter.
const maxAttemptDepth = 8

// FieldStores returns the values stored, by field name, into a struct
// allocated in the function that passes it (&Row{ID: id}, or a local),
// and whether it is one.
func FieldStores(model ssa.Value) (map[string][]ssa.Value, bool) {
	v := captured(Unwrap(model))
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = captured(load.X)
		if cell, ok := v.(*ssa.Alloc); ok && cell != load.X {
			// A captured variable that holds a pointer (cert :=
			// &Certificate{...}, read in a closure): the struct it
			// was set to, once.
			if p, ok := StoredOnce(cell); ok && isPointer(p.Type()) {
				v = Unwrap(p)
			} else if p := storedLast(load, cell); p != nil && isPointer(p.Type()) {
				v = Unwrap(p)
			} else if p != nil && !fieldSetIn(load.X) {
				// A struct the closure builds and assigns whole to the
				// variable (sub = store.Submission{...}), then passes.
				if built, ok := Unwrap(p).(*ssa.UnOp); ok && built.Op == token.MUL {
					if a, ok := built.X.(*ssa.Alloc); ok {
						v = a
					}
				}
			}
		}
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	out := make(map[string][]ssa.Value)
	addStores(alloc, out, 0)
	return out, true
}

// fieldSetIn reports whether a field of the variable at addr is taken
// by address where addr is seen: a field set after the whole value.
func fieldSetIn(addr ssa.Value) bool {
	return slices.ContainsFunc(*addr.Referrers(), func(r ssa.Instruction) bool {
		_, ok := r.(*ssa.FieldAddr)
		return ok
	})
}

// storedLast returns the value that a closure's variable holds where
// load reads it, when the closure is the only one that captures the
// variable, cell, and a store of its own to the variable runs before
// load on every path with no store of it after that one (inv = existing
// on a branch that returns, then inv = &Invoice{...} before the write):
// nil otherwise.
func storedLast(load *ssa.UnOp, cell *ssa.Alloc) ssa.Value {
	closures := 0
	for _, r := range *cell.Referrers() {
		if _, ok := r.(*ssa.MakeClosure); ok {
			closures++
		}
	}
	if closures != 1 {
		return nil
	}
	var stores []*ssa.Store
	for _, r := range *load.X.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == load.X {
			stores = append(stores, st)
		}
	}
	var last *ssa.Store
	for _, st := range stores {
		if Dominates(st, load) && (last == nil || Dominates(last, st)) {
			last = st
		}
	}
	if last == nil {
		return nil
	}
	for _, st := range stores {
		if st != last && Dominates(last, st) {
			return nil
		}
	}
	return last.Val
}

// StoredOnce returns the value stored at an address as a whole, when
// exactly one is: a variable a closure captures, set once.
func StoredOnce(addr ssa.Value) (ssa.Value, bool) {
	var v ssa.Value
	n := 0
	for _, r := range *addr.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
			v, n = st.Val, n+1
		}
	}
	return v, n == 1
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// CapturedValue returns, for a value a function literal reads from a
// variable it captures (path, made with fmt.Sprintf and read in
// retry.Do(func() error {...})), the value the variable holds where the
// literal is made, when it is assigned once; any other value as it is.
func CapturedValue(v ssa.Value) ssa.Value {
	switch u := Unwrap(v).(type) {
	case *ssa.FreeVar:
		if b := captured(u); b != u {
			return b
		}
	case *ssa.UnOp:
		if _, free := u.X.(*ssa.FreeVar); u.Op == token.MUL && free {
			if cell, ok := captured(u.X).(*ssa.Alloc); ok {
				if w, ok := StoredOnce(cell); ok {
					return w
				}
			}
		}
	}
	return v
}

// captured returns the variable a function literal's free variable
// captures, through the literals that enclose it: the struct a closure
// reads (rec, built where the closure is made) is built there.
func captured(v ssa.Value) ssa.Value {
	for depth := 0; depth < 4; depth++ {
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			break
		}
		b := Binding(fv)
		if b == nil {
			break
		}
		v = b
	}
	return v
}

// Sealed reports whether v is a struct allocated in the function that
// only call is given, whose fields are set only by stores in place: no
// other call (a decoder, a setter) can fill a field those stores leave
// zero.
func Sealed(v ssa.Value, call ssa.Instruction) bool {
	v = Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			for _, u := range *r.Referrers() {
				if st, ok := u.(*ssa.Store); !(ok && st.Addr == r) && !isLoad(u) {
					return false // a field's address handed on
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.Store:
			// A literal copied in whole (entry := T{...}, whose
			// address is taken); any other value stored whole is
			// not built here.
			load, ok := r.Val.(*ssa.UnOp)
			if r.Addr != alloc || !ok || !isLoad(load) {
				return false
			}
			if _, lit := load.X.(*ssa.Alloc); !lit {
				return false
			}
		case *ssa.MakeInterface:
			if refs := *r.Referrers(); len(refs) != 1 || refs[0] != call {
				return false
			}
		default:
			if r != call {
				return false
			}
		}
	}
	return true
}

// isLoad reports whether instr loads through a pointer.
func isLoad(instr ssa.Instruction) bool {
	u, ok := instr.(*ssa.UnOp)
	return ok && u.Op == token.MUL
}

// addStores adds the values stored into the fields of alloc, and of the
// literal a whole value stored into it was built in (entry := T{...},
// whose address is taken, is built in a temporary and copied).
func addStores(alloc *ssa.Alloc, out map[string][]ssa.Value, depth int) {
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			name := FieldName(r.X.Type(), r.Field)
			for _, u := range *r.Referrers() {
				if st, ok := u.(*ssa.Store); ok && st.Addr == r {
					out[name] = append(out[name], st.Val)
				}
			}
		case *ssa.Store:
			if load, ok := r.Val.(*ssa.UnOp); ok && r.Addr == alloc && load.Op == token.MUL && depth < 2 {
				if lit, ok := load.X.(*ssa.Alloc); ok {
					addStores(lit, out, depth+1)
				}
			}
		}
	}
}

// storedFields returns the values stored into the fields of a model built
// in place (&DeliveryLog{...}).
func storedFields(model ssa.Value) []ssa.Value {
	stores, _ := FieldStores(model)
	var out []ssa.Value
	for _, field := range slices.Sorted(maps.Keys(stores)) {
		out = append(out, stores[field]...)
	}
	return out
}

// repeats reports whether argument i of a statement (by placeholder
// index) is a value a retry repeats: not the traced value, nor one a
// generator makes in place (uuid.New(), time.Now()). An argument the
// list does not hold (a parameter's, in a summary) is taken to repeat.
func (t *tracer) repeats(args []ssa.Value, i int, traced ssa.Value) bool {
	if i < 0 || i >= len(args) {
		return true
	}
	v := Unwrap(args[i])
	if v == Unwrap(traced) {
		return false
	}
	for depth := 0; depth < 8; depth++ {
		switch x := v.(type) {
		case *ssa.BinOp: // uuid.NewString() + "@example.com"
			return t.repeats([]ssa.Value{x.X}, 0, traced) && t.repeats([]ssa.Value{x.Y}, 0, traced)
		case *ssa.Slice: // xid.New().String()[12:]
			v = Unwrap(x.X)
			continue
		case *ssa.Extract:
			v = Unwrap(x.Tuple)
			continue
		}
		call, ok := v.(*ssa.Call)
		if !ok {
			return true
		}
		fn := Callee(&call.Call)
		if fn == nil {
			return true
		}
		if _, gen := t.env.Catalog.Generator(fn); gen || t.returnsFresh(fn) {
			return false
		}
		if sig := fn.Signature(); sig.Recv() != nil && sig.Params().Len() == 0 && !call.Call.IsInvoke() && len(call.Call.Args) == 1 {
			// A method of the value alone renders it (id.String(),
			// ref.Hex()): fresh when the value is.
			v = Unwrap(call.Call.Args[0])
			continue
		}
		if !t.env.Catalog.IsDeriver(fn) || len(call.Call.Args) == 0 {
			return true
		}
		v = Unwrap(call.Call.Args[0]) // uuid.New().String(), time.Now().Unix()
	}
	return true
}

// returnsFresh reports whether fn, a function of another package,
// returns a value fresh on every call as its only result (a card code
// made of random bytes).
func (t *tracer) returnsFresh(fn *types.Func) bool {
	if t.env.Imported == nil {
		return false
	}
	s := t.env.Imported(fn)
	return s != nil && slices.ContainsFunc(s.FreshResults, func(r FreshResult) bool { return r.Result == 0 && r.Path == "" })
}

// layoutOf returns the constant layout a time's Format or AppendFormat
// call is given, or "".
func layoutOf(call *ssa.Call) string {
	args := call.Call.Args
	if len(args) == 0 {
		return ""
	}
	layout, _ := constString(args[len(args)-1])
	return layout
}

// scansStoredRow reports whether a call scans a row into the address
// addr, one of its arguments, where the row is one the storage already
// held when it is there: the row an INSERT that absorbs a conflict
// returns (ON CONFLICT ... RETURNING, which gives the stored row when
// its update or a SELECT after it does), or a SELECT's.
func scansStoredRow(cat *catalog.Catalog, instr ssa.CallInstruction, addr ssa.Value) bool {
	c := instr.Common()
	if !slices.ContainsFunc(c.Args, func(a ssa.Value) bool {
		return a == addr || slices.ContainsFunc(SliceElems(a), func(e ssa.Value) bool { return Unwrap(e) == addr })
	}) {
		return false
	}
	var recv ssa.Value
	switch {
	case c.IsInvoke() && c.Method.Name() == "Scan":
		recv = c.Value
	case !c.IsInvoke() && len(c.Args) > 0:
		if fn := c.StaticCallee(); fn != nil && fn.Name() == "Scan" && fn.Signature.Recv() != nil {
			recv = c.Args[0]
		}
	}
	row, ok := Unwrap(recv).(*ssa.Call)
	if !ok {
		return false
	}
	fn := Callee(&row.Call)
	if fn == nil {
		return false
	}
	sc, ok := cat.SQL(fn)
	if !ok || sc.Built {
		return false
	}
	text, ok := SQLText(&row.Call, fn, sc)
	if !ok {
		return false
	}
	st := sqltext.Parse(text)
	return st.Kind == sqltext.Select || st.Kind == sqltext.Insert && st.Conflict && st.Returning
}

// ParamRereads returns the fields of fn's pointer parameters that fn
// overwrites with a stored row's column (scansStoredRow): Scan(&t.ID)
// of the row an upsert returns.
func ParamRereads(cat *catalog.Catalog, fn *ssa.Function) []ParamPath {
	var out []ParamPath
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			var dests []ssa.Value
			for _, a := range call.Common().Args {
				dests = append(dests, a)
				for _, e := range SliceElems(a) {
					dests = append(dests, Unwrap(e))
				}
			}
			for _, a := range dests {
				i, path, ok := paramField(fn, a)
				if ok && !slices.Contains(out, ParamPath{Param: i, Path: path}) && scansStoredRow(cat, call, a) {
					out = append(out, ParamPath{Param: i, Path: path})
				}
			}
			for _, pp := range structRereads(cat, fn, call) {
				if !slices.Contains(out, pp) {
					out = append(out, pp)
				}
			}
		}
	}
	return out
}

// structRereads returns the fields of the struct that fn's pointer
// parameter points to which call, an executor given the struct whole
// as the destination of its row (sqlx.GetContext(ctx, db, r, q, ...)),
// overwrites with the stored row's columns: the columns an INSERT that
// absorbs a conflict returns (ON CONFLICT ... DO UPDATE ... RETURNING
// id), mapped to fields as the db tag, or the field's name, says.
func structRereads(cat *catalog.Catalog, fn *ssa.Function, call ssa.CallInstruction) []ParamPath {
	c := call.Common()
	callee := Callee(c)
	if callee == nil {
		return nil
	}
	sc, ok := cat.SQL(callee)
	if !ok {
		return nil
	}
	dest, ok := catalog.ScanDest(callee, sc)
	sig := callee.Type().(*types.Signature)
	if !ok || dest >= sig.Params().Len() || !types.IsInterface(sig.Params().At(dest).Type()) {
		return nil
	}
	offset := len(c.Args) - sig.Params().Len()
	p, ok := Unwrap(c.Args[dest+offset]).(*ssa.Parameter)
	i := slices.Index(fn.Params, p)
	if !ok || i < 0 {
		return nil
	}
	st, ok := Deref(p.Type()).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	text, ok := SQLText(c, callee, sc)
	if !ok {
		return nil
	}
	parsed := sqltext.Parse(text)
	if parsed.Kind != sqltext.Insert || !parsed.Conflict || !parsed.Returning {
		return nil
	}
	var out []ParamPath
	for f := range st.NumFields() {
		field := st.Field(f)
		if slices.ContainsFunc(parsed.ReturningCols, func(col string) bool {
			return col == "*" || col == ModelColumn(field, st.Tag(f)) || col == strings.ToLower(field.Name())
		}) {
			out = append(out, ParamPath{Param: i, Path: "." + field.Name()})
		}
	}
	return out
}

// paramField returns the parameter of fn, and the path of the field in
// what it points to, that the address v is: &t.ID, &t.Ref.Key.
func paramField(fn *ssa.Function, v ssa.Value) (int, string, bool) {
	path := ""
	for depth := 0; depth < maxDepth; depth++ {
		fa, ok := v.(*ssa.FieldAddr)
		if !ok {
			break
		}
		path = "." + FieldName(fa.X.Type(), fa.Field) + path
		v = fa.X
		if p, ok := v.(*ssa.Parameter); ok {
			i := slices.Index(fn.Params, p)
			return i, path, i >= 0
		}
	}
	return 0, "", false
}

// destCalls returns the calls given the address addr, directly or as an
// element of a variadic slice of any (Scan(&t.ID, &t.Status)).
func destCalls(addr ssa.Value) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, r := range *addr.Referrers() {
		switch r := r.(type) {
		case ssa.CallInstruction:
			out = append(out, r)
		case *ssa.MakeInterface:
			for _, u := range *r.Referrers() {
				st, ok := u.(*ssa.Store)
				if !ok || st.Val != r {
					continue
				}
				ia, ok := st.Addr.(*ssa.IndexAddr)
				if !ok {
					continue
				}
				for _, s := range *ia.X.Referrers() {
					if sl, ok := s.(*ssa.Slice); ok {
						for _, c := range *sl.Referrers() {
							if call, ok := c.(ssa.CallInstruction); ok {
								out = append(out, call)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// OptionSet returns the field that the option a function returns sets
// from its parameter p (withKey(k) returning func(o *options) { o.key =
// k }), whether the literal captures p or the variable p is kept in.
func OptionSet(p *ssa.Parameter) (string, bool) {
	held := []ssa.Value{p}
	for _, r := range *p.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Val == p {
			if a, ok := st.Addr.(*ssa.Alloc); ok {
				held = append(held, a)
			}
		}
	}
	for _, h := range held {
		for _, r := range *h.Referrers() {
			mc, ok := r.(*ssa.MakeClosure)
			if !ok || !slices.ContainsFunc(ReturnValues(p.Parent()), func(v ssa.Value) bool { return Unwrap(v) == mc }) {
				continue
			}
			lit := mc.Fn.(*ssa.Function)
			i := slices.Index(mc.Bindings, h)
			if i < 0 || len(lit.Params) != 1 || i >= len(lit.FreeVars) {
				continue
			}
			if f, ok := fieldSetFrom(lit, lit.FreeVars[i]); ok {
				return f, true
			}
		}
	}
	return "", false
}

// fieldSetFrom returns the field of what lit's one parameter points to
// that lit sets to fv's value (o.key = k).
func fieldSetFrom(lit *ssa.Function, fv *ssa.FreeVar) (string, bool) {
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok || fa.X != lit.Params[0] {
				continue
			}
			v := Unwrap(st.Val)
			if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
				v = load.X
			}
			if v == fv {
				return FieldName(fa.X.Type(), fa.Field), true
			}
		}
	}
	return "", false
}

// ModelTable is the table gorm gives a model of type t (a pointer or
// slice around it unwrapped): the constant its TableName method returns,
// when the method's body is in the program's source, else the default
// naming strategy's.
func ModelTable(prog *ssa.Program, t types.Type) string {
	n := ModelType(t)
	if n == nil {
		return ""
	}
	if name, ok := tableName(prog, n); ok {
		return name
	}
	if name, ok := TaggedTable(n, "bun"); ok {
		return name
	}
	return catalog.GormTable(n.Obj().Name())
}

// TaggedTable returns the table the tag under key of a field of n's
// struct names (bun:"table:orders,alias:o" on bun.BaseModel).
func TaggedTable(n *types.Named, key string) (string, bool) {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return "", false
	}
	for i := range st.NumFields() {
		for _, opt := range strings.Split(reflect.StructTag(st.Tag(i)).Get(key), ",") {
			if name, ok := strings.CutPrefix(opt, "table:"); ok && name != "" {
				return name, true
			}
		}
	}
	return "", false
}

// TableName is an object fact on a named type whose TableName method
// returns a constant: the table gorm stores its values in. A package
// that uses the type sees no body of the method, only the fact.
type TableName struct{ Name string }

// AFact marks TableName as an analysis fact.
func (*TableName) AFact() {}

func (f *TableName) String() string { return "table(" + f.Name + ")" }

// KeyField is an object fact on a struct type of the module whose
// values its package makes from received deliveries: Name is the string
// field it fills with the delivery's own ID, and with nothing else
// (catalog.DeclareKeyField).
type KeyField struct{ Name string }

// AFact marks KeyField as an analysis fact.
func (*KeyField) AFact() {}

func (f *KeyField) String() string { return "keyfield(" + f.Name + ")" }

// declaredTables are the tables the TableName facts a run has read
// name, by the type's object.
var declaredTables sync.Map // *types.TypeName -> string

// DeclareTable records that gorm stores values of the type obj names in
// table (its TableName fact).
func DeclareTable(obj *types.TypeName, table string) { declaredTables.Store(obj, table) }

// tableName returns the constant that the TableName method of n returns
// on every path, from its body or its fact.
func tableName(prog *ssa.Program, n *types.Named) (string, bool) {
	if name, ok := declaredTables.Load(n.Origin().Obj()); ok {
		return name.(string), true
	}
	if prog == nil {
		return "", false
	}
	sel := prog.MethodSets.MethodSet(types.NewPointer(n)).Lookup(n.Obj().Pkg(), "TableName")
	if sel == nil {
		return "", false
	}
	fn := prog.MethodValue(sel)
	if fn != nil && fn.Synthetic != "" {
		if obj, ok := sel.Obj().(*types.Func); ok {
			fn = prog.FuncValue(obj) // the value method behind a pointer's wrapper
		}
	}
	if fn == nil || len(fn.Blocks) == 0 {
		return "", false
	}
	name := ""
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		s, ok := ConstString(ret.Results[0])
		if !ok || name != "" && s != name {
			return "", false
		}
		name = s
	}
	return name, name != ""
}

// CreateDefault is an object fact on a model type whose ORM create hook
// fills its Field with a fresh identifier (func (a *Appointment)
// BeforeCreate(*gorm.DB) error { if a.ID == "" { a.ID = uuid.NewString()
// } }): Gen is the generator as callers write it, Hook the hook's name,
// and Always is set when the hook overwrites a value the caller set.
type CreateDefault struct {
	Field, Gen, Hook string
	Always           bool
}

// AFact marks CreateDefault as an analysis fact.
func (*CreateDefault) AFact() {}

func (f *CreateDefault) String() string { return "createdefault(" + f.Hook + ": " + f.Field + ")" }

// createDefaults are the CreateDefault facts a run has read, by the
// type's object.
var createDefaults sync.Map // *types.TypeName -> *CreateDefault

// DeclareCreateDefault records that the create hook of the type obj
// names fills a field with a fresh identifier.
func DeclareCreateDefault(obj *types.TypeName, d *CreateDefault) { createDefaults.Store(obj, d) }

// CreateDefaultOf returns what the create hook of t, a model type or a
// pointer to one, makes fresh, or nil. A hook of a struct the model
// embeds (a Base every model shares), which the model's method set
// promotes, fills the embedded struct's field: Field is then its path
// ("Base.ID").
func CreateDefaultOf(t types.Type) *CreateDefault { return createDefaultOf(t, 0) }

func createDefaultOf(t types.Type, depth int) *CreateDefault {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if d, ok := createDefaults.Load(n.Origin().Obj()); ok {
		return d.(*CreateDefault)
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || depth > 2 {
		return nil
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Embedded() {
			continue
		}
		d := createDefaultOf(f.Type(), depth+1)
		if d == nil || !promoted(n, d.Hook, f) {
			continue
		}
		return &CreateDefault{Field: f.Name() + "." + d.Field, Gen: d.Gen, Hook: d.Hook, Always: d.Always}
	}
	return nil
}

// promoted reports whether the hook method of a model's type (hook is
// "Base.BeforeCreate") is the one of the struct it embeds as f, not one
// of its own or of another embedded struct.
func promoted(n *types.Named, hook string, f *types.Var) bool {
	name := hook[strings.LastIndex(hook, ".")+1:]
	obj, index, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, n.Obj().Pkg(), name)
	_, isFunc := obj.(*types.Func)
	if !isFunc || len(index) < 2 {
		return false
	}
	st := n.Underlying().(*types.Struct)
	return st.Field(index[0]) == f
}

// Same reports whether d and o say the same of the same field.
func (d *CreateDefault) Same(o *CreateDefault) bool { return d != nil && o != nil && *d == *o }
