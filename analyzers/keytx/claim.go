package keytx

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
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
