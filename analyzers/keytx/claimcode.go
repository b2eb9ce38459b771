package keytx

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/internal/fix"
)

// A claimStmt is the Go code of a claim, in the parts the check
// decides: the Exec of the INSERT and the names that hold what it
// returns, and the bodies of the check that the claim keeps.
type claimStmt struct {
	exec    string // the Exec of the INSERT on the transaction
	result  string // its first result: pgx's command tag, or database/sql's Result
	errName string // its error, under the name the check used
	rows    string // database/sql: the rows affected, read from result; pgx: ""
	flat    bool   // at block level, assigning the check's error variable; else in an if's init
	both    bool   // one body for a failure and for a key found: if err != nil || n > 0
	seen    string // the body that runs when the key is there
	onErr   string // the body that runs when the INSERT fails
	again   string // the body that runs when reading the rows affected fails
}

// render writes the claim, at indentation zero.
func (cs claimStmt) render() string {
	exec := fix.DefineStmt(cs.exec, cs.result, cs.errName)
	failed := fix.NotNil(cs.errName)
	if cs.rows == "" { // pgx: the command tag tells the rows affected
		none := cs.result + ".RowsAffected() == 0"
		switch {
		case cs.both:
			return fix.IfStmt(exec, failed+" || "+none, cs.seen)
		case cs.flat:
			return fix.Stmts(exec, fix.IfStmt("", failed, cs.onErr), fix.IfStmt("", none, cs.seen))
		}
		return fix.ElseIf(fix.IfStmt(exec, failed, cs.onErr), fix.IfStmt("", none, cs.seen))
	}
	readRows := fix.DefineStmt(cs.result+".RowsAffected()", cs.rows, cs.errName)
	none := cs.rows + " == 0"
	rowsTest := fix.ElseIf(fix.IfStmt(readRows, failed, cs.again), fix.IfStmt("", none, cs.seen))
	switch {
	case cs.both:
		return fix.ElseIf(fix.IfStmt(exec, failed, cs.onErr), fix.IfStmt(readRows, failed+" || "+none, cs.again))
	case cs.flat:
		return fix.Stmts(exec, fix.IfStmt("", failed, cs.onErr), rowsTest)
	}
	return fix.ElseIf(fix.IfStmt(exec, failed, cs.onErr), rowsTest)
}

// claimCode writes the Go code of the claim, at indentation zero: call
// runs the INSERT, and its rows affected (or error) choose between the
// check's own bodies.
func (c *checker) claimCode(file *ast.File, ck *checkStatement, flavor, call string, flat bool) (string, bool) {
	if !flat && fix.Mentions(ck.seen, ck.errName) && (ck.seen.Pos() < ck.scan.Pos() || ck.seen.End() > ck.scan.End()) {
		return "", false // the claim's error variable would hide the one the body reads
	}
	cs := claimStmt{exec: call, errName: ck.errName, flat: flat, both: ck.both}
	var ok bool
	if cs.seen, ok = fix.Print(c.pass.Fset, file, ck.seen); !ok {
		return "", false
	}
	// The bodies the claim writes twice carry the comments of the code
	// once: the second copy is printed without them.
	if ck.both {
		cs.onErr = cs.seen
		cs.again, ok = fix.Print(c.pass.Fset, nil, ck.seen)
	} else if cs.onErr, ok = c.onErrCode(file, ck); ok {
		cs.again, ok = c.onErrCode(nil, ck)
	}
	if !ok {
		return "", false
	}
	taken := c.namesIn(ck)
	if flavor == "pgx" {
		cs.result = fix.FreshName(taken, "tag", "ct", "cmdTag")
	} else {
		cs.result = fix.FreshName(taken, "res", "result", "execResult")
		cs.rows = fix.FreshName(taken, "n", "affected", "rowsAffected")
	}
	return cs.render(), true
}

// onErrCode returns the body that handles a failed claim: the check's
// own (with the comments of file in it), or a return of the error with
// zero values for the other results.
func (c *checker) onErrCode(file *ast.File, ck *checkStatement) (string, bool) {
	if ck.onErr != nil {
		return fix.Print(c.pass.Fset, file, ck.onErr)
	}
	if !fix.ReturnsError(ck.sig) {
		return "", false
	}
	res := ck.sig.Results()
	var zeros []string
	for i := 0; i < res.Len()-1; i++ {
		z, ok := fix.ZeroValue(c.pass.Pkg, ck.file, res.At(i).Type())
		if !ok {
			return "", false
		}
		zeros = append(zeros, z)
	}
	return fix.Block(fix.ReturnStmt(append(zeros, ck.errName)...)), true
}

// namesIn returns the names the function already uses, but for those of
// the variables that go away with the check.
func (c *checker) namesIn(ck *checkStatement) map[string]bool {
	return fix.NamesIn(c.pass.TypesInfo, func(o types.Object) bool { return slices.Contains(ck.freed, o) }, ck.fnType, ck.fnBody)
}

// execCall writes the claim's call: the query call's arguments, with the
// claim's SQL for the SELECT's, through the Exec of the transaction.
// An argument printed on several lines is refused: the claim's code is
// indented where it goes.
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
			args[i] = fix.SQLLiteral(q.claim.sql)
			continue
		}
		text, ok := fix.Print(c.pass.Fset, nil, a)
		if !ok || strings.Contains(text, "\n") {
			return "", false
		}
		args[i] = text
	}
	return fix.CallStmt(tx, method, args...), true
}
