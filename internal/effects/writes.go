package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// Durability says when a write becomes durable.
type Durability int

const (
	DurUnknown    Durability = iota // an interface receiver, a handle from elsewhere
	DurAutocommit                   // a pool or database handle: at once
	DurTx                           // a transaction: at its Commit
)

// A Write is a durable write: an INSERT, UPDATE, MERGE or DELETE through a
// catalogued executor, an ORM insert or update, a call of a function
// whose parameters a durable write stores, or a gorm transaction.
type Write struct {
	Instr      ssa.CallInstruction
	Table      string
	Args       []ssa.Value // the values written
	Durability Durability
	Tx         ssa.Value // the transaction, for DurTx

	txOrigins map[string]bool // the transaction's identity, when Tx cannot carry it
	// affected: Instr is a forwarding helper's call whose first result
	// is the rows the statement affected (catalog.SQLCall.Affected).
	affected bool
}

// TxOrigins names the transaction a write runs on (see Origins).
func (w *Write) TxOrigins() map[string]bool {
	if w.txOrigins != nil {
		return w.txOrigins
	}
	return Origins(w.Tx, nil)
}

// DecideUnit decides the commit unit of a write that runs inside the
// function its call calls (a generated query, a repository helper) and
// whose unit the parameter summaries leave unknown, because the callee
// runs it on a handle its caller chose: from the callee's statements, as
// CallStmts places them at the call. It leaves the write unknown unless
// the callee's every writing statement is listed and all of them run on
// one pool or on one transaction.
func DecideUnit(sums Summaries, w *Write) {
	if w.Durability != DurUnknown {
		return
	}
	stmts, whole := CallStmts(sums, w.Instr)
	if !whole {
		return
	}
	var writes []*Stmt
	for _, st := range stmts {
		if st.SQL.Writes() {
			writes = append(writes, st)
		}
	}
	if len(writes) == 0 {
		return
	}
	first := writes[0]
	for _, st := range writes {
		switch {
		case st.Durability == DurUnknown || st.Durability != first.Durability:
			return
		case st.Durability == DurTx && !SameTx(st, first):
			return
		}
	}
	w.Durability = first.Durability
	if first.Durability == DurTx {
		w.Tx, w.txOrigins = first.Tx, first.TxOrigins()
	}
}

// WriteOf classifies a call as a durable write, or returns nil. paramWrites
// answers for functions of the package and of other packages.
func WriteOf(env *valueflow.Env, c ssa.CallInstruction, paramWrites func(*ssa.Function, *types.Func) []valueflow.ParamWrite) *Write {
	cc := c.Common()
	fn := valueflow.Callee(cc)
	if fn == nil {
		return nil
	}
	cat := env.Catalog
	if sc, ok := cat.SQL(fn); ok {
		return sqlWrite(c, fn, sc)
	}
	if m, ok := cat.Model(fn); ok {
		return &Write{Instr: c, Table: "model", Args: modelValues(arg(c, fn, m)), Durability: gormDurability(c)}
	}
	if u, ok := cat.ModelUpdate(fn); ok {
		return &Write{Instr: c, Table: "model", Args: cc.Args[u+1:], Durability: gormDurability(c)}
	}
	if catalog.IsORMTransaction(fn) {
		return &Write{Instr: c, Table: "transaction", Args: closureWrites(env, cc.Args[1], paramWrites), Durability: DurAutocommit}
	}
	pws := paramWrites(cc.StaticCallee(), fn)
	if len(pws) == 0 {
		return nil
	}
	w := &Write{Instr: c, Table: pws[0].Table, Durability: DurAutocommit}
	for _, pw := range pws {
		switch {
		case pw.Param >= len(cc.Args):
		case pw.Path != "":
			// A field of the argument is written: a generated query's
			// params struct.
			w.Args = append(w.Args, modelValues(cc.Args[pw.Param])...)
		default:
			w.Args = append(w.Args, cc.Args[pw.Param])
		}
		if !pw.Durable {
			w.Durability = DurUnknown
		}
	}
	return w
}

// modelValues returns a model and the values stored into its fields
// where it is built: what an ORM insert writes. A struct passed by value
// is the load of its variable.
func modelValues(v ssa.Value) []ssa.Value {
	out := []ssa.Value{v}
	u := valueflow.Unwrap(v)
	if load, ok := u.(*ssa.UnOp); ok && load.Op == token.MUL {
		u = load.X
	}
	alloc, ok := u.(*ssa.Alloc)
	if !ok {
		return out
	}
	for _, r := range *alloc.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok {
			if val := storedValue(fa); val != nil {
				out = append(out, val)
			}
		}
	}
	return out
}

func sqlWrite(c ssa.CallInstruction, fn *types.Func, sc catalog.SQLCall) *Write {
	st := stmtOf(c, fn, sc)
	if st == nil {
		return nil
	}
	switch st.SQL.Kind {
	case sqltext.Insert, sqltext.Update, sqltext.Merge, sqltext.Delete:
		return &Write{Instr: c, Table: st.SQL.Table, Args: st.Args, Durability: st.Durability, Tx: st.Tx}
	}
	return nil
}

// A Stmt is an SQL statement a call executes, and the commit unit it runs
// in.
type Stmt struct {
	Instr ssa.CallInstruction
	SQL   *sqltext.Statement
	Text  string // the constant text of SQL
	// TextParam is 1 + the parameter of the function whose text
	// completes Text, a template (valueflow.SQLTemplate); 0 for none.
	TextParam  int
	Args       []ssa.Value
	Durability Durability
	Tx         ssa.Value // the transaction, for DurTx (nil for some statements of callees)
	Recv       ssa.Value // the handle the statement runs on (nil for statements of callees)
	// RecvBase and RecvPath locate the handle when no value of the
	// function is it: a field of RecvBase (a text builder's helper
	// that begins the chain on its receiver's handle).
	RecvBase ssa.Value
	RecvPath string
	// Assumed is set when Durability is DurAutocommit only because the
	// handle's type can be either (gorm's *DB from a parameter or a
	// field of one).
	Assumed bool
	// ArgBase and ArgPaths, for an ORM's insert of a model, are the
	// model and the field of it (".ID") that fills each placeholder of
	// Text, in order.
	ArgBase  ssa.Value
	ArgPaths []string
	// Generic, for an ORM's write in a generic function whose model's
	// type is a type parameter, is what the caller's type argument
	// makes of it (Text is empty).
	Generic *valueflow.GenericModel
	// Callee is set when the statement runs inside the function that
	// Instr calls (a repository helper, a generated query): Instr is
	// then that call, and Args, Recv and perhaps Tx are unknown.
	Callee *Callee
	// Partial is set when the call runs other statements besides this
	// one that its text does not show (catalog.SQLCall.Partial).
	Partial bool

	txOrigins map[string]bool // the transaction's identity, when Tx cannot carry it
	// affected: Instr is a forwarding helper's call whose first result
	// is the rows the statement affected (catalog.SQLCall.Affected).
	affected bool
}

// Callee says which function of a call runs a statement, as its summary
// describes it.
type Callee struct {
	Func  *types.Func
	Index int // the statement's index in the summary
	At    valueflow.Frame
	Guard bool
	// Decided is set when the callee's own handle decides the commit
	// unit (a pool, a transaction it begins), not its caller's argument.
	Decided bool
	// Judged is set when the callee is checked where it is: a function
	// of this package, or of another package that runs on a retried
	// path there.
	Judged    bool
	Exclusive []int
	// ReadBack is the summary's: the guard is a claim whose row is read
	// back (valueflow.SQLStmt).
	ReadBack bool
	// Args and Absorbed are the summary's (valueflow.SQLStmt).
	Args     []valueflow.ArgSource
	Absorbed bool
	// Optional, OnFailure and FailureOf are the summary's too: the
	// callee only logs the statement's failure, or runs it only after a
	// failure (of its statements FailureOf, when known).
	Optional, OnFailure bool
	FailureOf           []int
	// StateGuarded is the summary's: the callee runs the statement only
	// after a state guard's write, so a retry does not run it again.
	StateGuarded bool
	// Outcome is set when the callee calls an interface's method after
	// a write of its own and before the statement: what the method
	// does (perhaps a provider's call, whose outcome the statement
	// stores after the intent the write records) only the program's
	// wiring says.
	Outcome bool
	// Context is the caller's argument that chooses the statement's
	// handle, when the callee runs it on the transaction a context
	// carries or else the database (valueflow.SQLStmt.Context).
	Context ssa.Value
}

