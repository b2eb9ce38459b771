package naturalkey

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

//go:embed doc.go
var doc string

// Meta is the check's record.
var Meta = report.Meta{
	Name:     "naturalkey",
	Code:     "IDEM005",
	Title:    "report INSERTs of a caller-known identifier without conflict handling",
	Default:  true,
	Severity: "warning",
}

// Analyzer is naturalkey with the default configuration.
var Analyzer = New(passes.Default())

// New returns naturalkey for the run whose shared passes are ps.
func New(ps *passes.Set) *analysis.Analyzer {
	return check.New(ps, Meta, doc, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, cat: res.Env.Catalog, rep: rep}
		for _, fn := range res.SrcFuncs() {
			c.checkFunc(fn)
		}
	})
}

type checker struct {
	pass *analysis.Pass
	res  *summary.Result
	cat  *catalog.Catalog
	rep  *report.Reporter
}

// checkFunc reports the INSERTs of an operation key without conflict
// handling in one function.
func (c *checker) checkFunc(fn *ssa.Function) {
	if _, ok := c.res.Retried.Reached(fn); !ok {
		return // every finding is on a retried path
	}
	var stmts, guards, across []*effects.Stmt
	var models []ssa.CallInstruction
	writes := 0 // durable writes, in the function and in its callees
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if st := effects.StmtOf(c.cat, call); st != nil {
				stmts = append(stmts, st)
				if effects.IsGuard(st) {
					guards = append(guards, st)
				}
				if st.SQL.Writes() {
					writes++
				}
			} else if fn := valueflow.Callee(call.Common()); fn != nil {
				if _, ok := c.cat.Model(fn); ok {
					models = append(models, call)
					writes++
				}
			}
			// A guard in a helper (claim(ctx, tx, key) returning whether
			// the key is new) guards what follows its call.
			callee, _ := effects.CallStmts(c.res, call)
			for _, st := range callee {
				if effects.IsGuard(st) {
					guards = append(guards, st)
				}
				if st.SQL.Writes() {
					writes++
				}
				if c.elsewhere(st) {
					across = append(across, st)
				}
			}
		}
	}
	if len(stmts)+len(models)+len(across) == 0 || effects.HandlesUniqueViolation(fn) {
		return
	}
	for _, m := range models {
		c.checkModel(m)
	}
	for _, st := range stmts {
		if path, ok := c.unguarded(st, guards, writes > 1); ok {
			if col, what := c.keyColumn(st, path); col != "" {
				c.report(st, col, what, path)
			}
		}
	}
	// INSERTs that helpers of other packages run for this function, with
	// its values: their packages have no root that reaches them.
	for _, st := range across {
		if path, ok := c.unguarded(st, guards, writes > 1); ok && !st.Callee.Absorbed {
			if col, what := c.keyColumn(st, path); col != "" {
				c.reportAcross(st, col, what, path)
			}
		}
	}
}

// unguarded returns the retried path of an INSERT that nothing makes
// absorb a second run: no conflict clause, no guard before it. A key
// table's row beside other writes (others) guards them: its unique
// violation is what stops a duplicate, and a conflict clause would
// remove the guard; whether it commits with them is keytx's question.
// Alone (an inbox row), it is any row.
func (c *checker) unguarded(st *effects.Stmt, guards []*effects.Stmt, others bool) (*retried.Path, bool) {
	if st.SQL.Kind != sqltext.Insert || st.SQL.Conflict || st.SQL.Columns == nil || c.res.InTestFile(st.Instr.Pos()) ||
		others && c.cat.IsKeyTable(st.SQL.Table) {
		return nil, false
	}
	path, ok := c.res.Retried.On(st.Instr)
	if !ok || guarded(st, guards) {
		return nil, false
	}
	return path, true
}

