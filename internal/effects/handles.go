package effects

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// Summaries answers what the summary of a called function says about
// database handles: computed for the functions of the package being
// analysed, read from facts for the functions of other packages.
type Summaries interface {
	// StmtSummary returns a summary holding the statements fn runs
	// (Stmts, StmtsCut and Retried), or nil.
	StmtSummary(fn *ssa.Function, obj *types.Func) *valueflow.Summary
	// ResultFields returns which parameters fn's results hold.
	ResultFields(fn *ssa.Function, obj *types.Func) []valueflow.ResultField
}

// A place is where a handle comes from, as far as locate sees: a
// parameter at a field path, or a value it cannot see through (a Begin
// result, a global's load) at a field path.
type place struct {
	param *ssa.Parameter
	value ssa.Value
	path  string
	// via is the innermost call on the trail one of whose arguments,
	// index arg, is the whole handle (store.New(db)): where a fix can
	// choose another handle.
	via *ssa.Call
	arg int
	// orElse is where the handle comes from when the parameter is nil,
	// for a handle a selector chose (r.on(tx): tx, or the pool when tx
	// is nil).
	orElse *place
}

// base is the parameter or value the place's path starts from.
func (p place) base() ssa.Value {
	if p.param != nil {
		return p.param
	}
	return p.value
}

// maxLocate bounds the steps locate takes backwards.
const maxLocate = 24

// locate follows v backwards to where the handle at path inside it (""
// for v itself, ".db" for its field db) comes from: through conversions,
// field loads, composite literals, closure bindings, and the calls of
// constructors whose summaries say which parameter a result field holds
// (sqlc's New and WithTx). It stops at a parameter, or at a value it
// cannot see through; ok is false when the trail is lost (a phi, a
// variable stored more than once, a call whose summary says nothing of
// the path).
func locate(sums Summaries, v ssa.Value, path string, depth int) (place, bool) {
	if v == nil || depth > maxLocate {
		return place{}, false
	}
	next := func(w ssa.Value, p string) (place, bool) { return locate(sums, w, p, depth+1) }
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return next(x.X, path)
	case *ssa.ChangeInterface:
		return next(x.X, path)
	case *ssa.ChangeType:
		return next(x.X, path)
	case *ssa.TypeAssert:
		if !x.CommaOk {
			return next(x.X, path)
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Call:
			return fromCall(sums, x, t, x.Index, path, depth)
		case *ssa.TypeAssert:
			if x.Index == 0 {
				return next(t.X, path)
			}
		}
		return place{}, false
	case *ssa.Call:
		return fromCall(sums, x, x, 0, path, depth)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return place{}, false
		}
		switch a := x.X.(type) {
		case *ssa.FieldAddr:
			return next(a.X, fieldPath(a.X.Type(), a.Field)+path)
		case *ssa.Alloc:
			return next(a, path)
		case *ssa.FreeVar:
			return next(a, path) // a closure's read of a variable it captured
		case *ssa.IndexAddr:
			// An element of a slice a loop ranges over (for _, t :=
			// range in.Tolls): each is the caller's, at the element
			// path.
			return next(a.X, ElemPath+path)
		}
	case *ssa.Field:
		return next(x.X, fieldPath(x.X.Type(), x.Field)+path)
	case *ssa.FieldAddr:
		// The address of a field of a struct variable, whose own field
		// is read (in.Ack.ControlNumber, in captured by a closure):
		// the variable's place, one field down. Not a field of what a
		// pointer points to, which the pointer's holder may change.
		if !inVariable(x) {
			return place{}, false
		}
		return next(x.X, fieldPath(x.X.Type(), x.Field)+path)
	case *ssa.Alloc:
		if field, rest := splitField(path); field != "" && isStruct(x.Type()) {
			if stored, n := fieldStore(x, field); n == 1 {
				return next(stored, rest) // &Repo{db: tx}
			} else if n > 0 {
				return place{}, false
			}
		}
		if stored, n := stores(x); n == 1 {
			return next(stored, path) // a variable a closure captures
		}
		return place{}, false
	case *ssa.Parameter:
		return place{param: x, path: path}, true
	case *ssa.FreeVar:
		if b := Binding(x); b != nil {
			return next(b, path)
		}
		return place{}, false
	case *ssa.Phi:
		// q := tx; if ... { q = tx.Clauses(...) }: one place, when
		// every edge comes from it.
		var at place
		for i, e := range x.Edges {
			p, ok := next(e, path)
			if !ok || i > 0 && p != at {
				return place{}, false
			}
			at = p
		}
		return at, len(x.Edges) > 0
	case *ssa.Const:
		return place{}, false
	}
	return place{value: v, path: path}, true
}