// SameCall reports whether two statements run inside one call of a
// callee.
func SameCall(a, b *Stmt) bool {
	return a.Callee != nil && b.Callee != nil && a.Instr == b.Instr
}

// Exclusive reports whether two statements of one call lie on exclusive
// branches of the callee.
func Exclusive(a, b *Stmt) bool {
	if !SameCall(a, b) {
		return false
	}
	for _, i := range a.Callee.Exclusive {
		if i == b.Callee.Index {
			return true
		}
	}
	return false
}

// ArgValue returns the value that the statement's argument i binds, as
// far as the function that runs Instr sees it: the argument itself, or
// for a statement of a callee, the caller's value of the parameter (and
// field) that the callee passes (see FieldValue); nil when unknown.
func (st *Stmt) ArgValue(i int) ssa.Value {
	if st.Callee == nil {
		if i < len(st.Args) {
			return st.Args[i]
		}
		return nil
	}
	call, ok := st.Instr.(*ssa.Call)
	if !ok || i >= len(st.Callee.Args) {
		return nil
	}
	a := st.Callee.Args[i]
	if a.Param < 0 || a.Param >= len(call.Call.Args) {
		return nil
	}
	return FieldValue(call.Call.Args[a.Param], a.Path)
}

// FieldValue returns the value at the field path inside v where v is
// built: v itself for "", else the value stored in the field of a struct
// literal or variable (passed by value or by pointer), field by field.
// It returns nil when a field is stored more than once, or v is not
// built in its function.
func FieldValue(v ssa.Value, path string) ssa.Value {
	for path != "" {
		field, rest := splitField(path)
		if field == "" {
			return nil
		}
		a, ok := builtStruct(v)
		if !ok {
			return nil
		}
		stored, n := fieldStore(a, field)
		if n != 1 {
			return nil
		}
		v, path = stored, rest
	}
	return v
}

// builtStruct returns the allocation of the struct v is, or is loaded
// from: a composite literal built in place.
func builtStruct(v ssa.Value) (*ssa.Alloc, bool) {
	u := valueflow.Unwrap(v)
	if load, ok := u.(*ssa.UnOp); ok && load.Op == token.MUL {
		u = load.X
	}
	a, ok := u.(*ssa.Alloc)
	return a, ok && isStruct(a.Type())
}

