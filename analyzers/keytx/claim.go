package keytx

import (
	"bytes"
	"cmp"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// claimFix turns a check-then-act into a claim: the SELECT that looks the
// key up becomes an INSERT of the key that absorbs a duplicate, run on
// the transaction of the effect, and the test of its answer becomes a
// test of the rows the INSERT affected. Two attempts can both find no
// key; only one can insert it, and the other's INSERT waits for the first
// transaction and then affects no row.
//
// The claim records the key, so the INSERT of the key that the function
// makes later in that transaction goes: left in place it would fail on
// the unique index that the claim relies on. The fix is offered only
// when the function makes that INSERT, of the same columns and values:
// without it the key may be written elsewhere (a helper), and there the
// claim would make it fail. Where the transaction begins just after the
// check, the claim moves to just after its Begin (and the deferred
// Rollback, which ends the transaction when the claim finds the key). A
// check whose effect runs without a transaction, or in a callback, gets
// no fix: claiming the key on its own would trade the race for a crash
// that loses the effect.
func (c *checker) claimFix(k, w *effects.Stmt) *analysis.SuggestedFix {
	if k.SQL.Kind != sqltext.Select || k.Durability != effects.DurAutocommit || w.Durability != effects.DurTx ||
		!c.isKeyTable(k.SQL) || k.Instr.Parent() != w.Instr.Parent() {
		return nil
	}
	file := fix.FileOf(c.pass, k.Instr.Pos())
	q, ok := c.queryOf(file, k, w)
	if !ok {
		return nil
	}
	ck := c.checkAt(file, q.call)
	if ck == nil || ck.byValue && !q.claim.countable {
		return nil // the scanned value is not a count: "if id > 0" says nothing of a claim
	}
	if q.claim.exists && !ck.byValue {
		return nil // EXISTS always yields a row: its error says nothing of the key
	}
	later := c.laterInsert(k, w, q.claim)
	if later == nil {
		return nil
	}
	place, ok := c.placeClaim(file, ck, w, k.Instr)
	if !ok {
		return nil
	}
	call, ok := c.execCall(q, place.tx)
	if !ok {
		return nil
	}
	code, ok := c.claimCode(file, ck, q.flavor, call, place.flat)
	if !ok {
		return nil
	}
	edits, ok := c.claimEdits(file, ck, q, place, code, later)
	if !ok {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Claim the key with an INSERT that absorbs a duplicate, on the transaction of the effect (" + place.tx + "), and let its rows affected decide",
		TextEdits: edits,
	}
}

// A query is the check's QueryRow call, and the claim that replaces it.
type query struct {
	call   *ast.CallExpr
	sqlArg int    // the argument that holds the SELECT
	flavor string // the driver API: "sql" or "pgx"
	claim  claim
}

// queryOf reads the check's call: a QueryRow of the transaction's driver
// whose SELECT a claim can replace.
func (c *checker) queryOf(file *ast.File, k, w *effects.Stmt) (query, bool) {
	call := fix.CallAt(file, k.Instr.Pos())
	if file == nil || call == nil || call.Ellipsis.IsValid() {
		return query{}, false
	}
	q := query{call: call, flavor: flavorOf(c.pass.TypesInfo.TypeOf(call))}
	if q.flavor == "" || flavorOf(w.Tx.Type()) != q.flavor {
		return query{}, false
	}
	var text string
	q.sqlArg, text = c.sqlArg(call)
	if q.sqlArg < 0 || sqltext.Parse(text).Table != k.SQL.Table {
		return query{}, false
	}
	var ok bool
	q.claim, ok = claimOf(text, len(call.Args)-q.sqlArg-1, fix.DialectOf(c.pass.Pkg, text))
	return q, ok
}

// claimEdits returns the edits of the fix: the claim's code where it
// goes, the deletion of the later INSERT of the key and of the scanned
// variable's declaration, and of the imports that only the deleted code
// used.
func (c *checker) claimEdits(file *ast.File, ck *checkStatement, q query, place placement, code string, later *effects.Stmt) ([]analysis.TextEdit, bool) {
	edits, ok := place.edits(c.pass.Fset, file, ck, code)
	if !ok {
		return nil, false
	}
	laterEdit, gone, ok := c.deleteInsert(file, ck.fnBody, later)
	if !ok {
		return nil, false
	}
	edits = append(edits, laterEdit)
	if ck.decl != nil && !ck.declInRegion() {
		del, ok := fix.DeleteStmts(c.pass.Fset, file, ck.declBlock, ck.declIndex, ck.declIndex)
		if !ok {
			return nil, false
		}
		edits = append(edits, del)
		gone = append(gone, ck.decl)
	}
	first, last := ck.region()
	for _, s := range ck.block.List[first : last+1] {
		gone = append(gone, s)
	}
	kept := []ast.Node{ck.seen}
	if ck.onErr != nil {
		kept = append(kept, ck.onErr)
	}
	for i, a := range q.call.Args {
		if i != q.sqlArg {
			kept = append(kept, a)
		}
	}
	unused, ok := fix.UnusedImports(c.pass.TypesInfo, c.pass.Fset, file, gone, kept, code)
	if !ok {
		return nil, false
	}
	edits = append(edits, unused...)
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return cmp.Compare(a.Pos, b.Pos) })
	return edits, true
}