// elsewhere reports whether a callee's statement is one for this package
// to judge at the call: it runs in a function of another package that no
// root of that package reaches.
func (c *checker) elsewhere(st *effects.Stmt) bool {
	return st.Callee.Func.Pkg() != nil && st.Callee.Func.Pkg() != c.pass.Pkg && !st.Callee.Judged
}

// keyColumn returns an inserted column that holds an operation key, and
// what the key is.
func (c *checker) keyColumn(st *effects.Stmt, path *retried.Path) (string, string) {
	for i, col := range st.SQL.Columns {
		for _, p := range st.SQL.ArgsOf(i) {
			k, ok := c.argKey(st, p, path)
			if !ok {
				continue
			}
			switch {
			case k.fresh:
			case k.what != "":
				return col, k.what
			case k.caller && c.cat.IsOwnIdentity(st.SQL.Table, col):
				return col, "the caller-known " + col
			}
		}
	}
	return "", ""
}

// argKey returns what a placeholder binds: its value's key, or for a
// statement of a callee whose argument is a field of a struct that the
// caller builds with a constructor of its own (q.CreateOrder(ctx,
// params(x))), that field's key as the constructor stores it.
func (c *checker) argKey(st *effects.Stmt, p sqltext.Param, path *retried.Path) (key, bool) {
	if v := c.paramValue(st, p); v != nil {
		return c.keyOf(v, path.Via, 0), true
	}
	call, ok := st.Instr.(*ssa.Call)
	if st.Callee == nil || !ok || p.Index < 0 || p.Index >= len(st.Callee.Args) {
		return key{}, false
	}
	a := st.Callee.Args[p.Index]
	field, rest, _ := strings.Cut(strings.TrimPrefix(a.Path, "."), ".")
	if a.Param < 0 || a.Param >= len(call.Call.Args) || a.Path == "" || rest != "" {
		return key{}, false
	}
	arg := valueflow.Unwrap(call.Call.Args[a.Param])
	t, ok := arg.Type().Underlying().(*types.Struct)
	if !ok {
		return key{}, false
	}
	for i := 0; i < t.NumFields(); i++ {
		if t.Field(i).Name() == field {
			return c.constructedField(arg, i, path.Via, 0)
		}
	}
	return key{}, false
}

// paramValue returns the value a placeholder binds: an argument, or for
// a named parameter (sqlx's :name) the field of the argument struct
// whose db tag (or lower-cased name) it is.
func (c *checker) paramValue(st *effects.Stmt, p sqltext.Param) ssa.Value {
	if p.Index >= 0 {
		return st.ArgValue(p.Index)
	}
	if len(st.Args) == 0 {
		return nil
	}
	arg := st.Args[0]
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		arg = mi.X
	}
	if load, ok := arg.(*ssa.UnOp); ok {
		arg = load.X
	}
	alloc, ok := arg.(*ssa.Alloc)
	if !ok {
		return nil
	}
	s, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < s.NumFields(); i++ {
		name := strings.ToLower(s.Field(i).Name())
		if tag := reflect.StructTag(s.Tag(i)).Get("db"); tag != "" {
			name, _, _ = strings.Cut(tag, ",")
		}
		if name == p.Name {
			if vals := storedInto(alloc, i); len(vals) > 0 {
				return vals[0]
			}
		}
	}
	return nil
}

// maxDepth bounds the steps a value is walked back to its sources.
const maxDepth = 12

// key says what a value is, as far as retries are concerned.
type key struct {
	what   string // an operation key: what it is
	fresh  bool   // made fresh on every attempt: freshid's concern
	caller bool   // comes from a parameter: known to the caller
}

func (k key) merge(o key) key {
	if k.what == "" {
		k.what = o.what
	}
	return key{what: k.what, fresh: k.fresh || o.fresh, caller: k.caller || o.caller}
}