// FieldUnset reports whether v, a struct built in place (a composite
// literal), leaves its field at path at the zero value: nothing stores
// into it, and the struct is only read and its fields only set, so no
// other code fills it.
func FieldUnset(v ssa.Value, path string) bool {
	field, rest := splitField(path)
	if field == "" || rest != "" {
		return false
	}
	a, ok := builtStruct(v)
	if !ok {
		return false
	}
	if _, n := fieldStore(a, field); n > 0 {
		return false
	}
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			for _, u := range *r.Referrers() {
				if st, ok := u.(*ssa.Store); !ok || st.Addr != r {
					return false // a field's address handed on
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// TxOrigins names the transaction a statement runs on (see Origins).
func (st *Stmt) TxOrigins() map[string]bool {
	if st.txOrigins != nil {
		return st.txOrigins
	}
	return Origins(st.Tx, nil)
}

// SameTx reports whether two statements run on one transaction.
func SameTx(a, b *Stmt) bool {
	return a.Durability == DurTx && b.Durability == DurTx && Intersects(a.TxOrigins(), b.TxOrigins())
}

// textBuilderStmt is stmtOf for a text builder's executor: the
// statement its chain renders, on the handle RunWith gives it.
func textBuilderStmt(c ssa.CallInstruction) *Stmt {
	b, ok := valueflow.BuiltStmtOf(c.Common())
	if !ok {
		return nil
	}
	st := &Stmt{Instr: c, SQL: sqltext.Parse(b.Text), Text: b.Text, Args: b.Args, Recv: b.Runner, RecvBase: b.RunnerBase, RecvPath: b.RunnerPath}
	if b.Autocommit {
		st.Durability = DurAutocommit
	} else {
		st.onHandle()
	}
	return st
}

// onHandle sets the commit unit of a statement from its handle: a
// transaction's, or, for the transaction a context carries (a unit of
// work's) or else the database, each statement on its own unless a unit
// of work's function runs it.
func (st *Stmt) onHandle() {
	switch {
	case st.Recv != nil && catalog.IsTx(st.Recv.Type()):
		st.Durability, st.Tx = DurTx, st.Recv
	case st.Recv != nil && contextOrPool(st.Recv, 0):
		st.Durability, st.Assumed = DurAutocommit, true
		if WorkContext(HandleContext(st.Recv)) {
			st.Durability = DurUnknown
		}
	}
}

// StmtOf returns the statement a call executes through a catalogued
// executor, when its text is constant, or nil.
func StmtOf(cat *catalog.Catalog, c ssa.CallInstruction) *Stmt {
	fn := valueflow.Callee(c.Common())
	if fn == nil {
		return nil
	}
	sc, ok := cat.SQL(fn)
	if !ok {
		return nil
	}
	return stmtOf(c, fn, sc)
}

func stmtOf(c ssa.CallInstruction, fn *types.Func, sc catalog.SQLCall) *Stmt {
	cc := c.Common()
	if sc.Built {
		return textBuilderStmt(c)
	}
	offset := len(cc.Args) - fn.Type().(*types.Signature).Params().Len()
	text, ok := valueflow.SQLText(cc, fn, sc)
	hole := 0
	if !ok {
		// Text the function completes with a parameter: no statement
		// here, whose kind its callers' constants decide.
		t, p, isTemplate := valueflow.SQLTemplate(cc, fn, sc, c.Parent())
		if !isTemplate {
			return genericTextStmt(c, fn, sc)
		}
		text, hole = t, slices.Index(c.Parent().Params, p)+1
	}
	st := &Stmt{Instr: c, SQL: sqltext.Parse(text), Text: text, TextParam: hole, affected: sc.Affected, Partial: sc.Partial}
	if hole > 0 {
		st.SQL = &sqltext.Statement{} // unknown until completed
	}
	if a := sc.Args + offset; sc.Named && a < len(cc.Args) {
		// Named parameters bound from a struct's fields (sqlx's
		// NamedExec): the statement as it runs, its arguments the
		// fields.
		if pos, names, ok := sqltext.Positional(text); ok {
			if paths, ok := valueflow.NamedFields(valueflow.Unwrap(cc.Args[a]).Type(), names); ok {
				st.Text, st.SQL = pos, sqltext.Parse(pos)
				st.ArgBase, st.ArgPaths = valueflow.Unwrap(cc.Args[a]), paths
			}
		}
	} else if a < len(cc.Args) {
		if elems := valueflow.SliceElems(cc.Args[a]); elems != nil {
			st.Args = elems
		} else if elems := valueflow.BuiltArgs(cc.Args[a]); elems != nil {
			st.Args = elems
		} else {
			st.Args = cc.Args[a:]
		}
	}
	st.Recv = valueflow.SQLHandle(cc, fn, sc)
	if st.Recv != nil && catalog.IsORMHandle(st.Recv.Type()) {
		// r.db.WithContext(ctx).Exec(...): the handle the chain
		// refines, as the ORM's own statements take it.
		st.Recv = chainRoot(st.Recv)
	}
	if valueflow.SQLAutocommit(cc, fn, sc) {
		st.Durability = DurAutocommit
	} else {
		st.onHandle()
	}
	return st
}

// genericTextStmt returns the statement a generic repository's method
// runs with a text it formats around its type parameter's table and
// columns (fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", v.TableName(),
// ...), run with v.Values()... or a NamedExec of v): an INSERT, with
// the conflict clause the format says, of the model v, which each
// instance's type argument names (Instantiate). Nil for any other
// text or argument.
func genericTextStmt(c ssa.CallInstruction, fn *types.Func, sc catalog.SQLCall) *Stmt {
	cc := c.Common()
	offset := len(cc.Args) - fn.Type().(*types.Signature).Params().Len()
	q := sc.Query + offset
	if sc.Query < 0 || q < 0 || q >= len(cc.Args) {
		return nil
	}
	format, ok := valueflow.FormatOf(cc.Args[q])
	if !ok {
		return nil
	}
	sql := sqltext.Parse(strings.ReplaceAll(format, "%s", "x"))
	if sql.Kind != sqltext.Insert {
		return nil
	}
	opts := 0
	if !sql.Conflict && optionalConflict(cc.Args[q]) {
		// " ON CONFLICT ... DO NOTHING" written when an option asks:
		// the call's options decide, or nothing is known.
		if opts = optionsParam(c.Parent()); opts == 0 {
			return nil
		}
	}
	var args []ssa.Value
	for _, a := range cc.Args[q+1:] {
		if elems := valueflow.SliceElems(a); elems != nil {
			args = append(args, elems...) // ExecContext(ctx, q, v)'s variadic v
			continue
		}
		args = append(args, a)
	}
	candidates := append(args, tableNamed(valueflow.FormatArgs(cc.Args[q]))...)
	if r := reflectedRow(c.Parent()); r != nil {
		candidates = append(candidates, r)
	}
	for _, a := range candidates {
		model := valueflow.Unwrap(a)
		if call, ok := model.(*ssa.Call); ok && len(call.Call.Args) == 0 && call.Call.IsInvoke() {
			model = valueflow.Unwrap(call.Call.Value) // v.Values()...: the model's own values
		}
		if g := genericModel(c.Parent(), model, nil, sql, ""); g != nil && g.Param >= 0 {
			g.ConflictOpts = opts
			return &Stmt{Instr: c, SQL: &sqltext.Statement{Kind: sqltext.Insert, Conflict: sql.Conflict, Upsert: sql.Upsert}, Generic: g, Recv: valueflow.SQLHandle(cc, fn, sc)}
		}
	}
	return nil
}

// tableNamed returns the values whose TableName method gives a part of
// a format: the row that an INSERT built by reflection on its struct
// tags (fmt.Fprintf(&sb, "INSERT INTO %s (%s) ...", row.TableName(),
// ...)) writes.
func tableNamed(parts []ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, p := range parts {
		call, ok := valueflow.Unwrap(p).(*ssa.Call)
		if !ok {
			continue
		}
		switch cc := &call.Call; {
		case cc.IsInvoke() && cc.Method.Name() == "TableName":
			out = append(out, cc.Value)
		case !cc.IsInvoke() && len(cc.Args) == 1:
			if fn := cc.StaticCallee(); fn != nil && fn.Name() == "TableName" && fn.Signature.Recv() != nil {
				out = append(out, cc.Args[0])
			}
		}
	}
	return out
}

// reflectedRow returns the one parameter of fn, a generic function,
// whose type is a type parameter (or a pointer to one) and whose value
// fn reads by reflection (reflect.ValueOf(row)): the row an INSERT built
// from its struct's tags writes, whatever names its table. Nil when
// there is none, or more than one.
func reflectedRow(fn *ssa.Function) ssa.Value {
	var row ssa.Value
	for _, p := range fn.Params {
		t := p.Type()
		if ptr, ok := t.Underlying().(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if _, ok := types.Unalias(t).(*types.TypeParam); !ok || !reflected(p) {
			continue
		}
		if row != nil {
			return nil
		}
		row = p
	}
	return row
}

// reflected reports whether v is handed to the reflect package.
func reflected(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok {
			continue
		}
		for _, u := range *mi.Referrers() {
			if call, ok := u.(*ssa.Call); ok && catalog.IsReflection(valueflow.Callee(&call.Call)) {
				return true
			}
		}
	}
	return false
}

// optionalConflict reports whether some paths, and not all, add a
// conflict clause to the text that text, a builder's String, holds.
func optionalConflict(text ssa.Value) bool {
	for _, part := range valueflow.OptionalText(text) {
		if strings.Contains(strings.ToUpper(part), "ON CONFLICT") {
			return true
		}
	}
	return false
}

// optionsParam returns 1 + the index of fn's variadic parameter of
// functional options (opts ...InsertOption), or 0.
func optionsParam(fn *ssa.Function) int {
	if !fn.Signature.Variadic() || len(fn.Params) == 0 {
		return 0
	}
	last := fn.Params[len(fn.Params)-1]
	sl, ok := last.Type().Underlying().(*types.Slice)
	if !ok {
		return 0
	}
	if _, ok := sl.Elem().Underlying().(*types.Signature); !ok {
		return 0
	}
	return len(fn.Params)
}

// WorkContext reports whether ctx is the context parameter of a
// function literal, or one derived from it: the context that the code
// the literal is handed to gives it, which may carry that code's
// transaction (a unit of work's InTx(ctx, func(ctx) error {...})). A
// handle chosen by it is of the kind the composition root finds.
func WorkContext(ctx ssa.Value) bool {
	p := ContextParam(ctx)
	return p != nil && p.Parent().Parent() != nil
}

// ContextParam returns the parameter ctx is, or is derived from by the
// context package's With functions; nil when it is neither.
func ContextParam(ctx ssa.Value) *ssa.Parameter {
	for depth := 0; ctx != nil && depth < 4; depth++ {
		ctx = valueflow.Unwrap(ctx)
		if p, ok := ctx.(*ssa.Parameter); ok {
			return p
		}
		var ok bool
		if ctx, ok = ParentContext(ctx); !ok {
			return nil
		}
	}
	return nil
}

// ParentContext returns the context v is derived from when a With
// function of the context package made v (its first result).
func ParentContext(v ssa.Value) (ssa.Value, bool) {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	fn := valueflow.Callee(&call.Call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || !strings.HasPrefix(fn.Name(), "With") || len(call.Call.Args) == 0 {
		return nil, false
	}
	return call.Call.Args[0], true
}

// contextOrPool reports whether a SQL handle is either a transaction
// taken out of a context or a handle that commits each statement, on
// every path: a phi of the two, or what every return of a function of
// the package that chooses gives (if tx, ok := ctx.Value(txKey{}).(*sql.Tx);
// ok { return tx }; return r.db), with each kind at least once.
func contextOrPool(v ssa.Value, depth int) bool {
	var fromCtx, pool bool
	var visit func(v ssa.Value, depth int) bool
	visit = func(v ssa.Value, depth int) bool {
		v = valueflow.Unwrap(v)
		if w := valueflow.Converted(v); w != nil {
			v = w
		}
		if catalog.IsORMHandle(v.Type()) {
			// An ORM's handle refined for the call (tx.WithContext(ctx)):
			// the handle it starts from.
			v = chainRoot(v)
		}
		switch x := v.(type) {
		case *ssa.Phi:
			return depth < 4 && !slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return !visit(e, depth+1) })
		case *ssa.Call:
			if x.Call.IsInvoke() && choosesBehindInterface(x.Call.Signature()) {
				// A chooser the program wires (repositories given a
				// Conner whose Conn(ctx) returns the context's
				// transaction, or the pool).
				fromCtx, pool = true, true
				return true
			}
			fn := x.Call.StaticCallee()
			if depth >= 4 || fn == nil || x.Call.IsInvoke() || fn.Signature.Results().Len() != 1 {
				return false
			}
			if fn.Blocks == nil {
				// Another package's chooser, whose body this package
				// does not have: given a context and the database, it
				// returns an executor that only the context's
				// transaction can make other than the database.
				if choosesFromContext(fn.Signature) {
					fromCtx, pool = true, true
					return true
				}
				return false
			}
			for _, b := range fn.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !visit(ret.Results[0], depth+1) {
					return false
				}
			}
			return true
		case *ssa.Extract:
			if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 && contextValue(ta.X) && isTx(ta.AssertedType) {
				fromCtx = true
				return true
			}
			if call, ok := x.Tuple.(*ssa.Call); ok && takenFromContext(call.Call.Signature().Results(), x.Index) && fromContext(x, depth+1) {
				fromCtx = true // tx, ok := txFrom(ctx)
				return true
			}
			if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 && contextValue(ta.X) && catalog.IsORMHandle(ta.AssertedType) {
				fromCtx = true // an ORM's handle, the type of its transactions too, put in the context by a unit of work
				return true
			}
		}
		if unitOf(v.Type()) == DurAutocommit || injectedExecutor(v) || injectedORM(v) {
			pool = true
			return true
		}
		return false
	}
	return visit(v, depth) && fromCtx && pool
}

// injectedExecutor reports whether v is an executor interface (pgx's
// or database/sql's methods, a DBTX) that the function is given: the
// handle a chooser falls back to when the context carries no
// transaction, which the program's wiring fills with its database.
func injectedExecutor(v ssa.Value) bool {
	return !isTx(v.Type()) && catalog.ExecutorInterface(v.Type()) && heldByParam(v)
}

// injectedORM reports whether v is an ORM's handle the function is
// given: the database a chooser falls back to (conn(ctx, r.db)
// returning base.WithContext(ctx) when the context carries no
// transaction).
func injectedORM(v ssa.Value) bool {
	return catalog.IsORMHandle(v.Type()) && heldByParam(v)
}

// heldByParam reports whether v is a parameter of its function or a
// field of one (its receiver's), read.
func heldByParam(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Parameter:
		return true
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.FieldAddr)
		return ok && x.Op == token.MUL
	}
	return false
}

