package summary

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// The article's third mechanism: a durable record of the operation,
// made before the external call, whose stable ID is the call's key. A
// service often has the record and still makes the key fresh:
//
//	cp, err := s.copays.Open(ctx, &Copay{ID: uuid.New(), TripID: trip.ID})
//	...
//	s.cards.Charge(ctx, Charge{Amount: cp.Amount, IdempotencyKey: stripe.NewIdempotencyKey()})
//
// A store that is handed a new row and answers with a row of the same
// type claims it by a key of its own and returns the row it holds: the
// first attempt's, on a retry. Its ID (cp.ID) is then the operation's
// key, whether or not the caller sent one. Whether the row is claimed
// rather than inserted anew each time is the composition root's to say:
// the fix names where the row's fresh ID is made (KeyFix.Intent), and
// holds only where the program finds no defect there.

// intentFix prepares the fix that derives the fresh value gen makes from
// the ID of the row an earlier wired call of its function (or of a
// function it is in) claimed for the operation; nil when there is none.
func intentFix(pass *analysis.Pass, res *Result, gen *ssa.Call, purpose string) *valueflow.KeyFix {
	key, row, ok := intentKey(pass, res, gen)
	if !ok {
		return nil
	}
	key.Drops = true // the fix replaces the value, keeping no fallback
	_, edits := derivedEdits(pass, gen.Pos(), purpose, key)
	if edits == nil {
		return nil
	}
	return &valueflow.KeyFix{Param: -1, Message: "Derive the value from the ID of the operation's record (" + key.Expr + ")", Edits: edits, Intent: &row}
}

// intentKey returns the expression of the ID of the row that a wired
// call made before gen claimed (cp.ID.String()), and where that row's
// fresh ID is made.
func intentKey(pass *analysis.Pass, res *Result, gen *ssa.Call) (fix.Key, valueflow.Frame, bool) {
	var point ssa.Instruction = gen
	for fn := gen.Parent(); fn != nil && point != nil; fn, point = fn.Parent(), madeAt(fn) {
		for _, wf := range res.wiredFresh {
			call, ok := wf.arg.Call.(*ssa.Call)
			if !ok || call.Parent() != fn || wf.via != nil || len(wf.arg.Calls) > 0 || !effects.Dominates(call, point) {
				continue
			}
			field, ok := strings.CutPrefix(wf.arg.Path, ".")
			if !ok || strings.Contains(field, ".") || !answersRow(call, wf.arg.Arg) {
				continue
			}
			if key, ok := recordKey(pass, call, field, gen.Pos()); ok {
				return key, wf.origin.At, true
			}
		}
	}
	return fix.Key{}, valueflow.Frame{}, false
}

// madeAt returns the instruction that makes the function literal fn in
// its parent, or nil.
func madeAt(fn *ssa.Function) ssa.Instruction {
	if fn.Parent() == nil {
		return nil
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return mc
			}
		}
	}
	return nil
}

// answersRow reports whether call is handed a new row as argument arg and
// answers with a row of the same type (Open(ctx, &Copay{...}) (*Copay,
// error)): the row the store holds.
func answersRow(call *ssa.Call, arg int) bool {
	args := call.Call.Args
	if arg < 0 || arg >= len(args) {
		return false
	}
	row := args[arg].Type()
	if _, ok := row.Underlying().(*types.Pointer); !ok {
		return false
	}
	res := call.Call.Signature().Results()
	return res.Len() > 0 && types.Identical(res.At(0).Type(), row)
}

// recordKey returns the expression of field of the row call answers with,
// by the variable it is assigned to, as a string: when the variable is
// in scope at pos, assigned nowhere else, and neither it nor the field
// is changed or has its address taken.
func recordKey(pass *analysis.Pass, call *ssa.Call, field string, pos token.Pos) (fix.Key, bool) {
	file := fix.FileOf(pass, call.Pos())
	expr := fix.CallAt(file, call.Pos())
	if expr == nil {
		return fix.Key{}, false
	}
	v := assignedVar(pass.TypesInfo, file, expr)
	if v == nil {
		return fix.Key{}, false
	}
	if _, obj := pass.Pkg.Scope().Innermost(pos).LookupParent(v.Name(), pos); obj != v {
		return fix.Key{}, false
	}
	top := call.Parent()
	for top.Parent() != nil {
		top = top.Parent()
	}
	if top.Syntax() == nil || changed(pass.TypesInfo, top.Syntax(), v, field, expr) {
		return fix.Key{}, false
	}
	f, _, _ := types.LookupFieldOrMethod(v.Type(), true, pass.Pkg, field)
	fv, ok := f.(*types.Var)
	if !ok || !fv.IsField() {
		return fix.Key{}, false
	}
	sel := v.Name() + "." + field
	switch {
	case isString(fv.Type()):
		if _, named := types.Unalias(fv.Type()).(*types.Named); named {
			sel = "string(" + sel + ")"
		}
		return fix.Key{Expr: sel, Since: v.Pos()}, true
	case stringer(fv.Type()):
		return fix.Key{Expr: sel + ".String()", Since: v.Pos()}, true
	}
	return fix.Key{}, false
}

// assignedVar returns the variable the first result of call is assigned
// to (cp, err := s.copays.Open(...)), or nil.
func assignedVar(info *types.Info, file *ast.File, call *ast.CallExpr) *types.Var {
	var out *types.Var
	ast.Inspect(file, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || out != nil {
			return out == nil
		}
		if len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
				out, _ = info.ObjectOf(id).(*types.Var)
			}
			return false
		}
		return true
	})
	return out
}

// changed reports whether body assigns v anywhere but in the statement
// that assigns it call's result, assigns its field, or takes the
// address of either.
func changed(info *types.Info, body ast.Node, v *types.Var, field string, call *ast.CallExpr) bool {
	is := func(e ast.Expr) bool {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x) == v
		case *ast.SelectorExpr:
			id, ok := ast.Unparen(x.X).(*ast.Ident)
			return ok && x.Sel.Name == field && info.ObjectOf(id) == v
		}
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call {
				return true
			}
			for _, l := range n.Lhs {
				found = found || is(l)
			}
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		}
		return !found
	})
	return found
}

// stringer reports whether t has a String() string method (uuid.UUID,
// xid.ID).
func stringer(t types.Type) bool {
	m, _, _ := types.LookupFieldOrMethod(t, true, nil, "String")
	fn, ok := m.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && isString(sig.Results().At(0).Type())
}

// settleIntents replaces each fix that derives a value from the ID of
// the operation's record by its alternative where the program finds a
// defect at that ID: a row inserted anew on each attempt, whose ID is
// as fresh as the value.
func settleIntents(defects []ProgramDefect) {
	fresh := map[valueflow.Frame]bool{}
	for _, d := range defects {
		if d.Kind == valueflow.FreshIdentity {
			fresh[d.Origin.At] = true
		}
	}
	for i := range defects {
		for f := defects[i].Fix; f != nil && f.Intent != nil && fresh[*f.Intent]; f = defects[i].Fix {
			defects[i].Fix = f.Else
		}
	}
}
