package partialtx

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/passes/catalog"
	"github.com/idemlint/idemlint/passes/effects"
)

// A handle says how to begin, commit and roll back a transaction on a
// kind of database handle; %[1]s is the handle, %[2]s the context.
type handle struct {
	begin, commit, rollback string
	ctx                     bool // begin needs the context
}

var handles = map[string]handle{
	"*database/sql.DB":                      {begin: "%[1]s.BeginTx(%[2]s, nil)", commit: "tx.Commit()", rollback: "tx.Rollback()", ctx: true},
	"*github.com/jackc/pgx/v5/pgxpool.Pool": {begin: "%[1]s.Begin(%[2]s)", commit: "tx.Commit(%[2]s)", rollback: "tx.Rollback(%[2]s)", ctx: true},
	"*github.com/jmoiron/sqlx.DB":           {begin: "%[1]s.Beginx()", commit: "tx.Commit()", rollback: "tx.Rollback()"},
}

// wrapFix wraps the writes in one transaction when they are statements of
// one block of fn, run on one handle, with no external call between them
// and no "tx" or "err" declared in an incompatible way.
func (c *checker) wrapFix(fn *ssa.Function, writes []*effects.Stmt) *analysis.SuggestedFix {
	file := fix.FileOf(c.pass, writes[0].Instr.Pos())
	if file == nil {
		return nil
	}
	var calls []*ast.CallExpr
	var stmts []ast.Stmt
	var block *ast.BlockStmt
	var recv string
	for _, w := range writes {
		if w.Instr.Parent() != fn || w.Durability != effects.DurAutocommit || w.Callee != nil {
			return nil // a callee's write is not a statement here to move onto the transaction
		}
		call := fix.CallAt(file, w.Instr.Pos())
		if call == nil {
			return nil
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		var b bytes.Buffer
		format.Node(&b, c.pass.Fset, sel.X)
		if recv != "" && b.String() != recv {
			return nil // several handles
		}
		recv = b.String()
		stmt, blk := enclosingStmt(file, call)
		if blk == nil || block != nil && blk != block {
			return nil
		}
		block = blk
		calls, stmts = append(calls, call), append(stmts, stmt)
	}
	h, ok := handles[catalog.TypeKey(writes[0].Recv.Type())]
	if !ok || c.scopeHas(calls[0].Pos(), "tx") || c.scopeHas(calls[0].Pos(), "txErr") {
		return nil
	}
	ctx := ""
	if h.ctx {
		if ctx = c.contextArg(calls[0]); ctx == "" {
			return nil
		}
	}
	if c.externalBetween(fn, writes) {
		return nil // never hold a transaction across an external call
	}
	ret := c.errorReturn(fn)
	if ret == "" {
		return nil
	}
	indent := fix.LineIndent(c.pass.Fset, file, stmts[0].Pos())
	// txErr, not err: the function may declare err with := later on.
	begin := fmt.Sprintf("tx, txErr := "+h.begin+"\n%[3]sif txErr != nil {\n%[3]s\t%[4]s\n%[3]s}\n%[3]sdefer "+h.rollback+"\n%[3]s",
		recv, ctx, indent, strings.Replace(ret, "err", "txErr", 1))
	edits := []analysis.TextEdit{{Pos: stmts[0].Pos(), End: stmts[0].Pos(), NewText: []byte(begin)}}
	for _, call := range calls {
		sel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		edits = append(edits, analysis.TextEdit{Pos: sel.X.Pos(), End: sel.X.End(), NewText: []byte("tx")})
	}
	after := afterErrCheck(block, stmts[len(stmts)-1])
	commit := fmt.Sprintf("\n%[1]sif err := "+strings.ReplaceAll(h.commit, "%[2]s", "%[3]s")+"; err != nil {\n%[1]s\t%[2]s\n%[1]s}", indent, ret, ctx)
	edits = append(edits, analysis.TextEdit{Pos: after.End(), End: after.End(), NewText: []byte(commit)})
	return &analysis.SuggestedFix{Message: "Run the writes in one transaction", TextEdits: edits}
}

// enclosingStmt returns the statement of a block that contains the call,
// and the block.
func enclosingStmt(file *ast.File, call *ast.CallExpr) (ast.Stmt, *ast.BlockStmt) {
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	for i, n := range path {
		if blk, ok := n.(*ast.BlockStmt); ok && i > 0 {
			if stmt, ok := path[i-1].(ast.Stmt); ok {
				if _, isReturn := stmt.(*ast.ReturnStmt); isReturn {
					return nil, nil // the commit could not follow it
				}
				return stmt, blk
			}
		}
	}
	return nil, nil
}

// afterErrCheck returns the statement after which to commit: the last
// write's statement, or the "if err != nil" check that follows it.
func afterErrCheck(block *ast.BlockStmt, last ast.Stmt) ast.Stmt {
	for i, s := range block.List {
		if s == last && i+1 < len(block.List) {
			if ifs, ok := block.List[i+1].(*ast.IfStmt); ok && ifs.Init == nil {
				if be, ok := ifs.Cond.(*ast.BinaryExpr); ok && be.Op == token.NEQ {
					if id, ok := be.X.(*ast.Ident); ok && id.Name == "err" {
						return ifs
					}
				}
			}
		}
	}
	return last
}

// contextArg returns the text of the call's context.Context argument.
func (c *checker) contextArg(call *ast.CallExpr) string {
	for _, a := range call.Args {
		if catalog.TypeKey(c.pass.TypesInfo.TypeOf(a)) == "context.Context" {
			var b bytes.Buffer
			format.Node(&b, c.pass.Fset, a)
			return b.String()
		}
	}
	return ""
}

// scopeHas reports whether name is declared in a scope enclosing pos.
func (c *checker) scopeHas(pos token.Pos, name string) bool {
	for s := c.pass.Pkg.Scope().Innermost(pos); s != nil && s != c.pass.Pkg.Scope(); s = s.Parent() {
		if s.Lookup(name) != nil {
			return true
		}
	}
	return false
}

// externalBetween reports whether an external call can run between the
// first and the last write.
func (c *checker) externalBetween(fn *ssa.Function, writes []*effects.Stmt) bool {
	first, last := writes[0].Instr, writes[len(writes)-1].Instr
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if ok && effects.Reaches(first, instr) && effects.Reaches(instr, last) && effects.Classify(c.res.Env.Catalog, call) != nil {
				return true
			}
		}
	}
	return false
}

// errorReturn returns the return statement for a failed begin or commit:
// "return" without results, zero values and err when the last result is
// an error, or "" when the function returns something else.
func (c *checker) errorReturn(fn *ssa.Function) string {
	res := fn.Signature.Results()
	if res.Len() == 0 {
		return "return"
	}
	if !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return ""
	}
	var parts []string
	for i := 0; i < res.Len()-1; i++ {
		z := zero(res.At(i).Type())
		if z == "" {
			return ""
		}
		parts = append(parts, z)
	}
	return "return " + strings.Join(append(parts, "err"), ", ")
}

// zero returns the zero value of t as Go source, or "" for types this
// fix does not spell.
func zero(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil"
	}
	return ""
}