// fromCall follows result i of a call (v is the value that names it):
// into the argument a constructor's summary says the path holds, or up
// from a pgx savepoint to the transaction it belongs to.
func fromCall(sums Summaries, v ssa.Value, call *ssa.Call, i int, path string, depth int) (place, bool) {
	cc := &call.Call
	if path == "" && cc.IsInvoke() && catalog.IsSavepoint(cc.Method.Name(), cc.Value.Type()) {
		return locate(sums, cc.Value, "", depth+1) // a savepoint belongs to its parent
	}
	if fn, obj := cc.StaticCallee(), valueflow.Callee(cc); fn != nil && obj != nil && !cc.IsInvoke() {
		for _, rf := range sums.ResultFields(fn, obj) {
			if rest, ok := cutPath(path, rf.Path); ok && rf.Result == i && rf.Param < len(cc.Args) {
				p, ok := locate(sums, cc.Args[rf.Param], rf.ParamPath+rest, depth+1)
				if ok && p.via == nil && rf.ParamPath+rest == "" {
					p.via, p.arg = call, rf.Param
				}
				return p, ok
			}
		}
	}
	if fn := cc.StaticCallee(); path == "" && fn != nil && fn.Blocks != nil && !cc.IsInvoke() && len(cc.Args) == len(fn.Params) {
		// A wrapper of the package (pgUUID(c.ID), a pgtype.UUID that
		// holds its argument whole) holds the argument: the whole
		// value, not a field of it, which is the wrapper's own.
		if i, ok := wrapperParam(fn); ok {
			return locate(sums, cc.Args[i], path, depth+1)
		}
		// A selector of the package (r.on(tx): the transaction it is
		// given, else the repository's pool) returns what the call
		// passes, or, given nil, its other handle.
		if i, other, ok := nilSelector(fn); ok {
			alt, altOK := locate(sums, other, "", depth+1)
			if altOK && alt.param != nil && alt.param.Parent() == fn {
				alt, altOK = locate(sums, cc.Args[paramIndex(alt.param)], alt.path, depth+1)
			} else if altOK && alt.param != nil {
				altOK = false
			}
			if isNil(cc.Args[i]) {
				return alt, altOK
			}
			p, ok := locate(sums, cc.Args[i], path, depth+1)
			if ok && altOK && p.param != nil && p.orElse == nil {
				p.orElse = &alt
			}
			return p, ok
		}
	}
	if path != "" {
		return place{}, false // a result's field that no summary names
	}
	return place{value: v}, true
}

// inVariable reports whether a field's address is inside a struct
// variable (a local, or one a closure captures), field within field.
func inVariable(fa *ssa.FieldAddr) bool {
	for {
		switch x := fa.X.(type) {
		case *ssa.FieldAddr:
			fa = x
		case *ssa.Alloc:
			return true
		case *ssa.FreeVar:
			_, ok := Binding(x).(*ssa.Alloc) // a captured variable, not a pointer's copy
			return ok
		default:
			return false
		}
	}
}

// wrapperParam returns the parameter that every return of fn holds
// whole, and nothing else of its parameters: the value converted, or
// the field of a struct literal it fills (beside constants and values
// made from it).
func wrapperParam(fn *ssa.Function) (int, bool) {
	if fn.Signature.Results().Len() != 1 {
		return 0, false
	}
	param := -1
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		p, ok := heldParam(ret.Results[0])
		if !ok || param >= 0 && p != param {
			return 0, false
		}
		param = p
	}
	return param, param >= 0
}

// nilSelector returns, for a function that returns its parameter i when
// it is not nil and another value when it is (if tx != nil { return tx };
// return r.pool), the parameter's index and the other value.
func nilSelector(fn *ssa.Function) (i int, other ssa.Value, ok bool) {
	if fn.Signature.Results().Len() != 1 {
		return 0, nil, false
	}
	for _, b := range fn.Blocks {
		ifInstr, isIf := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !isIf {
			continue
		}
		p, set, isTest := paramNilTest(ifInstr.Cond)
		if !isTest {
			continue
		}
		setBlock, nilBlock := b.Succs[0], b.Succs[1]
		if !set {
			setBlock, nilBlock = nilBlock, setBlock
		}
		var held, others []ssa.Value
		for _, r := range fn.Blocks {
			ret, isRet := r.Instrs[len(r.Instrs)-1].(*ssa.Return)
			switch {
			case !isRet:
			case setBlock.Dominates(r):
				held = append(held, ret.Results[0])
			case nilBlock.Dominates(r):
				others = append(others, ret.Results[0])
			default:
				return 0, nil, false
			}
		}
		if len(held) != 1 || len(others) != 1 {
			return 0, nil, false
		}
		if hp, ok := heldParam(held[0]); !ok || fn.Params[hp] != p {
			return 0, nil, false
		}
		return paramIndex(p), others[0], true
	}
	return 0, nil, false
}

// paramNilTest returns the parameter a condition compares with nil, and
// whether the condition holds when the parameter is set (p != nil).
func paramNilTest(cond ssa.Value) (p *ssa.Parameter, set, ok bool) {
	x, zero, set, ok := valueflow.ZeroTest(cond)
	if !ok || !zero.IsNil() {
		return nil, false, false
	}
	p, ok = x.(*ssa.Parameter)
	return p, set, ok
}