// flavorOf names the driver API a value belongs to: "sql" for
// database/sql (and sqlx, which extends it), "pgx" for pgx; "" for
// others.
func flavorOf(t types.Type) string { return catalog.DriverAPI(t) }

// sqlArg finds the argument of the query call that holds its SQL text: a
// constant string.
func (c *checker) sqlArg(call *ast.CallExpr) (int, string) {
	for i, a := range call.Args {
		if tv, ok := c.pass.TypesInfo.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return i, constant.StringVal(tv.Value)
		}
	}
	return -1, ""
}

// A claim is the INSERT that replaces a check of a key.
type claim struct {
	sql       string
	table     string
	cols      []string // the key columns, as the WHERE clause names them
	params    []int    // the argument each column takes
	countable bool     // the SELECT yields a count or a constant: its value tells found from not found
	exists    bool     // the SELECT is EXISTS (subquery): it always yields a row, and only its value tells
}

// Patterns of the SELECTs a claim can replace: a key looked up by
// equalities with placeholders, and nothing else. A condition the claim
// could not keep (an expiry test, an OR) leaves the check alone.
var (
	identRE   = "(?:[A-Za-z_][A-Za-z0-9_]*|\"[^\"]+\"|`[^`]+`)"
	condRE    = "(?:" + identRE + "\\.)?(" + identRE + ")\\s*=\\s*(\\$[0-9]+|\\?)"
	selectRE  = regexp.MustCompile("(?is)^\\s*SELECT\\s+(.+?)\\s+FROM\\s+(" + identRE + "(?:\\." + identRE + ")?)(?:\\s+(?:AS\\s+)?" + identRE + ")?\\s+WHERE\\s+(" + condRE + "(?:\\s+AND\\s+" + condRE + ")*)(?:\\s+LIMIT\\s+1)?\\s*;?\\s*$")
	condOneRE = regexp.MustCompile("(?is)" + condRE)
	countRE   = regexp.MustCompile("(?is)^(?:count\\s*\\(\\s*(?:\\*|1|" + identRE + ")\\s*\\)|1|true)$")
	// existsRE is a SELECT of EXISTS (subquery) alone, with an optional
	// alias; the subquery must then read as selectRE. NOT EXISTS, whose
	// true means "not found", gets no claim: the test of found would need
	// inverting.
	existsRE = regexp.MustCompile("(?is)^\\s*SELECT\\s+(NOT\\s+)?EXISTS\\s*\\((.+)\\)(?:\\s+(?:AS\\s+)?" + identRE + ")?\\s*;?\\s*$")
)