// choosesBehindInterface reports whether an interface method of
// signature sig takes only a context and returns an ORM's handle or an
// executor interface (Conn(ctx context.Context) *gorm.DB): what it can
// choose by is the context alone, a transaction it carries or the pool.
func choosesBehindInterface(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || catalog.TypeKey(sig.Params().At(0).Type()) != "context.Context" || sig.Results().Len() != 1 {
		return false
	}
	res := sig.Results().At(0).Type()
	return catalog.IsORMHandle(res) || catalog.ExecutorInterface(res)
}

// choosesFromContext reports whether a function of signature sig takes
// a context and a handle that commits each statement (or is a method of
// a struct that holds one), and returns one interface value
// (txm.Q(ctx, pool), db.Conn(ctx, pool), c.DB(ctx)); or takes a context
// and an ORM's handle, the type of its transactions too, and returns one
// (database.Conn(ctx, base) *gorm.DB).
func choosesFromContext(sig *types.Signature) bool {
	if sig.Results().Len() != 1 {
		return false
	}
	res := sig.Results().At(0).Type()
	orm := catalog.IsORMHandle(res)
	if !orm && !types.IsInterface(res) {
		return false
	}
	return takesContextAndPool(sig, orm) || takesContextAndExecutor(sig, res)
}

// takesContextAndExecutor reports whether a function of signature sig
// takes a context and a value of the executor interface res it returns
// (txm.Conn(ctx, db DBTX) DBTX): what it returns when the context
// carries no transaction is what it is given, which the program's
// wiring fills with its database.
func takesContextAndExecutor(sig *types.Signature, res types.Type) bool {
	if !catalog.ExecutorInterface(res) {
		return false
	}
	var ctx, db bool
	for p := range sig.Params().Variables() {
		switch {
		case catalog.TypeKey(p.Type()) == "context.Context":
			ctx = true
		case types.Identical(p.Type(), res):
			db = true
		}
	}
	return ctx && db
}

// takesOnlyContext reports whether a function of signature sig takes a
// context and nothing else.
func takesOnlyContext(sig *types.Signature) bool {
	return sig.Recv() == nil && sig.Params().Len() == 1 && catalog.TypeKey(sig.Params().At(0).Type()) == "context.Context"
}

// takenFromContext reports whether the result at index i of a function
// given only a context is a transaction it takes out of it: one of a
// transaction's type, or an executor interface reported with whether
// the context has one (q, ok := db.ConnFromContext(ctx)), which only a
// transaction the context carries can fill.
func takenFromContext(results *types.Tuple, i int) bool {
	if i >= results.Len() {
		return false
	}
	t := results.At(i).Type()
	if catalog.IsTx(t) {
		return true
	}
	return catalog.ExecutorInterface(t) && results.Len() == i+2 && types.Identical(results.At(i+1).Type(), types.Typ[types.Bool])
}

// takesContextAndPool reports whether a function of signature sig takes
// a context and a handle that commits each statement, as a parameter or
// a field of its receiver (an ORM's handle, when orm is set).
func takesContextAndPool(sig *types.Signature, orm bool) bool {
	pool := func(t types.Type) bool {
		if orm {
			return catalog.IsORMHandle(t)
		}
		return unitOf(t) == DurAutocommit
	}
	var ctx, db bool
	for p := range sig.Params().Variables() {
		switch {
		case catalog.TypeKey(p.Type()) == "context.Context":
			ctx = true
		case pool(p.Type()):
			db = true
		}
	}
	if r := sig.Recv(); r != nil {
		if s := structOf(r.Type()); s != nil {
			for f := range s.Fields() {
				db = db || pool(f.Type())
			}
		}
	}
	return ctx && db
}

// ContextChosen reports whether v, the receiver of a call through an
// interface, is made by a function of another package that chooses the
// handle it holds by a context (c.Queries(ctx), returning the generated
// queries on the context's transaction or on the pool the Conn holds),
// directly or through a function of the package that returns what such
// a function returns (r.q(ctx)).
func ContextChosen(v ssa.Value) bool {
	return contextChosen(v, 0)
}

func contextChosen(v ssa.Value, depth int) bool {
	call, ok := valueflow.Unwrap(v).(*ssa.Call)
	if !ok || call.Call.IsInvoke() || depth > 2 {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn == nil {
		return false
	}
	if wrapsHandle(fn.Signature) && contextChosen(call.Call.Args[0], depth+1) {
		return true // sqlc's New(pg.Conn(ctx, r.pool)): queries on what the context chose
	}
	if fn.Blocks == nil {
		// Another package's chooser (database.Conn(ctx, r.db), given
		// the database as an executor interface), as the handle's
		// durability reads one.
		return takesContextAndPool(fn.Signature, false) && holdsHandle(fn.Signature.Results()) || choosesFromContext(fn.Signature)
	}
	if res := fn.Signature.Results(); res.Len() == 1 && catalog.IsORMHandle(res.At(0).Type()) && contextOrPool(call, depth) {
		return true // conn(ctx, r.db): the ORM's transaction the context carries, or the database
	}
	returns := 0
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if len(ret.Results) != 1 || !contextChosen(ret.Results[0], depth+1) {
				return false
			}
			returns++
		}
	}
	return returns > 0
}

// wrapsHandle reports whether a function of signature sig takes one
// database interface, and nothing else, and returns what holds it
// (sqlc's New(db DBTX) *Queries).
func wrapsHandle(sig *types.Signature) bool {
	return sig.Recv() == nil && sig.Params().Len() == 1 && types.IsInterface(sig.Params().At(0).Type()) && holdsHandle(sig.Results())
}

// holdsHandle reports whether a function's one result holds a handle
// its maker chose: an interface (a Querier), or a struct, or a pointer
// to one, with a field of interface type (sqlc's Queries and its DBTX).
func holdsHandle(results *types.Tuple) bool {
	if results.Len() != 1 {
		return false
	}
	t := results.At(0).Type()
	if types.IsInterface(t) {
		return true
	}
	if s := structOf(t); s != nil {
		for f := range s.Fields() {
			if types.IsInterface(f.Type()) {
				return true
			}
		}
	}
	return false
}

// gormAssumed reports whether a gorm call's handle is taken to commit
// each statement only for want of its origin: the chain starts at a
// parameter of the function, or a field of one (a repository's r.db),
// which could hold a transaction as well as the database.
func gormAssumed(c ssa.CallInstruction) bool {
	cc := c.Common()
	if cc.IsInvoke() || len(cc.Args) == 0 || gormDurability(c) != DurAutocommit {
		return false
	}
	v := chainRoot(cc.Args[0])
	if fromContext(v, 0) {
		return true // a transaction a unit of work may have put there, or the database
	}
	return paramRooted(v, 0)
}

// paramRooted reports whether an ORM's handle v is a parameter of its
// function or a field of one, or what a helper of the package returns
// from its own (r.apply(ctx, scopes), returning r.db narrowed by the
// scopes).
func paramRooted(v ssa.Value, depth int) bool {
	for {
		switch x := v.(type) {
		case *ssa.Parameter:
			return true
		case *ssa.UnOp:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Alloc:
			// A receiver or parameter the function keeps in a variable.
			for _, r := range *x.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == x {
					if _, ok := st.Val.(*ssa.Parameter); ok {
						return true
					}
				}
			}
			return false
		case *ssa.Call:
			rets := handleReturns(x, depth)
			return len(rets) > 0 && !slices.ContainsFunc(rets, func(r ssa.Value) bool { return !paramRooted(chainRoot(r), depth+1) })
		case *ssa.Phi:
			edges := slices.DeleteFunc(slices.Clone(x.Edges), func(e ssa.Value) bool { return narrows(e, x) })
			return len(edges) == 1 && paramRooted(chainRoot(edges[0]), depth+1)
		default:
			return false
		}
	}
}