// isNil reports whether v is the constant nil.
func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// heldParam returns the parameter a returned value holds whole.
func heldParam(v ssa.Value) (int, bool) {
	if w := valueflow.Converted(v); w != nil {
		v = w
	}
	if p, ok := v.(*ssa.Parameter); ok {
		return paramIndex(p), true
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return 0, false
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok {
		return 0, false
	}
	var held *ssa.Parameter
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, u := range *fa.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok {
				continue
			}
			val := st.Val
			if w := valueflow.Converted(val); w != nil {
				val = w
			}
			if p, ok := val.(*ssa.Parameter); ok {
				if held != nil {
					return 0, false // two parameters, or one twice
				}
				held = p
			}
		}
	}
	if held == nil {
		return 0, false
	}
	for _, p := range held.Parent().Params {
		if p != held && len(*p.Referrers()) > 0 {
			return 0, false // another parameter is used
		}
	}
	return paramIndex(held), true
}

// fieldStore returns the value stored into field of a struct
// allocation (a composite literal, a struct variable), and how many
// values are.
func fieldStore(a *ssa.Alloc, field string) (ssa.Value, int) {
	var stored ssa.Value
	n := 0
	for _, r := range *a.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && fa.X == a && fieldPath(a.Type(), fa.Field) == field {
			// Each use of the field has an address of its own: the
			// reads (stmt.SettlementID after the insert) store nothing.
			if v, m := stores(fa); m > 0 {
				stored, n = v, n+m
			}
		}
	}
	return stored, n
}

// stores returns the value stored at an address as a whole, and how many
// values are.
func stores(addr ssa.Value) (ssa.Value, int) {
	var stored ssa.Value
	n := 0
	for _, r := range *addr.Referrers() {
		if s, ok := r.(*ssa.Store); ok && s.Addr == addr {
			stored = s.Val
			n++
		}
	}
	return stored, n
}

// isStruct reports whether p points to a struct.
func isStruct(p types.Type) bool {
	ptr, ok := p.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = ptr.Elem().Underlying().(*types.Struct)
	return ok
}

// fieldPath is the path element of field i of the struct t is or points
// to: ".name".
func fieldPath(t types.Type, i int) string {
	if s := structOf(t); s != nil && i < s.NumFields() {
		return "." + s.Field(i).Name()
	}
	return fmt.Sprintf(".%d", i)
}

func structOf(t types.Type) *types.Struct {
	t = t.Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	s, _ := t.(*types.Struct)
	return s
}

// splitField splits the first field off a path: ".q.db" is ".q" and
// ".db".
func splitField(path string) (string, string) {
	if !strings.HasPrefix(path, ".") {
		return "", path
	}
	if i := strings.IndexByte(path[1:], '.'); i >= 0 {
		return path[:i+1], path[i+1:]
	}
	return path, ""
}

// ElemPath is the element of a path that stands for any element of a
// slice or an array: ".Tolls.[].Ref" is the Ref of each of the Tolls.
const ElemPath = ".[]"

// cutPath removes prefix from path at an element boundary.
func cutPath(path, prefix string) (string, bool) {
	rest, ok := strings.CutPrefix(path, prefix)
	if !ok || rest != "" && rest[0] != '.' {
		return "", false
	}
	return rest, true
}

// fieldsOf resolves a field path inside t: the type it reaches, and the
// path as Origins names it (field indices, embedded fields skipped).
func fieldsOf(t types.Type, path string) (types.Type, string, bool) {
	var origin strings.Builder
	for path != "" {
		var elem string
		elem, path = splitField(path)
		s := structOf(t)
		if s == nil || elem == "" {
			return nil, "", false
		}
		found := false
		for i := 0; i < s.NumFields(); i++ {
			if f := s.Field(i); "."+f.Name() == elem {
				if !f.Embedded() {
					origin.WriteString("." + fieldIndex(i))
				}
				t, found = f.Type(), true
				break
			}
		}
		if !found {
			return nil, "", false
		}
	}
	return t, origin.String(), true
}

// unitOf is the commit unit a handle's type decides: a handle that
// commits each statement, a transaction, or unknown (an interface).
func unitOf(t types.Type) Durability {
	switch {
	case catalog.IsEntClient(t):
		return DurUnknown // a Client a Tx gives back runs in it
	case valueflow.AutocommitHandle(t):
		return DurAutocommit
	case isTx(t):
		return DurTx
	}
	return DurUnknown
}

func isTx(t types.Type) bool { return catalog.IsTx(t) }

// FieldType returns the type of the field at path in a value of type t.
func FieldType(t types.Type, path string) (types.Type, bool) {
	ft, _, ok := fieldsOf(t, path)
	return ft, ok
}

// FieldUnit returns the commit unit of a handle held at path in a value
// of type t (the receiver of a store's method): a pool commits each
// statement, a transaction or an interface can be either.
func FieldUnit(t types.Type, path string) Durability {
	ft, _, ok := fieldsOf(t, path)
	if !ok {
		return DurUnknown
	}
	return unitOf(ft)
}