// keyOf walks a value back to its sources.
func (c *checker) keyOf(v ssa.Value, chain []ssa.CallInstruction, depth int) key {
	if v == nil || depth > maxDepth {
		return key{}
	}
	next := func(w ssa.Value) key { return c.keyOf(w, chain, depth+1) }
	switch x := v.(type) {
	case *ssa.ChangeType:
		return next(x.X)
	case *ssa.Convert:
		return next(x.X)
	case *ssa.MakeInterface:
		return next(x.X)
	case *ssa.ChangeInterface:
		return next(x.X)
	case *ssa.TypeAssert:
		return next(x.X)
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.UnOp:
		return next(x.X)
	case *ssa.Phi:
		var k key
		for _, e := range x.Edges {
			k = k.merge(next(e))
		}
		return k
	case *ssa.FieldAddr:
		if c.cat.IsOpKeyField(x.X.Type().Underlying().(*types.Pointer).Elem(), valueflow.FieldName(x.X.Type(), x.Field)) {
			return key{what: "delivery ID " + valueflow.FieldName(x.X.Type(), x.Field)}
		}
		if alloc, ok := x.X.(*ssa.Alloc); ok {
			return c.fieldKey(alloc, x.Field, chain, depth+1)
		}
		if k, ok := c.constructedField(x.X, x.Field, chain, depth+1); ok {
			return k
		}
		return next(x.X)
	case *ssa.Alloc:
		var k key
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				k = k.merge(next(st.Val))
			}
		}
		return k
	case *ssa.BinOp:
		return next(x.X).merge(next(x.Y))
	case *ssa.FreeVar:
		return next(effects.Binding(x))
	case *ssa.Field:
		if c.cat.IsOpKeyField(x.X.Type(), valueflow.FieldName(x.X.Type(), x.Field)) {
			return key{what: "delivery ID " + valueflow.FieldName(x.X.Type(), x.Field)}
		}
		if k, ok := c.constructedField(x.X, x.Field, chain, depth+1); ok {
			return k
		}
		return next(x.X)
	case *ssa.Parameter:
		if arg := effects.CallerArg(x, chain); arg != nil {
			return next(arg)
		}
		return key{caller: true}
	case *ssa.Call:
		return c.callKey(x, next)
	}
	return key{}
}

// callKey says what a call's result is: an operation key (a task ID, the
// idempotency header), fresh, or derived from its arguments.
func (c *checker) callKey(call *ssa.Call, next func(ssa.Value) key) key {
	fn := valueflow.Callee(&call.Call)
	if fn == nil {
		return key{}
	}
	args := call.Call.Args
	switch {
	case c.cat.IsOpKeyMethod(fn):
		return key{what: "task ID"}
	case c.cat.IsReceive(fn):
		return key{caller: true} // a received delivery: its data is the sender's
	case valueflow.ReadsKeyHeader(c.cat, &call.Call):
		return key{what: "request's idempotency key"}
	}
	if _, ok := c.cat.Generator(fn); ok {
		return key{fresh: true}
	}
	if !c.cat.IsDeriver(fn) {
		// What a call reads from the request or message (r.PathValue,
		// c.Param, json.NewDecoder(r.Body)) is known to the caller as its
		// inputs are; and so is what the database returns for them.
		var k key
		if recv := receiver(call); recv != nil {
			k.caller = next(recv).caller
		}
		for _, a := range args {
			k.caller = k.caller || next(a).caller
		}
		return k
	}
	var k key
	for _, a := range args {
		if sl, ok := a.(*ssa.Slice); ok {
			for _, e := range valueflow.SliceElems(sl) {
				k = k.merge(next(e))
			}
			continue
		}
		k = k.merge(next(a))
	}
	return k
}