// narrows reports whether e is a scope's call given phi (q = s(q)).
func narrows(e ssa.Value, phi *ssa.Phi) bool {
	call, ok := e.(*ssa.Call)
	return ok && scopeCall(&call.Call, call.Type()) && call.Call.Args[0] == phi
}

// scopeCall reports whether cc calls a function value that takes an
// ORM's handle and returns one, as gorm's scopes do.
func scopeCall(cc *ssa.CallCommon, result types.Type) bool {
	return cc.StaticCallee() == nil && !cc.IsInvoke() && len(cc.Args) == 1 &&
		types.Identical(cc.Args[0].Type(), result) && catalog.IsORMHandle(result)
}

// declaredIn returns the package that declares fn, or the function a
// literal is in (a generic method's body has no ssa.Package).
func declaredIn(fn *ssa.Function) *types.Package {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if obj := fn.Object(); obj != nil {
		return obj.Pkg()
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg
	}
	return nil
}

// maxHandleHelpers bounds the helpers of the package whose returns an
// ORM handle's origin is looked for in.
const maxHandleHelpers = 2

// handleReturns returns the values a helper of the package returns as
// the ORM handle that call gives (r.apply(ctx, scopes)), a scope's
// argument for a scope's call, or nil.
func handleReturns(call *ssa.Call, depth int) []ssa.Value {
	if scopeCall(&call.Call, call.Type()) {
		return []ssa.Value{call.Call.Args[0]}
	}
	fn := call.Call.StaticCallee()
	if depth >= maxHandleHelpers || fn == nil || call.Call.IsInvoke() || fn.Blocks == nil || fn.Parent() != nil ||
		fn.Object() == nil || fn.Object().Pkg() != declaredIn(call.Parent()) || !catalog.IsORMHandle(call.Type()) {
		return nil
	}
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
			out = append(out, ret.Results[0])
		}
	}
	return out
}

// gormDurability decides whether a gorm write runs inside a transaction:
// on the callback parameter of Transaction or on a Begin result, at the
// root of the call's chain.
func gormDurability(c ssa.CallInstruction) Durability {
	cc := c.Common()
	if cc.IsInvoke() || len(cc.Args) == 0 {
		return DurUnknown
	}
	return ORMHandleUnit(cc.Args[0])
}

// ORMHandleUnit is the commit unit of an ORM's handle v by its origin,
// as gorm's *DB is both the pool and a transaction: begun, or a
// callback's parameter (Transaction's, or a helper's), it is a
// transaction; a parameter of a function is what its callers pass; any
// other (a field, a global) commits each statement.
func ORMHandleUnit(v ssa.Value) Durability {
	return ormHandleUnit(v, 0)
}

func ormHandleUnit(v ssa.Value, depth int) Durability {
	switch root := chainRoot(v).(type) {
	case *ssa.Phi:
		// q := tx; if ... { q = tx.Clauses(...) }: the unit of every
		// edge, when they agree.
		if depth > 2 || len(root.Edges) == 0 {
			return DurUnknown
		}
		unit := ormHandleUnit(root.Edges[0], depth+1)
		for _, e := range root.Edges[1:] {
			if ormHandleUnit(e, depth+1) != unit {
				return DurUnknown
			}
		}
		return unit
	case *ssa.Call:
		if fn := valueflow.Callee(&root.Call); fn != nil && catalog.IsORMBegin(fn.Name()) {
			return DurTx
		}
		if rets := handleReturns(root, depth); len(rets) > 0 {
			// A helper of the package that returns the handle, or a
			// scope: the unit of what every return holds.
			unit := ormHandleUnit(rets[0], depth+1)
			for _, r := range rets[1:] {
				if ormHandleUnit(r, depth+1) != unit {
					return DurUnknown
				}
			}
			return unit
		}
	case *ssa.Parameter:
		if root.Parent().Parent() != nil {
			return DurTx
		}
		return DurUnknown
	case *ssa.UnOp:
		// tx := db.Begin() that a closure captures (a deferred
		// Rollback): the variable holds the Begin's result.
		if alloc, ok := root.X.(*ssa.Alloc); ok && root.Op == token.MUL && depth <= 2 {
			if stored, once := valueflow.StoredOnce(alloc); once {
				return ormHandleUnit(stored, depth+1)
			}
		}
	}
	return DurAutocommit
}

// fromContext reports whether the handle v may be one taken out of a
// context (tx, ok := ctx.Value(txKey{}).(*gorm.DB)), directly, on one
// edge of a phi, or in a return of the function of the package that
// gives it (r.conn(ctx)): a unit of work that puts its transaction in
// the context it runs its work with makes the statement commit with the
// others there, and elsewhere it commits on its own, as the handle of a
// repository does that a unit of work may have built on its
// transaction.
func fromContext(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := chainRoot(v).(type) {
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.TypeAssert:
			return contextValue(t.X)
		case *ssa.Call:
			// tx, ok := txFrom(ctx): what every return of a function
			// of the package gives there.
			fn := t.Call.StaticCallee()
			if fn == nil || t.Call.IsInvoke() {
				return false
			}
			if fn.Blocks == nil {
				// Another package's (pg.TxFromContext(ctx)), whose
				// body this package does not have: given a context
				// and nothing else, it can only take a transaction
				// out of it.
				return takesOnlyContext(fn.Signature) && takenFromContext(fn.Signature.Results(), x.Index)
			}
			for _, b := range fn.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && x.Index < len(ret.Results) && fromContext(ret.Results[x.Index], depth+1) {
					return true
				}
			}
		}
	case *ssa.TypeAssert:
		return contextValue(x.X)
	case *ssa.Phi:
		return slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return fromContext(e, depth+1) })
	case *ssa.Call:
		if x.Call.IsInvoke() {
			// A chooser the program wires (r.db.Conn(ctx)).
			return choosesBehindInterface(x.Call.Signature())
		}
		fn := x.Call.StaticCallee()
		if fn == nil {
			return false
		}
		if fn.Blocks == nil {
			// Another package's chooser (database.Conn(ctx, r.db)),
			// whose body this package does not have.
			return choosesFromContext(fn.Signature)
		}
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 && fromContext(ret.Results[0], depth+1) {
				return true
			}
		}
	}
	return false
}

// HandleContext returns the context whose transaction the handle v is,
// when the context carries one: the context a chooser of the package
// is given (Conn(ctx, r.db), r.conn(ctx)), or the one whose Value the
// handle is taken out of. It is nil for a handle that no context
// chooses.
func HandleContext(v ssa.Value) ssa.Value {
	if !fromContext(v, 0) && !contextOrPool(v, 0) {
		return nil
	}
	for depth := 0; depth < 4; depth++ {
		switch x := chainRoot(valueflow.Unwrap(v)).(type) {
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.TypeAssert:
			if call, ok := x.X.(*ssa.Call); ok && contextValue(call) {
				return call.Call.Value
			}
			return nil
		case *ssa.Call:
			var ctx ssa.Value
			for _, a := range x.Call.Args {
				if catalog.TypeKey(a.Type()) == "context.Context" {
					if ctx != nil {
						return nil // two contexts: which one chooses is not known
					}
					ctx = a
				}
			}
			return ctx
		default:
			return nil
		}
	}
	return nil
}

// FreshContext reports whether v is a context no code of the program
// has put a value in: a request's own (r.Context(), c.Request().Context())
// or a background one.
func FreshContext(v ssa.Value) bool {
	call, ok := valueflow.Unwrap(v).(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return false
	}
	fn := valueflow.Callee(&call.Call)
	return fn != nil && catalog.MakesFreshContext(fn)
}

// contextValue reports whether v is what a context's Value method
// returned.
func contextValue(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	return ok && call.Call.IsInvoke() && call.Call.Method.Name() == "Value" && catalog.TypeKey(call.Call.Value.Type()) == "context.Context"
}

// closureWrites returns the values written inside a gorm Transaction
// callback.
func closureWrites(env *valueflow.Env, v ssa.Value, paramWrites func(*ssa.Function, *types.Func) []valueflow.ParamWrite) []ssa.Value {
	var fn *ssa.Function
	switch f := v.(type) {
	case *ssa.Function:
		fn = f
	case *ssa.MakeClosure:
		fn = f.Fn.(*ssa.Function)
	default:
		return nil
	}
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if w := WriteOf(env, c, paramWrites); w != nil {
					out = append(out, w.Args...)
				}
			}
		}
	}
	return out
}