// claimOf builds the claim of a SELECT with nargs arguments, or false.
func claimOf(text string, nargs int, d fix.Dialect) (claim, bool) {
	exists := false
	if e := existsRE.FindStringSubmatch(text); e != nil {
		if e[1] != "" {
			return claim{}, false // NOT EXISTS: found is false
		}
		text, exists = e[2], true
	}
	m := selectRE.FindStringSubmatch(text)
	if m == nil || d == fix.DialectUnknown {
		return claim{}, false
	}
	cl := claim{table: m[2], countable: exists || countRE.MatchString(strings.TrimSpace(m[1])), exists: exists}
	var holders []string
	used := map[int]bool{}
	for i, cm := range condOneRE.FindAllStringSubmatch(m[3], -1) {
		p := i // the nth ? takes the nth argument
		if cm[2] != "?" {
			n, err := strconv.Atoi(cm[2][1:])
			if err != nil || d != fix.PostgreSQL {
				return claim{}, false
			}
			p = n - 1
		} else if d == fix.PostgreSQL {
			return claim{}, false
		}
		if used[p] {
			return claim{}, false
		}
		used[p] = true
		cl.cols = append(cl.cols, cm[1])
		cl.params = append(cl.params, p)
		holders = append(holders, cm[2])
	}
	for p := range nargs {
		if !used[p] {
			return claim{}, false // an argument the claim would not take
		}
	}
	if len(used) != nargs {
		return claim{}, false
	}
	insert := "INSERT INTO "
	conflict := " ON CONFLICT DO NOTHING"
	if d == fix.MySQL {
		// INSERT IGNORE affects no row on a duplicate whatever the
		// driver's found-rows flag; ON DUPLICATE KEY UPDATE c = c would
		// count one with it, and the retry would pass.
		insert, conflict = "INSERT IGNORE INTO ", ""
	}
	cl.sql = insert + cl.table + " (" + strings.Join(cl.cols, ", ") + ") VALUES (" + strings.Join(holders, ", ") + ")" + conflict
	return cl, true
}

// laterInsert returns the INSERT of the claimed key that runs after the
// check in the effect's transaction, or nil when there is none, or
// another INSERT into the key table that the claim would make fail.
func (c *checker) laterInsert(k, w *effects.Stmt, cl claim) *effects.Stmt {
	var found *effects.Stmt
	for _, b := range k.Instr.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call == k.Instr || !effects.Reaches(k.Instr, call) {
				continue
			}
			st := effects.StmtOf(c.res.Env.Catalog, call)
			if st == nil || st.SQL.Kind != sqltext.Insert && st.SQL.Kind != sqltext.Merge || !strings.EqualFold(st.SQL.Table, k.SQL.Table) {
				continue
			}
			if found != nil || !sameTx(st, w) || !insertsClaim(st, k, cl) {
				return nil
			}
			found = st
		}
	}
	return found
}

// insertsClaim reports whether an INSERT stores exactly the claimed
// columns, with the values the check looked up.
func insertsClaim(st, k *effects.Stmt, cl claim) bool {
	if st.SQL.Kind != sqltext.Insert || len(st.SQL.Columns) != len(cl.cols) {
		return false
	}
	for i, col := range cl.cols {
		j := columnIndex(st.SQL.Columns, col)
		if j < 0 || len(st.SQL.ArgsOf(j)) != 1 {
			return false
		}
		p, q := st.SQL.ArgsOf(j)[0].Index, cl.params[i]
		if p < 0 || p >= len(st.Args) || q >= len(k.Args) || !sameValue(st.Args[p], k.Args[q], 0) {
			return false
		}
	}
	return true
}

func columnIndex(cols []string, col string) int {
	col = strings.Trim(col, "\"`")
	for i, c := range cols {
		if strings.EqualFold(c, col) {
			return i
		}
	}
	return -1
}