// IsHandle reports whether a value of type t is a handle whose commit
// unit the code that makes it decides: a transaction, an interface
// with database/sql's or pgx's executor methods (sqlc's DBTX), or ent's
// Client.
func IsHandle(cat *catalog.Catalog, t types.Type) bool {
	if isTx(t) || catalog.IsEntClient(t) {
		return true // ent's Client may be one a Tx gives back
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < iface.NumMethods(); i++ {
		if _, ok := cat.SQL(iface.Method(i)); ok {
			return true
		}
	}
	return false
}

// RunsInTx reports whether a call runs its function argument in a
// transaction it begins: a transaction function (IsTxFunc), or an ORM's
// (gorm's db.Transaction).
func RunsInTx(cc *ssa.CallCommon) bool {
	if IsTxFunc(cc) {
		return true
	}
	fn := valueflow.Callee(cc)
	return fn != nil && catalog.IsORMTransaction(fn)
}

// IsTxFunc reports whether a call runs a callback in a transaction it
// begins (pgx.BeginFunc).
func IsTxFunc(cc *ssa.CallCommon) bool {
	fn := valueflow.Callee(cc)
	return fn != nil && !cc.IsInvoke() && (catalog.IsTxFunc(fn) || txHelper(fn))
}

// txHelper reports whether fn is a program's own transaction function,
// as services write them (pgutil.InTx(ctx, pool, func(tx pgx.Tx) error
// {...})): it is given a handle that begins transactions and a function
// whose parameter is a transaction, which it can only have begun on
// that handle.
func txHelper(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() != nil {
		return false
	}
	// The callback first: it is rare, and a method set is dear.
	if !slices.ContainsFunc(slices.Collect(sig.Params().Variables()), func(p *types.Var) bool { return takesTx(p.Type()) }) {
		return false
	}
	for p := range sig.Params().Variables() {
		if t := p.Type(); !takesTx(t) && (valueflow.AutocommitHandle(t) || beginsTx(t)) {
			return true
		}
	}
	return false
}

// beginsTx reports whether a value of type t has a method that begins a
// transaction (an interface such as txutil.Beginner).
func beginsTx(t types.Type) bool {
	mset := types.NewMethodSet(t)
	for i := range mset.Len() {
		m, ok := mset.At(i).Obj().(*types.Func)
		if !ok || !catalog.IsBegin(m.Name()) {
			continue
		}
		if res := m.Type().(*types.Signature).Results(); res.Len() > 0 && isTx(res.At(0).Type()) {
			return true
		}
	}
	return false
}

// takesTx reports whether t is a function type whose first parameter
// is a transaction.
func takesTx(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Params().Len() > 0 && isTx(sig.Params().At(0).Type())
}

// begun reports whether a transaction is begun where it is used: the
// result of a Begin method of a handle that commits each statement (or
// of an ORM's handle), or the transaction parameter of a callback that
// pgx.BeginFunc runs.
func begun(sums Summaries, v ssa.Value) bool {
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	switch x := v.(type) {
	case *ssa.Call:
		fn := valueflow.Callee(&x.Call)
		if fn == nil || !catalog.IsBegin(fn.Name()) {
			return false
		}
		recv := x.Call.Value
		if !x.Call.IsInvoke() {
			if len(x.Call.Args) == 0 {
				return false
			}
			recv = x.Call.Args[0]
		}
		// gorm's *DB is the pool and its transactions alike: Begin
		// on it begins one.
		return valueflow.AutocommitHandle(recv.Type()) || catalog.IsORMHandle(recv.Type()) && catalog.IsORMBegin(fn.Name())
	case *ssa.Parameter:
		return txCallback(sums, x)
	}
	return false
}

// txGiven reports whether a handle traced back to p is in what a
// function that runs a literal in a transaction it begins gives the
// literal, which it makes from that transaction alone (fn(db.New(tx))):
// the transaction, whatever field of the parameter holds it.
func txGiven(sums Summaries, p place) bool {
	return p.param != nil && p.path != "" && p.param.Parent().Parent() != nil && txCallback(sums, p.param)
}

// txCallback reports whether p is a parameter of a function literal
// that is passed to a transaction function (pgx.BeginFunc, gorm's
// db.Transaction).
func txCallback(sums Summaries, p *ssa.Parameter) bool {
	return RunInTx(sums, p.Parent())
}

// RunInTx reports whether the function literal lit is handed to a call
// that runs it in a transaction it begins (RunsLiteralInTx).
func RunInTx(sums Summaries, lit *ssa.Function) bool {
	if lit.Parent() == nil {
		return false
	}
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && RunsLiteralInTx(sums, c.Common(), lit) {
				return true
			}
		}
	}
	return false
}