// fieldKey says what field i of a local struct holds: what was stored
// into the field, or the field of a whole struct stored into it (a struct
// parameter copied to a local, followed to the caller's literal).
func (c *checker) fieldKey(alloc *ssa.Alloc, i int, chain []ssa.CallInstruction, depth int) key {
	if depth > maxDepth {
		return key{}
	}
	var k key
	for _, v := range storedInto(alloc, i) {
		k = k.merge(c.keyOf(v, chain, depth+1))
	}
	k = k.merge(c.filledFrom(alloc, chain, depth))
	for _, r := range *alloc.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != alloc {
			continue
		}
		v := st.Val
		if p, ok := v.(*ssa.Parameter); ok {
			if arg := effects.CallerArg(p, chain); arg != nil {
				v = arg
			} else {
				k = k.merge(key{caller: true})
				continue
			}
		}
		if load, ok := v.(*ssa.UnOp); ok {
			if src, ok := load.X.(*ssa.Alloc); ok {
				k = k.merge(c.fieldKey(src, i, chain, depth+1))
				continue
			}
		}
		if fk, ok := c.constructedField(v, i, chain, depth); ok {
			k = k.merge(fk)
			continue
		}
		k = k.merge(c.keyOf(v, chain, depth+1))
	}
	return k
}

// constructedField says what field i of v holds when v is made by a
// constructor of this package (NewOrder(id, title)), reached directly or
// through parameters on the chain: the values every return stores in
// that field, the constructor's parameters read as the call's arguments.
// The whole result would be caller-known as soon as one argument is, so
// a fresh ID beside a title from the request would count as the caller's.
// ok is false when some return is not a struct the constructor fills.
func (c *checker) constructedField(v ssa.Value, i int, chain []ssa.CallInstruction, depth int) (key, bool) {
	v, depth = argumentOf(v, chain, depth)
	call, ok := v.(*ssa.Call)
	if !ok || !c.constructor(call.Call.StaticCallee()) {
		return key{}, false
	}
	inner := append(chain[:len(chain):len(chain)], call)
	var k key
	for _, alloc := range returnedStructs(call.Call.StaticCallee()) {
		if alloc == nil {
			return key{}, false
		}
		for _, w := range storedInto(alloc, i) {
			// A parameter stored as it is is the call's argument: read
			// it here, at no extra depth, as the whole call's would be.
			if p, ok := w.(*ssa.Parameter); ok {
				if arg := effects.CallerArg(p, []ssa.CallInstruction{call}); arg != nil {
					w = arg
				}
			}
			k = k.merge(c.keyOf(w, inner, depth+1))
		}
	}
	return k, true
}

// argumentOf follows a parameter of a function on the chain to the
// argument it is called with, as long as the value is a parameter; nil
// when the chain does not say or the depth runs out.
func argumentOf(v ssa.Value, chain []ssa.CallInstruction, depth int) (ssa.Value, int) {
	for ; depth <= maxDepth; depth++ {
		p, ok := v.(*ssa.Parameter)
		if !ok {
			return v, depth
		}
		if v = effects.CallerArg(p, chain); v == nil {
			return nil, depth
		}
	}
	return nil, depth
}

// constructor reports whether fn is a function of this package with a
// body and one result, whose returns can be read.
func (c *checker) constructor(fn *ssa.Function) bool {
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg == c.pass.Pkg && len(fn.Blocks) > 0 && fn.Signature.Results().Len() == 1
}

// returnedStructs returns, for each return of fn, the local struct it
// returns, by value or by pointer, when fn fills it field by field; nil
// for a return of anything else.
func returnedStructs(fn *ssa.Function) []*ssa.Alloc {
	var out []*ssa.Alloc
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		v := ret.Results[0]
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			v = load.X
		}
		alloc, _ := v.(*ssa.Alloc)
		if alloc != nil && !filledByFields(alloc) {
			alloc = nil
		}
		out = append(out, alloc)
	}
	return out
}