// sameValue reports whether two arguments are the same Go value: one SSA
// value, or loads of one field of one variable.
func sameValue(a, b ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	a, b = valueflow.Unwrap(a), valueflow.Unwrap(b)
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

// deleteInsert returns the edit that deletes the statement of a later
// INSERT of the key, and the statements: the call on its own, or with the
// test of its error, in the if's init or in the if right after.
func (c *checker) deleteInsert(file *ast.File, fnBody *ast.BlockStmt, st *effects.Stmt) (analysis.TextEdit, []ast.Node, bool) {
	call := fix.CallAt(file, st.Instr.Pos())
	if call == nil {
		return analysis.TextEdit{}, nil, false
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	for i, n := range path {
		block, ok := n.(*ast.BlockStmt)
		if !ok || i == 0 {
			continue
		}
		idx := indexOf(block.List, path[i-1])
		if idx < 0 {
			break
		}
		last, ok := c.discards(fnBody, block, idx, call)
		if !ok {
			break
		}
		edit, ok := fix.DeleteStmts(c.pass.Fset, file, block, idx, last)
		var gone []ast.Node
		for _, s := range block.List[idx : last+1] {
			gone = append(gone, s)
		}
		return edit, gone, ok
	}
	return analysis.TextEdit{}, nil, false
}

// discards reports whether block.List[i] runs call and uses nothing of
// it but the test of its error, so that deleting it (through the
// statement it returns) deletes only the call:
//
//	tx.ExecContext(ctx, q, key)
//	if _, err := tx.ExecContext(ctx, q, key); err != nil { ... }
//	_, err = tx.ExecContext(ctx, q, key)
//	if err != nil { ... }
func (c *checker) discards(body, block *ast.BlockStmt, i int, call *ast.CallExpr) (int, bool) {
	info := c.pass.TypesInfo
	switch s := block.List[i].(type) {
	case *ast.ExprStmt:
		return i, s.X == call
	case *ast.IfStmt:
		errID, ok := errOnly(s.Init, call)
		return i, ok && s.Else == nil && s.Init.(*ast.AssignStmt).Tok == token.DEFINE &&
			c.isNilTest(s.Cond, info.Defs[errID], token.NEQ)
	case *ast.AssignStmt:
		errID, ok := errOnly(s, call)
		if !ok || i+1 >= len(block.List) {
			return i, false
		}
		is, ok := block.List[i+1].(*ast.IfStmt)
		errObj := info.ObjectOf(errID)
		if !ok || is.Init != nil || is.Else != nil || !c.isNilTest(is.Cond, errObj, token.NEQ) {
			return i, false
		}
		if info.Defs[errID] != nil {
			// The statement declares the variable: nothing else may use it.
			return i + 1, len(c.uses(body, errObj)) == len(c.uses(block.List[i+1], errObj))
		}
		return i + 1, !c.readAfterStmt(body, block, i+1, errObj)
	}
	return i, false
}

// errOnly returns err of "_, err = call" (or :=).
func errOnly(s ast.Stmt, call *ast.CallExpr) (*ast.Ident, bool) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != call {
		return nil, false
	}
	blank, ok1 := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	return errID, ok1 && ok2 && blank.Name == "_" && errID.Name != "_"
}

func indexOf(list []ast.Stmt, n ast.Node) int {
	for i, s := range list {
		if s == n {
			return i
		}
	}
	return -1
}

// execCall writes the claim's call: the query call's arguments, with the
// claim's SQL for the SELECT's, through the Exec of the transaction.
func (c *checker) execCall(q query, tx string) (string, bool) {
	sel, ok := q.call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	method := "Exec"
	if q.flavor == "sql" && strings.HasSuffix(sel.Sel.Name, "Context") {
		method = "ExecContext"
	}
	args := make([]string, len(q.call.Args))
	for i, a := range q.call.Args {
		if i == q.sqlArg {
			args[i] = sqlLiteral(q.claim.sql)
			continue
		}
		var buf bytes.Buffer
		if format.Node(&buf, c.pass.Fset, a) != nil || strings.Contains(buf.String(), "\n") {
			return "", false
		}
		args[i] = buf.String()
	}
	return tx + "." + method + "(" + strings.Join(args, ", ") + ")", true
}

// sqlLiteral quotes SQL text as a Go string, raw when it holds double
// quotes (quoted identifiers) that would otherwise need escapes.
func sqlLiteral(sql string) string {
	if strings.Contains(sql, `"`) && !strings.Contains(sql, "`") {
		return "`" + sql + "`"
	}
	return strconv.Quote(sql)
}

// A placement says where the claim goes: in place of the check, on a
// transaction already open there, or just after the Begin of the
// transaction that follows the check.
type placement struct {
	tx    string         // the transaction, as the code names it
	block *ast.BlockStmt // for a move: the block of the check and the Begin
	after ast.Stmt       // for a move: the statement the claim follows
	flat  bool           // the claim may assign the check's error variable at block level
}

// placeClaim decides where the claim runs.
func (c *checker) placeClaim(file *ast.File, ck *checkStatement, w *effects.Stmt, at ssa.Instruction) (placement, bool) {
	if definedBefore(txSource(w.Tx), at) {
		if committedBefore(w.Tx, at) {
			return placement{}, false
		}
		wCall := fix.CallAt(fix.FileOf(c.pass, w.Instr.Pos()), w.Instr.Pos())
		if wCall == nil {
			return placement{}, false
		}
		sel, ok := wCall.Fun.(*ast.SelectorExpr)
		if !ok {
			return placement{}, false
		}
		var tx bytes.Buffer
		if format.Node(&tx, c.pass.Fset, sel.X) != nil {
			return placement{}, false
		}
		return placement{tx: tx.String(), block: ck.block, flat: ck.errDecl || ck.errAssign}, true
	}
	return c.afterBegin(ck, w)
}

// afterBegin places the claim after the Begin of the effect's transaction
// when the Begin is the statement right after the check, followed by
// the test of its error and a deferred Rollback.
func (c *checker) afterBegin(ck *checkStatement, w *effects.Stmt) (placement, bool) {
	list := ck.block.List
	next := ck.last + 1
	if next >= len(list) {
		return placement{}, false
	}
	begin, ok := list[next].(*ast.AssignStmt)
	if !ok || begin.Tok != token.DEFINE || len(begin.Rhs) != 1 {
		return placement{}, false
	}
	call, ok := ast.Unparen(begin.Rhs[0]).(*ast.CallExpr)
	if !ok || !c.beginsTx(call, w.Tx) {
		return placement{}, false
	}
	txID, ok := begin.Lhs[0].(*ast.Ident)
	if !ok {
		return placement{}, false
	}
	txObj := c.pass.TypesInfo.Defs[txID]
	if txObj == nil {
		return placement{}, false
	}
	i := next + 1
	if i < len(list) {
		if is, ok := list[i].(*ast.IfStmt); ok && is.Init == nil {
			i++ // the test of Begin's error
		}
	}
	if i >= len(list) || !c.defersRollback(list[i], txObj) {
		return placement{}, false
	}
	flat := ck.errAssign
	if ck.errDecl {
		// The check declared the error variable; with the check gone, the
		// Begin must declare it for what follows.
		for _, l := range begin.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == ck.errName {
				flat = true
			}
		}
		if !flat {
			return placement{}, false
		}
	}
	return placement{tx: txID.Name, block: ck.block, after: list[i], flat: flat}, true
}