// ExternalBetween reports whether an external call (a charge, a publish,
// Classify's calls) can run after one of from and before one of to, all
// instructions of one function.
func ExternalBetween(cat *catalog.Catalog, from, to []ssa.Instruction) bool {
	if len(from) == 0 || len(to) == 0 {
		return false
	}
	for _, b := range from[0].Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if ok && Classify(cat, call) != nil && reachesOne(from, instr, true) && reachesOne(to, instr, false) {
				return true
			}
		}
	}
	return false
}

// reachesOne reports whether instr is reached from one of set (forward),
// or reaches one of set.
func reachesOne(set []ssa.Instruction, instr ssa.Instruction, forward bool) bool {
	for _, s := range set {
		if forward && Reaches(s, instr) || !forward && Reaches(instr, s) {
			return true
		}
	}
	return false
}

// Dominates reports whether a runs before b on every path through their
// function.
func Dominates(a, b ssa.Instruction) bool { return valueflow.Dominates(a, b) }

// HandsOnAfter reports whether, after st, its function hands st's
// handle to a call that known does not name (a wallet's Apply given the
// transaction): what that call writes in the transaction, which its
// caller's list does not show, would run again once st absorbed its
// duplicate.
func HandsOnAfter(st *Stmt, known func(ssa.Instruction) bool) bool {
	if st.Recv == nil {
		return false
	}
	handle := placeOf(st.Recv)
	for _, b := range st.Instr.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || instr == ssa.Instruction(st.Instr) || known(instr) || !Dominates(st.Instr, instr) {
				continue
			}
			args := call.Common().Args
			if call.Common().Method == nil && call.Common().Signature().Recv() != nil {
				args = args[1:] // a method of the handle's own (its Commit) is no helper
			}
			if slices.ContainsFunc(args, func(a ssa.Value) bool { return placeOf(a) == handle }) {
				return true
			}
		}
	}
	return false
}

// A handlePlace is where a handle is read from: a value and the fields
// from it (s.db is s and ".db"), seen through embedded fields (sqlx's Tx
// for the *sql.Tx it embeds, whose methods its statements call).
type handlePlace struct {
	base ssa.Value
	path string
}

func placeOf(v ssa.Value) handlePlace {
	var path []string
	for {
		switch x := valueflow.Unwrap(v).(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return handlePlace{x, strings.Join(path, "")}
			}
			v = x.X
		case *ssa.FieldAddr:
			if f := valueflow.FieldVar(x.X.Type(), x.Field); f != nil && !f.Anonymous() {
				path = append([]string{"." + f.Name()}, path...)
			}
			v = x.X
		case *ssa.Field:
			if f := valueflow.FieldVar(x.X.Type(), x.Field); f != nil && !f.Anonymous() {
				path = append([]string{"." + f.Name()}, path...)
			}
			v = x.X
		default:
			return handlePlace{x, strings.Join(path, "")}
		}
	}
}

// Reaches reports whether b can run after a.
func Reaches(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return false
	}
	if a.Block() == b.Block() {
		for _, instr := range a.Block().Instrs {
			if instr == a {
				return true
			}
			if instr == b {
				break
			}
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), a.Block().Succs...)
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if blk == b.Block() {
			return true
		}
		if !seen[blk] {
			seen[blk] = true
			stack = append(stack, blk.Succs...)
		}
	}
	return false
}

// CommitBefore reports whether tx's commit runs before instr on every
// path: a Commit call on tx that dominates it.
func CommitBefore(tx ssa.Value, instr ssa.Instruction) bool {
	for _, r := range *tx.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		cc := call.Common()
		recv := cc.Value // the receiver of an interface method (pgx.Tx)
		if !cc.IsInvoke() {
			if len(cc.Args) == 0 {
				continue
			}
			recv = cc.Args[0] // of a concrete method (*sql.Tx)
		}
		if fn := valueflow.Callee(cc); fn != nil && recv == tx && catalog.IsCommit(fn.Name()) && Dominates(call, instr) {
			return true
		}
	}
	return false
}

// ErrorDecides reports whether a call's error decides whether the path
// goes on: it is returned (the caller decides, a transaction callback's
// helper rolls back), or tested against nil with the error's branch not
// rejoining the other (it returns, or starts the loop's next turn, which
// runs the call again first). An error ignored, or logged and dropped,
// decides nothing.
func ErrorDecides(c ssa.CallInstruction) bool {
	call, ok := c.(*ssa.Call)
	if !ok {
		return false
	}
	err := valueflow.ErrorResult(call)
	if err == nil {
		return false
	}
	for _, r := range *err.Referrers() {
		switch r := r.(type) {
		case *ssa.Return:
			return true
		case *ssa.Call:
			// Wrapped and returned: fmt.Errorf("...: %w", err).
			for _, rr := range *r.Referrers() {
				if _, ok := rr.(*ssa.Return); ok {
					return true
				}
			}
		case *ssa.BinOp:
			if nilTest(r) && branchDecides(r, call.Block()) {
				return true
			}
		}
	}
	return false
}

// nilTest reports whether a comparison tests a value against nil.
func nilTest(b *ssa.BinOp) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	for _, v := range []ssa.Value{b.X, b.Y} {
		if k, ok := v.(*ssa.Const); ok && k.IsNil() {
			return true
		}
	}
	return false
}

// branchDecides reports whether an if on a nil test sends the error's
// branch where the other branch cannot be reached, except by running
// the call's block again.
func branchDecides(test *ssa.BinOp, callBlock *ssa.BasicBlock) bool {
	for _, r := range *test.Referrers() {
		ifs, ok := r.(*ssa.If)
		if !ok {
			continue
		}
		errBranch, okBranch := ifs.Block().Succs[0], ifs.Block().Succs[1]
		if test.Op == token.EQL {
			errBranch, okBranch = okBranch, errBranch
		}
		if !reachesAvoiding(errBranch, okBranch, callBlock) {
			return true
		}
	}
	return false
}

// reachesAvoiding reports whether block to can be reached from block
// from without passing through block avoid.
func reachesAvoiding(from, to, avoid *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{avoid: true}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if blk == to {
			return true
		}
		if !seen[blk] {
			seen[blk] = true
			stack = append(stack, blk.Succs...)
		}
	}
	return false
}

// ResultsDiscarded reports whether a call returns something besides an
// error and its caller uses none of it: a guard the callee runs, whose
// outcome it returns (MarkPaid's rows affected), decides nothing for the
// caller.
func ResultsDiscarded(call *ssa.Call) bool {
	tup, ok := call.Type().(*types.Tuple)
	if !ok {
		return call.Type() != nil && catalog.TypeKey(call.Type()) != "error" && len(*call.Referrers()) == 0
	}
	if tup.Len() < 2 {
		return false
	}
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && catalog.TypeKey(tup.At(ex.Index).Type()) != "error" && len(*ex.Referrers()) > 0 {
			return false
		}
	}
	return true
}

// TakesNoRow reports whether fn reads a driver's error for a missing
// row (errors.Is(err, pgx.ErrNoRows), err == sql.ErrNoRows): a read of
// a row it runs may find none and go on.
func TakesNoRow(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(nil) {
				if g, ok := (*op).(*ssa.Global); ok && catalog.IsErrNoRows(g.Object()) {
					return true
				}
			}
		}
	}
	return false
}

// errorStops reports whether the error call returns ends the path when
// it is not nil (if err != nil { return ... }): a guard whose row, read
// back with RETURNING, is missing on a repeat (pgx.ErrNoRows, sqlc's
// :one) decides by its error, whatever its other results.
func errorStops(call *ssa.Call) bool {
	tup, ok := call.Type().(*types.Tuple)
	if !ok {
		return false
	}
	for _, r := range *call.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || catalog.TypeKey(tup.At(ex.Index).Type()) != "error" {
			continue
		}
		for _, u := range *ex.Referrers() {
			cmp, ok := u.(*ssa.BinOp)
			if !ok || cmp.Op != token.NEQ {
				continue
			}
			if c, ok := cmp.Y.(*ssa.Const); !ok || !c.IsNil() {
				continue
			}
			for _, w := range *cmp.Referrers() {
				if iff, ok := w.(*ssa.If); ok && returns(iff.Block().Succs[0], 0) {
					return true
				}
			}
		}
	}
	return false
}