// filledByFields reports whether a local struct is written only by
// stores into its fields: a whole struct copied into it, or the struct
// or a field's address handed to a call that may fill it (json.Unmarshal,
// Scan), would put in it values that the field stores do not show.
func filledByFields(alloc *ssa.Alloc) bool {
	for _, r := range *alloc.Referrers() {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if !onlyStoredAndLoaded(x) {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.Return, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// onlyStoredAndLoaded reports whether an address is only stored to and
// loaded from.
func onlyStoredAndLoaded(addr ssa.Value) bool {
	for _, r := range *addr.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != addr {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// filledFrom says whether a local is filled by a call from data the
// caller knows: json.Unmarshal(t.Payload(), &p) makes p's fields the
// payload's.
func (c *checker) filledFrom(alloc *ssa.Alloc, chain []ssa.CallInstruction, depth int) key {
	users := []ssa.Value{alloc}
	for _, r := range *alloc.Referrers() {
		if mi, ok := r.(*ssa.MakeInterface); ok {
			users = append(users, mi)
		}
	}
	var k key
	for _, u := range users {
		for _, r := range *u.Referrers() {
			call, ok := r.(ssa.CallInstruction)
			if !ok {
				continue
			}
			for _, a := range call.Common().Args {
				if a != u {
					k = k.merge(key{caller: c.keyOf(a, chain, depth+1).caller})
				}
			}
		}
	}
	return k
}

// storedInto returns the values stored into field i of a local struct.
func storedInto(alloc *ssa.Alloc, i int) []ssa.Value {
	var out []ssa.Value
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != i {
			continue
		}
		for _, u := range *fa.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == fa {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// receiver returns the receiver of a method call, or nil.
func receiver(call *ssa.Call) ssa.Value {
	if call.Call.IsInvoke() {
		return call.Call.Value
	}
	if callee := call.Call.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(call.Call.Args) > 0 {
		return call.Call.Args[0]
	}
	return nil
}

// guarded reports whether one of the guards (dedup guards: conflict-
// tolerant inserts whose outcome decides) runs before the statement on
// every path.
func guarded(st *effects.Stmt, guards []*effects.Stmt) bool {
	for _, g := range guards {
		if g.Instr != st.Instr && effects.Dominates(g.Instr, st.Instr) {
			return true
		}
	}
	return false
}

// reportAcross reports an INSERT that a helper of another package runs
// with the function's values, at the call: the fix belongs to the
// helper's SQL, which this package cannot edit, so the message names
// the helper (and sqlc's query) and the helper's page shows the clause.
func (c *checker) reportAcross(st *effects.Stmt, col, what string, path *retried.Path) {
	site := summary.CalleeSite(st.Callee)
	if q := sqlcQuery(st.Text); q != "" {
		site += ", sqlc query " + q
	}
	d := analysis.Diagnostic{
		Pos: c.res.CallStart(st.Instr.Pos()),
		Message: fmt.Sprintf("a retry inserts the row for the same %s again, which fails or duplicates it: the INSERT into %s in %s has no conflict handling for %s (%s)",
			col, st.SQL.Table, site, what, path.Root.Describe()),
	}
	d.Related = append(check.Chain(path), analysis.RelatedInformation{Pos: st.Instr.Pos(), Message: "the INSERT runs in " + site})
	c.rep.Report(d)
}

// sqlcQuery returns the name of the sqlc query whose text this is
// ("-- name: CreateOrder :exec"), or "".
func sqlcQuery(text string) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), "-- name: ")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, " ")
	return name
}

func (c *checker) report(st *effects.Stmt, col, what string, path *retried.Path) {
	table := st.SQL.Table
	if q := sqlcQuery(st.Text); q != "" {
		table += " (sqlc query " + q + ")" // the query to change, when the code is generated
	}
	d := analysis.Diagnostic{
		Pos: c.res.CallStart(st.Instr.Pos()),
		Message: fmt.Sprintf("a retry inserts the row for the same %s again, which fails or duplicates it: the INSERT into %s has no conflict handling for %s (%s)",
			col, table, what, path.Root.Describe()),
	}
	d.Related = check.Chain(path)
	if f := c.conflictFix(st, col); f != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	}
	c.rep.Report(d)
}