// NestedOn returns the handle that an ORM's transaction whose callback
// is given tx was begun on (r.conn(ctx).Transaction(func(tx *gorm.DB)
// error {...})), or nil. gorm's Transaction on a handle that is itself
// a transaction makes a savepoint, which commits with the outer one.
func NestedOn(tx ssa.Value) ssa.Value {
	p, ok := chainRoot(valueflow.Unwrap(tx)).(*ssa.Parameter)
	if !ok || p.Parent().Parent() == nil || !catalog.IsORMHandle(p.Type()) {
		return nil
	}
	lit := p.Parent()
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c.Call.IsInvoke() || len(c.Call.Args) == 0 {
				continue
			}
			if fn := valueflow.Callee(&c.Call); fn == nil || !catalog.IsORMTransaction(fn) {
				continue
			}
			if slices.ContainsFunc(c.Call.Args[1:], func(a ssa.Value) bool {
				mc, ok := a.(*ssa.MakeClosure)
				return ok && mc.Fn == lit || a == lit
			}) {
				return c.Call.Args[0]
			}
		}
	}
	return nil
}

// RunsLiteralInTx reports whether a call is given the function literal
// lit and runs it in a transaction it begins: a transaction function
// (RunsInTx), or a function of another package whose summary says it
// runs that argument so (pgdb.Tx(ctx, db, func(q Querier) error {...}),
// which has pgx.BeginFunc run it).
func RunsLiteralInTx(sums Summaries, cc *ssa.CallCommon, lit *ssa.Function) bool {
	i := slices.IndexFunc(cc.Args, func(a ssa.Value) bool {
		mc, ok := a.(*ssa.MakeClosure)
		return ok && mc.Fn == lit || a == lit
	})
	if i < 0 {
		return false
	}
	if RunsInTx(cc) {
		return true
	}
	return summaryRunsInTx(sums, cc, i)
}

// summaryRunsInTx reports whether the function of another package that
// a call calls runs its argument i in a transaction it begins, by its
// summary.
func summaryRunsInTx(sums Summaries, cc *ssa.CallCommon, i int) bool {
	callee := cc.StaticCallee()
	if sums == nil || cc.IsInvoke() || callee == nil {
		return false
	}
	obj := valueflow.Callee(cc)
	if obj == nil {
		return false
	}
	s := sums.StmtSummary(callee, obj)
	return s != nil && slices.Contains(s.RunsInTx, i)
}

// RunsInTxBy reports whether a call runs a function literal it is given
// in a transaction it begins: RunsInTx, or by the summary of its
// callee of another package.
func RunsInTxBy(sums Summaries, cc *ssa.CallCommon) bool {
	if RunsInTx(cc) {
		return true
	}
	for i, a := range cc.Args {
		if valueflow.LiteralFunc(a) != nil && summaryRunsInTx(sums, cc, i) {
			return true
		}
	}
	return false
}

// A Source is where, in a function, the handle of a statement comes
// from, for the function's summary.
type Source struct {
	Kind  valueflow.HandleKind
	Param int       // for HandleParam
	Path  string    // for HandleParam
	Tx    ssa.Value // for HandleTx: the transaction, to tell several apart
	// Else, for HandleParam, is where the handle comes from when the
	// parameter is nil: a selector's other handle (r.on(tx)).
	Else *Source
}

// SourceOf says where the handle at path inside v, a value of fn (or
// of a closure of fn), comes from: a handle that commits each statement,
// a transaction fn begins, a parameter of fn, or unknown.
func SourceOf(sums Summaries, fn *ssa.Function, v ssa.Value, path string) Source {
	p, ok := locate(sums, v, path, 0)
	if !ok {
		return Source{}
	}
	return sourceAt(sums, fn, p)
}

// sourceAt says where a handle traced back to p comes from in fn.
func sourceAt(sums Summaries, fn *ssa.Function, p place) Source {
	t, _, ok := fieldsOf(p.base().Type(), p.path)
	if !ok {
		return Source{}
	}
	unit := unitOf(t)
	switch {
	case unit == DurAutocommit:
		return Source{Kind: valueflow.HandleAutocommit}
	case p.param != nil && p.param.Parent() == fn:
		src := Source{Kind: valueflow.HandleParam, Param: paramIndex(p.param), Path: p.path}
		if p.orElse != nil {
			if alt := sourceAt(sums, fn, *p.orElse); alt.Kind == valueflow.HandleAutocommit || alt.Kind == valueflow.HandleParam && alt.Else == nil {
				src.Else = &alt
			}
		}
		return src
	case p.path == "" && valueflow.EntTxOf(p.base()) != nil:
		// tx.Client(): a Client of ent that runs in the transaction.
		return Source{Kind: valueflow.HandleTx, Tx: valueflow.EntTxOf(p.base())}
	case unit != DurAutocommit && p.path == "" && begun(sums, p.base()):
		// A transaction by its origin, whatever its type says (gorm's
		// *DB in a Transaction callback).
		return Source{Kind: valueflow.HandleTx, Tx: p.base()}
	case txGiven(sums, p):
		return Source{Kind: valueflow.HandleTx, Tx: p.param}
	}
	return Source{}
}