// returns reports whether block b ends the function, itself or through
// blocks that only it leads to (not back into the code after the test).
func returns(b *ssa.BasicBlock, depth int) bool {
	switch b.Instrs[len(b.Instrs)-1].(type) {
	case *ssa.Return:
		return true
	case *ssa.Jump:
		next := b.Succs[0]
		return depth < 3 && len(next.Preds) == 1 && returns(next, depth+1)
	}
	return false
}

// IsGuard reports whether a statement is a dedup guard: a conflict-
// tolerant INSERT (not an upsert, whose row is there either way), or an UPDATE that tests a column it sets
// (CompareAndSet), whose outcome decides whether the path goes on, by
// rows affected (RowsAffected of its result or command tag, gorm's
// RowsAffected field) or by the row it returns (RETURNING).
func IsGuard(st *Stmt) bool {
	if st.Callee != nil {
		return st.Callee.Guard
	}
	if !(st.SQL.Kind == sqltext.Insert && st.SQL.Conflict && !st.SQL.Upsert || CompareAndSet(st.SQL)) {
		return false
	}
	if st.SQL.Returning {
		return true
	}
	call, ok := st.Instr.(*ssa.Call)
	if !ok {
		return false
	}
	results := []ssa.Value{call}
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
			if st.affected && len(*ex.Referrers()) > 0 {
				return true // the helper's count of the rows, read
			}
			results = append(results, ex)
		}
	}
	return slices.ContainsFunc(results, func(v ssa.Value) bool { return readsRowsAffected(v, 0) })
}

// claimOrSet reports whether a statement is a claim (an INSERT that
// ignores a conflict) or a compare-and-set: whether it changed a row
// says whether the work is done.
func claimOrSet(st *sqltext.Statement) bool {
	return st.Kind == sqltext.Insert && st.Conflict && !st.Upsert || CompareAndSet(st)
}

// ORMReadBack reports whether st, an ORM's create that ignores a
// conflict, is read back by its function: a row read (gorm's Take,
// First, Last) into a value of the created model's type that the
// create comes before (Clauses(clause.OnConflict{DoNothing: true}).
// Create(&row), then Where(...).Take(&existing) when no row was
// made). The function answers with the row already there, whose state
// decides, as a claim with RETURNING and a SELECT of it does.
func ORMReadBack(st *Stmt) bool {
	if st.SQL.Kind != sqltext.Insert || !st.SQL.Conflict || st.SQL.Upsert || st.ArgBase == nil {
		return false
	}
	model := valueflow.Unwrap(st.ArgBase).Type()
	fn := st.Instr.Parent()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) < 2 || !Reaches(st.Instr, c) {
				continue
			}
			if callee := valueflow.Callee(&c.Call); callee != nil && catalog.IsORMRowRead(callee) && types.Identical(valueflow.Unwrap(c.Call.Args[1]).Type(), model) {
				return true
			}
		}
	}
	return false
}

// GuardHidden reports whether a guard's outcome stays inside the
// function that runs it: the function answers with an error alone, and
// neither the row the statement returns nor an error of its own when it
// changes none (NoRowFails) tells its caller (if n == 0 { return nil }).
// Its test stops the function's own later work, not its caller's.
func GuardHidden(st *Stmt) bool {
	if st.Callee != nil || st.SQL.Returning || !IsGuard(st) {
		return false
	}
	fn := st.Instr.Parent()
	if fn == nil || fn.Parent() != nil {
		return false // a literal's outcome may leave through what it captures
	}
	res := fn.Signature.Results()
	return res.Len() == 1 && catalog.TypeKey(res.At(0).Type()) == "error" && !NoRowFails(st)
}

// NoRowFails reports whether the function that runs a claim or a
// compare-and-set UPDATE returns an error of its own when the statement
// changes no row: the rows affected are tested, here or in a helper of
// the package handed the result (mustAffect(res, err), itself handing
// it to affected(res)), and the branch taken on none returns an error
// that is not nil. A retry after the UPDATE committed fails there, as
// a read of the row it returns does.
func NoRowFails(st *Stmt) bool {
	if st.Callee != nil || !claimOrSet(st.SQL) {
		return false
	}
	call, ok := st.Instr.(*ssa.Call)
	if !ok {
		return false
	}
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 && failsWhenNone(ex, 0) {
			return true
		}
	}
	return failsWhenNone(call, 0)
}

// NoneFails reports whether a call that runs a claim fails its caller
// when the claim inserts no row: the count or the answer it returns is
// tested, and the branch taken on none returns an error of the
// caller's own (if n == 0 { return ErrInProgress }).
func NoneFails(call *ssa.Call) bool {
	var out ssa.Value = call
	if _, ok := call.Type().(*types.Tuple); ok {
		if out = extract(call, 0); out == nil {
			return false
		}
	}
	if b, ok := out.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
		return truthFails(out, false)
	}
	return countFails(out)
}

// failsWhenNone reports whether res, a statement's result, leads to a
// return of an error when its rows affected are none: tested in res's
// function, or in a helper given res (depth bounds the helpers), whose
// error, or whose answer of whether rows were affected, decides here.
func failsWhenNone(res ssa.Value, depth int) bool {
	for _, r := range *res.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		if fn := valueflow.Callee(c.Common()); fn != nil && fn.Name() == "RowsAffected" {
			count := ssa.Value(c)
			if _, ok := c.Type().(*types.Tuple); ok {
				count = extract(c, 0)
			}
			if count != nil && countFails(count) {
				return true
			}
			continue
		}
		callee := c.Common().StaticCallee()
		if callee == nil || callee.Blocks == nil || depth > 1 {
			continue
		}
		for i, a := range c.Common().Args {
			if valueflow.Unwrap(a) != res || i >= len(callee.Params) {
				continue
			}
			if failsWhenNone(callee.Params[i], depth+1) && ErrorDecides(c) {
				return true
			}
			if k, whenNone, ok := answersRows(callee.Params[i]); ok {
				if t := extract(c, k); t != nil && truthFails(t, whenNone) {
					return true
				}
			}
		}
	}
	return false
}

// extract returns the Extract of a call's result i, or nil.
func extract(c *ssa.Call, i int) ssa.Value {
	for _, r := range *c.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == i {
			return ex
		}
	}
	return nil
}

// countFails reports whether a count of rows affected, compared with a
// constant, leads to a return of an error when it is zero.
func countFails(n ssa.Value) bool {
	for _, r := range *n.Referrers() {
		if b, ok := r.(*ssa.BinOp); ok {
			if whenNone, ok := zeroTruth(b, n); ok && truthFails(b, whenNone) {
				return true
			}
		}
	}
	return false
}

// zeroTruth returns what a comparison of the count n with a constant
// is when n is zero (n == 0, n > 0, n != 1, 1 > n).
func zeroTruth(b *ssa.BinOp, n ssa.Value) (bool, bool) {
	x, y := b.X, b.Y
	if y == n {
		x, y = y, x
	}
	k, ok := y.(*ssa.Const)
	if x != n || !ok || k.Value == nil {
		return false, false
	}
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false, false
	}
	zero := constant.MakeInt64(0)
	if b.X == n {
		return constant.Compare(zero, b.Op, k.Value), true
	}
	return constant.Compare(k.Value, b.Op, zero), true
}

// truthFails reports whether a truth that is whenNone when no row was
// affected leads, on that branch, to a return of an error.
func truthFails(t ssa.Value, whenNone bool) bool {
	for _, r := range *t.Referrers() {
		switch r := r.(type) {
		case *ssa.If:
			branch := r.Block().Succs[1]
			if whenNone {
				branch = r.Block().Succs[0]
			}
			if returnsError(branch) {
				return true
			}
		case *ssa.UnOp:
			if r.Op == token.NOT && truthFails(r, !whenNone) {
				return true
			}
		}
	}
	return false
}