// beginsTx reports whether call is the Begin whose result is tx.
func (c *checker) beginsTx(call *ast.CallExpr, tx ssa.Value) bool {
	tx = txSource(tx)
	if ex, ok := tx.(*ssa.Extract); ok {
		tx = ex.Tuple
	}
	v, ok := tx.(*ssa.Call)
	return ok && v.Pos() == call.Lparen
}

// txSource returns the value a transaction variable holds: tx itself, or
// for a variable that a closure captures (a deferred Rollback in a func
// literal), the value stored into it.
func txSource(tx ssa.Value) ssa.Value {
	load, ok := tx.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return tx
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok {
		return tx
	}
	var src ssa.Value
	for _, r := range *alloc.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			if src != nil {
				return tx // assigned twice
			}
			src = st.Val
		}
	}
	if src == nil {
		return tx
	}
	return src
}

// defersRollback reports whether s defers a Rollback of tx:
// "defer tx.Rollback()", or a deferred function that calls it.
func (c *checker) defersRollback(s ast.Stmt, tx types.Object) bool {
	d, ok := s.(*ast.DeferStmt)
	if !ok {
		return false
	}
	found := false
	ast.Inspect(d.Call, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Rollback" {
			id, ok := sel.X.(*ast.Ident)
			found = found || ok && c.pass.TypesInfo.Uses[id] == tx
		}
		return !found
	})
	return found
}

// edits returns the edits that put the claim's code where it goes:
// over the check, or after the Begin with the check deleted.
func (p placement) edits(fset *token.FileSet, file *ast.File, ck *checkStatement, code string) ([]analysis.TextEdit, bool) {
	first, last := ck.region()
	if p.after == nil {
		indent := fix.LineIndent(fset, file, ck.block.List[first].Pos())
		return []analysis.TextEdit{{Pos: ck.block.List[first].Pos(), End: ck.block.List[last].End(), NewText: []byte(fix.Indent(code, indent))}}, true
	}
	del, ok := fix.DeleteStmts(fset, file, ck.block, first, last)
	if !ok {
		return nil, false
	}
	indent := fix.LineIndent(fset, file, p.after.Pos())
	tf := fset.File(p.after.Pos())
	at := tf.LineStart(tf.Line(p.after.End()) + 1)
	ins := analysis.TextEdit{Pos: at, End: at, NewText: []byte(indent + fix.Indent(code, indent) + "\n")}
	return []analysis.TextEdit{del, ins}, true
}