// StmtHandle is the value whose origin decides a statement's commit
// unit: its transaction, or its receiver when the unit is unknown; nil
// for a handle that commits each statement.
func StmtHandle(st *Stmt) ssa.Value {
	switch st.Durability {
	case DurAutocommit:
		return nil
	case DurTx:
		return st.Tx
	}
	return st.Recv
}

// ParamOf follows the handle at path inside v, a value of fn, back to a
// parameter of fn: its index and the path inside it.
func ParamOf(sums Summaries, fn *ssa.Function, v ssa.Value, path string) (int, string, bool) {
	p, ok := locate(sums, v, path, 0)
	if !ok || p.param == nil || p.param.Parent() != fn {
		return 0, "", false
	}
	return paramIndex(p.param), p.path, true
}

func paramIndex(p *ssa.Parameter) int {
	for i, q := range p.Parent().Params {
		if q == p {
			return i
		}
	}
	return -1
}

// CallStmts returns the statements a call runs inside its callee, as the
// callee's summary lists them, with their commit units decided at the
// call: a statement on a parameter's handle runs on what the call
// passes, traced back through constructors (store.New(tx)), composite
// literals (&Repo{db: tx}) and conversions. whole is false when the
// summary does not list every statement. Calls of closures of the
// caller are not expanded: checks visit those themselves.
func CallStmts(sums Summaries, c ssa.CallInstruction) (out []*Stmt, whole bool) {
	call, ok := c.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || !call.Pos().IsValid() && !valueflow.BoundWrapper(call.Parent()) {
		return nil, true // a go or defer statement, or a call SSA made up
	}
	fn, obj := call.Call.StaticCallee(), valueflow.Callee(&call.Call)
	if fn == nil || obj == nil || fn.Parent() != nil {
		return nil, true
	}
	sum := sums.StmtSummary(fn, obj)
	if sum == nil {
		return nil, true
	}
	args := call.Call.Args
	discarded, stops := ResultsDiscarded(call), errorStops(call)
	wrote, outcome := false, false
	for i, s := range sum.Stmts {
		s = CompleteText(Instantiate(s, call), call.Common(), call.Parent())
		if s.Wired != nil {
			outcome = outcome || wrote
		}
		if s.Wired != nil || s.Callback > 0 || s.Next {
			continue // the composition root's to resolve; no statement
		}
		parsed := sqltext.Parse(s.SQL)
		wrote = wrote || parsed.Writes()
		st := &Stmt{
			Instr: c,
			SQL:   parsed,
			Text:  s.SQL,
			Callee: &Callee{
				// A guard whose results are dropped decides nothing,
				// but for one whose row, read back, is missing on a
				// repeat: its error then stops the path.
				Func: obj, Index: i, At: s.At, Guard: s.Guard && (!discarded || stops && parsed.Returning), ReadBack: s.ReadBack, Exclusive: s.Exclusive,
				Decided: s.Handle.Kind != valueflow.HandleParam, Judged: sum.Retried,
				Args: s.Args, Absorbed: s.Absorbed, Optional: s.Optional, OnFailure: s.OnFailure, FailureOf: s.FailureOf, StateGuarded: s.StateGuarded,
				Outcome: outcome,
			},
		}
		switch h := s.Handle; h.Kind {
		case valueflow.HandleAutocommit:
			st.Durability = DurAutocommit
		case valueflow.HandleTx:
			st.Durability = DurTx
			st.txOrigins = map[string]bool{fmt.Sprintf("%s#tx%d", key(call), h.Tx): true}
			if len(sum.RunsInTx) > 0 {
				// The transaction it runs the caller's literal in, when
				// it begins one (a claim and the work in one Transaction).
				st.txOrigins[runsInTxKey(call)] = true
			}
		case valueflow.HandleParam:
			if h.Else != nil && h.Param < len(args) && isNil(args[h.Param]) {
				h = *h.Else // a selector given nil chooses its other handle
			}
			switch {
			case h.Kind == valueflow.HandleAutocommit:
				st.Durability = DurAutocommit
			case h.Kind == valueflow.HandleParam && h.Param < len(args):
				unitAt(sums, st, args[h.Param], h.Path)
			}
			if st.Durability == DurUnknown && s.Assumed && !(h.Kind == valueflow.HandleParam && h.Param < len(args) && literalParamField(args[h.Param])) {
				// An ORM's handle the caller does not decide either:
				// the database, for want of a transaction's origin.
				// Not a repository a function literal is handed
				// (r.Tickets in InTx(ctx, func(r *Repos) error)): what
				// runs the literal built it, perhaps on its
				// transaction.
				st.Durability, st.Assumed = DurAutocommit, true
			}
		}
		if s.Context > 0 && s.Context <= len(args) {
			st.Callee.Context = args[s.Context-1]
		}
		if s.Assumed && s.Context > 0 && s.Context <= len(args) && WorkContext(args[s.Context-1]) {
			// Given the context a function literal is run with: the
			// transaction that the literal's caller may put there.
			st.Durability, st.Tx, st.Assumed = DurUnknown, nil, false
		}
		out = append(out, st)
	}
	return out, !sum.StmtsCut
}