// returnsError reports whether the straight path from b returns an
// error of its function's own: not nil, nor a call's error passed on,
// which may be nil there (if err != nil || n == 0 { return err }).
func returnsError(b *ssa.BasicBlock) bool {
	for range 8 {
		last := b.Instrs[len(b.Instrs)-1]
		if ret, ok := last.(*ssa.Return); ok {
			if len(ret.Results) == 0 {
				return false
			}
			v := ret.Results[len(ret.Results)-1]
			if catalog.TypeKey(v.Type()) != "error" {
				return false
			}
			switch v := v.(type) {
			case *ssa.Const, *ssa.Extract, *ssa.Phi, *ssa.Parameter:
				return false
			case *ssa.Call:
				return v.Call.IsInvoke() || v.Call.StaticCallee() != nil && v.Call.StaticCallee().Signature.Results().Len() == 1
			}
			return true
		}
		if len(b.Succs) != 1 {
			return false
		}
		b = b.Succs[0]
	}
	return false
}

// answersRows returns the result of p's function that answers whether
// the statement whose result p is affected rows (return n > 0, nil),
// and what that answer is when none was.
func answersRows(p ssa.Value) (int, bool, bool) {
	for _, r := range *p.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		if fn := valueflow.Callee(c.Common()); fn == nil || fn.Name() != "RowsAffected" {
			continue
		}
		count := ssa.Value(c)
		if _, ok := c.Type().(*types.Tuple); ok {
			count = extract(c, 0)
		}
		if count == nil {
			continue
		}
		for _, cr := range *count.Referrers() {
			b, ok := cr.(*ssa.BinOp)
			if !ok {
				continue
			}
			whenNone, ok := zeroTruth(b, count)
			if !ok {
				continue
			}
			for _, br := range *b.Referrers() {
				if ret, ok := br.(*ssa.Return); ok {
					for k, v := range ret.Results {
						if v == b {
							return k, whenNone, true
						}
					}
				}
			}
		}
	}
	return 0, false, false
}

// readsRowsAffected reports whether the rows affected of v, a
// statement's result, are read: RowsAffected of the result or command
// tag (database/sql's, pgx's, bun's), gorm's RowsAffected field, or a
// function handed the result that reads them (affected(res), or
// mustAffect(res, err) that hands it to affected): one of the package,
// read two calls deep, or one of another package that makes a number or
// a truth of the result alone.
func readsRowsAffected(v ssa.Value, depth int) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case ssa.CallInstruction:
			if fn := valueflow.Callee(r.Common()); fn != nil && fn.Name() == "RowsAffected" {
				return true
			}
			callee := r.Common().StaticCallee()
			if callee != nil && callee.Blocks == nil && countsResult(callee.Signature, v) {
				return true // a helper of another package: affected(res) int64
			}
			if callee == nil || callee.Blocks == nil || depth > 1 {
				continue
			}
			for i, a := range r.Common().Args {
				if valueflow.Unwrap(a) == v && i < len(callee.Params) && readsRowsAffected(callee.Params[i], depth+1) {
					return true
				}
			}
		case *ssa.MakeInterface:
			if readsRowsAffected(r, depth) {
				return true
			}
		case *ssa.FieldAddr:
			if fieldName(r) == "RowsAffected" {
				return true // gorm's *DB after Create
			}
		}
	}
	return false
}

// countsResult reports whether a function of signature sig takes the
// result v alone and answers with a number or a truth: what a helper
// makes of a statement's result is its rows affected. An error is no
// result: a test of it (errors.Is, a driver's IsUniqueViolation) says
// whether the statement failed, not what it changed.
func countsResult(sig *types.Signature, v ssa.Value) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || !types.Identical(sig.Params().At(0).Type(), v.Type()) || catalog.TypeKey(v.Type()) == "error" {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsBoolean) != 0
}

// CompareAndSet reports whether an UPDATE tests, in its WHERE clause, a
// column it sets (UPDATE payouts SET status = $3 WHERE id = $1 AND
// status = $2): a retry finds the new value and updates no row, so its
// rows affected say whether this is the first time, as a
// conflict-tolerant INSERT's do.
func CompareAndSet(st *sqltext.Statement) bool {
	if st.Kind != sqltext.Update {
		return false
	}
	if !st.Arithmetic {
		for _, c := range st.WhereColumns() {
			if slices.Contains(st.Columns, c) {
				return true
			}
		}
		// A column set to a parameter and tested against a list the
		// caller gives (status = $1 WHERE status IN ($2)), as a test
		// of equality with one is: the new state is not among those
		// the update starts from.
		if slices.ContainsFunc(st.Tested, func(t sqltext.Test) bool { return t.Op == "IN" && setToParam(st, t.Column) }) {
			return true
		}
	}
	// A state the SET leaves behind: a second run updates no row, even
	// one that also adds to a column (paid_cents = paid_cents + $2
	// WHERE deposit_status IN ('pending', 'failed') with deposit_status
	// set to 'paid'). A test of the column it adds to is no such state.
	return slices.ContainsFunc(st.Tested, func(t sqltext.Test) bool { return falsifies(st, t) })
}

// setToParam reports whether an UPDATE sets column to a placeholder.
func setToParam(st *sqltext.Statement, column string) bool {
	v, ok := st.Set[strings.ToLower(column)]
	return ok && (v == "?" || strings.HasPrefix(v, "$") || strings.HasPrefix(v, ":") || strings.HasPrefix(v, "@"))
}

// falsifies reports whether the UPDATE's SET makes its WHERE test t
// false, so that a second run updates no row: status <> 'cancelled'
// with status set to 'cancelled', sent_at IS NULL with sent_at set,
// status IN ('new', 'held') with status set to another constant.
func falsifies(st *sqltext.Statement, t sqltext.Test) bool {
	v, ok := st.Set[strings.ToLower(t.Column)]
	switch t.Op {
	case "IS NULL": // set to an expression (now()) or a token, not NULL
		return slices.ContainsFunc(st.Columns, func(c string) bool { return strings.EqualFold(c, t.Column) }) && !strings.EqualFold(v, "NULL")
	case "<>", "NOT IN":
		return ok && slices.Contains(t.Values, v)
	case "IN":
		return strings.HasPrefix(v, "'") && !slices.Contains(t.Values, v)
	}
	return false
}

// isTxCallback reports whether fn, a function literal, is passed to a
// function that runs it in a transaction and returns its error. Only the
// calls that take fn are looked up: this runs for every closure.
func isTxCallback(fn *ssa.Function) bool {
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !slices.ContainsFunc(call.Common().Args, func(a ssa.Value) bool {
				mc, ok := a.(*ssa.MakeClosure)
				return a == fn || ok && mc.Fn == fn
			}) {
				continue
			}
			cc := call.Common()
			if callee := valueflow.Callee(cc); callee != nil && (IsTxFunc(cc) || catalog.IsORMTransaction(callee)) {
				return true
			}
		}
	}
	return false
}

// ReadsRows reports whether a statement runs through a method that
// returns rows (Query, QueryRow, Get, Select): a fix that changes what
// the statement returns must keep them.
func ReadsRows(c ssa.CallInstruction) bool {
	name := ""
	if c.Common().IsInvoke() {
		name = c.Common().Method.Name()
	} else if callee := c.Common().StaticCallee(); callee != nil {
		name = callee.Name()
	}
	return strings.HasPrefix(name, "Query") || strings.HasPrefix(name, "Get") || strings.HasPrefix(name, "Select")
}

// Repeats reports whether a write that a retry runs again changes the
// data again: an INSERT without conflict handling, or whose update on a
// conflict adds to the existing row, or an UPDATE that computes a column
// from itself. A row of a log of attempts is meant to be added again: it
// records the retry.
func Repeats(st *sqltext.Statement) bool {
	switch st.Kind {
	case sqltext.Insert:
		return (!st.Conflict || st.Arithmetic) && !catalog.IsAttemptLog(st.Table)
	case sqltext.Update:
		return st.Arithmetic
	}
	return false
}

// MadeAt returns the instruction of the outermost function that makes the
// function literal instr runs in (or instr itself), or nil when a
// literal is made in more than one place.
func MadeAt(instr ssa.Instruction) ssa.Instruction {
	for fn := instr.Parent(); fn.Parent() != nil; fn = instr.Parent() {
		var at ssa.Instruction
		for _, b := range fn.Parent().Blocks {
			for _, in := range b.Instrs {
				if mc, ok := in.(*ssa.MakeClosure); ok && mc.Fn == fn {
					if at != nil {
						return nil
					}
					at = in
				}
			}
		}
		if at == nil {
			return nil
		}
		instr = at
	}
	return instr
}