// unitAt decides the commit unit of a statement that runs on the handle
// at path inside v, a value of the caller, by the type of what it is
// traced back to; a transaction keeps its origin, to compare with the
// caller's other statements.
func unitAt(sums Summaries, st *Stmt, v ssa.Value, path string) {
	p, ok := locate(sums, v, path, 0)
	if !ok {
		return
	}
	t, fields, ok := fieldsOf(p.base().Type(), p.path)
	if !ok {
		return
	}
	st.Durability = unitOf(t)
	if st.Durability == DurUnknown && txGiven(sums, p) {
		st.Durability, st.Tx = DurTx, p.param
		return
	}
	if catalog.IsORMHandle(t) && p.path == "" && ORMHandleUnit(p.base()) == DurTx {
		st.Durability = DurTx // gorm's *DB that a Transaction's callback is given, or Begin returns
	}
	if tx := valueflow.EntTxOf(p.base()); tx != nil && p.path == "" {
		st.Durability, st.Tx = DurTx, tx // ent's tx.Client()
		return
	}
	switch {
	case st.Durability != DurTx:
	case p.path == "":
		st.Tx = p.base()
	default:
		// A transaction in a field of a value of the caller: named as
		// Origins names a direct statement on that field.
		st.txOrigins = make(map[string]bool)
		for o := range Origins(p.base(), nil) {
			st.txOrigins[o+fields] = true
		}
	}
}

// HandleArg returns where the caller chooses the handle of a statement
// that runs in a callee on one of its parameters: the call, and the index
// of its argument, that holds the whole handle, the innermost on the
// trail back from the statement (the db of store.New(db), or of
// repo.RecordKey(ctx, db, key)). ok is false when no argument holds it
// whole (a composite literal's field), or the trail is lost.
func HandleArg(sums Summaries, st *Stmt) (via *ssa.Call, arg int, ok bool) {
	call, isCall := st.Instr.(*ssa.Call)
	if st.Callee == nil || !isCall {
		return nil, 0, false
	}
	sum := sums.StmtSummary(call.Call.StaticCallee(), st.Callee.Func)
	if sum == nil || st.Callee.Index >= len(sum.Stmts) {
		return nil, 0, false
	}
	h := sum.Stmts[st.Callee.Index].Handle
	if h.Kind != valueflow.HandleParam || h.Param >= len(call.Call.Args) {
		return nil, 0, false
	}
	p, ok := locate(sums, call.Call.Args[h.Param], h.Path, 0)
	switch {
	case !ok:
		return nil, 0, false
	case p.via != nil:
		return p.via, p.arg, true
	case h.Path == "":
		return call, h.Param, true
	}
	return nil, 0, false
}

// HandleUses returns the statements whose handle argument arg of via
// chooses (any argument, when arg is negative), and the calls that run
// them: via itself, a helper given the handle; and, when via makes a
// holder of the handle (store.New(db)), each call its result goes
// straight to. ok is false when the handle could reach a statement
// unseen: the holder goes anywhere else (a variable a closure captures,
// a return, a call whose summary lists no statements), a summary does
// not list all its callee runs, or a statement's handle is unknown.
func HandleUses(sums Summaries, via *ssa.Call, arg int, holder bool) (calls []ssa.CallInstruction, stmts []*Stmt, ok bool) {
	calls = []ssa.CallInstruction{via}
	if holder {
		for _, r := range *via.Referrers() {
			call, isCall := r.(ssa.CallInstruction)
			if !isCall {
				return nil, nil, false
			}
			if sts, _ := CallStmts(sums, call); len(sts) == 0 {
				return nil, nil, false
			}
			calls = append(calls, call)
		}
	}
	for _, call := range calls {
		sts, whole := CallStmts(sums, call)
		if !whole {
			return nil, nil, false
		}
		for _, st := range sts {
			if st.Durability == DurUnknown {
				return nil, nil, false
			}
			if v, j, ok := HandleArg(sums, st); ok && v == via && (arg < 0 || j == arg) {
				stmts = append(stmts, st)
			}
		}
	}
	return calls, stmts, true
}

// EmptyFields returns the string fields (".IdempotencyKey") that a
// struct built in place and passed as v to call leaves empty: never
// stored, or stored only as "". A struct whose address reaches other
// code, which might fill it, has none.
func EmptyFields(call ssa.Instruction, v ssa.Value) []string {
	return emptyFields(call, v, 0)
}

// onlyLoaded reports whether a literal only reads the variable fv
// captures: it stores nothing into it or its fields.
func onlyLoaded(fv *ssa.FreeVar) bool {
	for _, r := range *fv.Referrers() {
		if u, ok := r.(*ssa.UnOp); !ok || u.Op != token.MUL {
			return false
		}
	}
	return true
}

func emptyFields(call ssa.Instruction, v ssa.Value, depth int) []string {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		if made, ok := ex.Tuple.(*ssa.Call); ok {
			v = made // m, err := build(...): the value of its success
		}
	}
	if made, ok := v.(*ssa.Call); ok {
		// A struct a helper of the package builds and returns, the
		// same on each of its paths (s.payoutRequest(w) returning
		// payout.Request{...}): the fields its literal leaves empty,
		// unless the call passes options, which may key the request
		// in its stead (CreateDelivery(ctx, req, WithIdempotencyKey(k))).
		fn := made.Call.StaticCallee()
		if depth > 2 || fn == nil || fn.Blocks == nil || fn.Pkg != call.Parent().Pkg || passesOptions(call) {
			return nil
		}
		ret, v := builtReturn(fn)
		if ret == nil {
			return nil
		}
		return emptyFields(ret, v, depth+1)
	}
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X // a struct value loaded from its literal
	}
	var lit *ssa.Function // the literal that captures the variable, when it does
	if fv, ok := v.(*ssa.FreeVar); ok && onlyLoaded(fv) {
		// A variable of the function that makes the literal the call
		// is in (a retry wrapper's operation): its literal there.
		lit, v = fv.Parent(), valueflow.Binding(fv)
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	st := structOf(alloc.Type())
	if st == nil {
		return nil
	}
	set := make([]bool, st.NumFields())
	var copied []string // the fields the literal copied in leaves empty
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			for _, fr := range *r.Referrers() {
				if s, ok := fr.(*ssa.Store); ok && s.Addr == r {
					if !IsEmptyString(s.Val) {
						set[r.Field] = true
					}
				} else if _, load := fr.(*ssa.UnOp); !load {
					return nil // the field's address escapes
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.Return:
			// Returned to the caller, which runs nothing before the
			// call here (m := &Msg{Body: b}; s.store.Insert(ctx, m);
			// return m, nil).
		case *ssa.Store:
			// The variable a literal is copied into, whose fields the
			// function then sets (req := T{...}; req.CaseNumber = n):
			// a field is empty when neither sets it. A copy made after
			// the fields' stores would empty them again; counting the
			// literal's fields as set too can only hide an empty one.
			if r.Addr != alloc || copied != nil {
				return nil
			}
			lit, ok := literalCopied(r.Val)
			if !ok {
				return nil
			}
			copied = emptyFields(call, lit, depth+1)
			if copied == nil {
				return nil
			}
		case *ssa.MakeClosure:
			if r.Fn != lit {
				return nil // captured by another literal, which may set it
			}
		default:
			if r != call {
				return nil
			}
		}
	}
	var out []string
	for i := range st.NumFields() {
		f := st.Field(i)
		if set[i] {
			continue
		}
		// A struct field the literal leaves out (an embedded
		// RequestOptions) is empty through and through.
		for _, path := range zeroStrings(f.Type(), "."+f.Name(), 0) {
			if copied == nil || slices.Contains(copied, path) {
				out = append(out, path)
			}
		}
	}
	return out
}

// zeroStrings returns the paths, under path, of the string fields a
// zero value of t holds empty: t itself when it is a string, its
// fields' when it is a struct, two levels down.
func zeroStrings(t types.Type, path string, depth int) []string {
	if isString(t) {
		return []string{path}
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || depth > 1 {
		return nil
	}
	var out []string
	for i := range st.NumFields() {
		f := st.Field(i)
		out = append(out, zeroStrings(f.Type(), path+"."+f.Name(), depth+1)...)
	}
	return out
}

// literalCopied returns the struct literal whose value v loads, for a
// store of it whole into a variable, and whether it is one: a local
// allocation of a struct, whose own uses emptyFields then reads.
func literalCopied(v ssa.Value) (*ssa.Alloc, bool) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	lit, ok := load.X.(*ssa.Alloc)
	if !ok || lit.Heap || structOf(lit.Type()) == nil {
		return nil, false
	}
	return lit, true
}

// passesOptions reports whether instr is a call of a variadic function
// that passes it variadic arguments.
func passesOptions(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	cc := call.Common()
	return cc.Signature().Variadic() && len(cc.Args) > 0 && !valueflow.NoVariadic(cc.Args[len(cc.Args)-1])
}

// builtReturn returns the one return of fn that gives its caller a value
// (its only return, or the only one whose error is nil: the others are
// a failure's zero value) and that value.
func builtReturn(fn *ssa.Function) (*ssa.Return, ssa.Value) {
	var out *ssa.Return
	for _, b := range fn.Blocks {
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(r.Results) == 0 || len(r.Results) > 2 {
			continue
		}
		if len(r.Results) == 2 {
			if c, ok := r.Results[1].(*ssa.Const); !ok || !c.IsNil() {
				continue // a failure's
			}
		}
		if out != nil {
			return nil, nil
		}
		out = r
	}
	if out == nil {
		return nil, nil
	}
	return out, out.Results[0]
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// literalParamField reports whether v is a parameter of a function
// literal, or a field of one at any depth.
func literalParamField(v ssa.Value) bool {
	p, ok := valueflow.FieldBase(v).(*ssa.Parameter)
	return ok && p.Parent().Parent() != nil
}
