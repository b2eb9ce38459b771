// Package slotfix builds the suggested fix that puts the operation key in
// scope into an external call's idempotency-key slot (keyslot), shared by
// the checks that report calls without a key.
package slotfix

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/keyslot"
	"github.com/idemlint/idemlint/internal/opkey"
	"github.com/idemlint/idemlint/passes/summary"
)

// Fix fills the call's key slot with the operation key in scope,
// by a statement before the call (guarded by a check that the key is
// there when the caller may leave it out), or by an extra publish option.
// It returns nil when no key is in scope or the carrier is neither a
// variable nor a literal written in the call.
//
// A value that a durable write before the call already records (the
// shipment row's order ID) is preferred: it is the operation ID the
// article asks for, committed before the call.
func Fix(pass *analysis.Pass, res *summary.Result, e *effects.Call) *analysis.SuggestedFix {
	if key := recordedKey(pass, res, e); key != "" {
		if f := keyslot.Fill(pass, res.Env.Catalog, res.Externals(), e, key, "", catalog.KeySource{}); f != nil {
			f.Message = "Pass " + key + ", which is committed before the call, as the idempotency key"
			return f
		}
	}
	cat := res.Env.Catalog
	name, ks, ok := opkey.InScope(pass, cat, e.Instr.Pos())
	if !ok {
		name, ks, ok = opkey.FromContext(pass, cat, res, res.SrcFuncs(), e.Instr.Parent(), e.Instr.Pos())
	}
	if !ok {
		return nil
	}
	return keyslot.Fill(pass, cat, res.Externals(), e, fmt.Sprintf(ks.Expr, name, cat.KeyHeader()), "", ks)
}

// recordedKey returns a string variable, in scope at the call, that a
// write on a handle committing each statement stores before the call on
// every path, or "".
func recordedKey(pass *analysis.Pass, res *summary.Result, e *effects.Call) string {
	file := fix.FileOf(pass, e.Instr.Pos())
	scope := pass.Pkg.Scope().Innermost(e.Instr.Pos())
	for _, b := range e.Instr.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || instr == e.Instr || !effects.Dominates(instr, e.Instr) {
				continue
			}
			w := effects.WriteOf(res.Env, call, res.ParamWrites)
			if w == nil || w.Durability != effects.DurAutocommit {
				continue
			}
			expr := fix.CallAt(file, call.Pos())
			if expr == nil {
				continue
			}
			for _, arg := range expr.Args {
				id, ok := ast.Unparen(arg).(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := pass.TypesInfo.Uses[id].(*types.Var)
				if !ok || v.Pkg() != pass.Pkg || !isString(v.Type()) {
					continue
				}
				if _, obj := scope.LookupParent(id.Name, e.Instr.Pos()); obj == v {
					return id.Name
				}
			}
		}
	}
	return ""
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// Option fills the key slot of a call of another package's function
// that only an option fills, by passing the option that sets the key
// (option names it by package path and name: WithIdempotencyKey) with
// the operation key in scope. It returns nil when no key is in scope,
// when the key may be missing (an empty key would be sent as one), or
// when the call passes its options as a slice (opts...).
func Option(pass *analysis.Pass, res *summary.Result, fn *ssa.Function, lparen token.Pos, option string) *analysis.SuggestedFix {
	dot := strings.LastIndex(option, ".")
	if dot < 0 {
		return nil
	}
	path, name := option[:dot], option[dot+1:]
	file := fix.FileOf(pass, lparen)
	if file == nil {
		return nil
	}
	call := fix.CallAt(file, lparen)
	if call == nil || call.Ellipsis.IsValid() {
		return nil
	}
	qual := fix.ImportName(pass.Pkg, file, path)
	if qual == "" {
		return nil
	}
	key, ks, ok := presentKey(pass, res, fn, lparen)
	if !ok {
		return nil
	}
	edits := []analysis.TextEdit{{Pos: call.Rparen, End: call.Rparen, NewText: []byte(", " + qual + "." + name + "(" + key + ")")}}
	for _, imp := range ks.Imports {
		edits = append(edits, fix.AddImport(file, imp)...)
	}
	return &analysis.SuggestedFix{Message: "Pass " + qual + "." + name + "(" + key + "), the operation key, as the idempotency key", TextEdits: edits}
}

// LiteralField fills the key slot of a call of another package's
// function that reads its key from a field of a struct literal the call
// writes (Charge{Customer: c} whose RequestOptions.IdempotencyKey the
// helper sets the key from): the field, at path inside argument arg
// (counted in the call's syntax), is set to the operation key in scope,
// in a literal of its own for a struct field the literal leaves out
// (RequestOptions: pay.RequestOptions{IdempotencyKey: key}). It returns
// nil when no key is in scope, when it may be missing, or when the
// argument is not such a literal.
func LiteralField(pass *analysis.Pass, res *summary.Result, fn *ssa.Function, lparen token.Pos, arg int, path string) *analysis.SuggestedFix {
	file := fix.FileOf(pass, lparen)
	if file == nil {
		return nil
	}
	call := fix.CallAt(file, lparen)
	if call == nil || arg < 0 || arg >= len(call.Args) {
		return nil
	}
	x := call.Args[arg]
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = u.X
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	fields := strings.Split(strings.TrimPrefix(path, "."), ".")
	if len(fields) == 0 || len(fields) > 2 || setsField(lit, fields[0]) {
		return nil
	}
	key, ks, ok := presentKey(pass, res, fn, lparen)
	if !ok {
		return nil
	}
	value, imports := key, ks.Imports
	if len(fields) == 2 {
		// The key's field is in a struct the literal leaves out.
		obj, _, _ := types.LookupFieldOrMethod(pass.TypesInfo.TypeOf(lit), true, pass.Pkg, fields[0])
		v, ok := obj.(*types.Var)
		if !ok {
			return nil
		}
		named, ok := types.Unalias(v.Type()).(*types.Named)
		if !ok || named.TypeArgs().Len() > 0 {
			return nil
		}
		name := named.Obj().Name()
		if p := named.Obj().Pkg(); p != nil && p != pass.Pkg {
			qual := fix.ImportName(pass.Pkg, file, p.Path())
			if qual == "" {
				return nil
			}
			name = qual + "." + name
		}
		value = name + "{" + fields[1] + ": " + key + "}"
	}
	elt := fields[0] + ": " + value
	var edit analysis.TextEdit
	if pass.Fset.Position(lit.Lbrace).Line == pass.Fset.Position(lit.Rbrace).Line {
		if len(lit.Elts) > 0 {
			elt = ", " + elt
		}
		edit = analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(elt)}
	} else {
		indent := fix.LineIndent(pass.Fset, file, lit.Rbrace)
		lineStart := lit.Rbrace - token.Pos(pass.Fset.Position(lit.Rbrace).Column-1)
		edit = analysis.TextEdit{Pos: lineStart, End: lineStart, NewText: []byte(indent + "\t" + elt + ",\n")}
	}
	edits := []analysis.TextEdit{edit}
	for _, imp := range imports {
		edits = append(edits, fix.AddImport(file, imp)...)
	}
	return &analysis.SuggestedFix{Message: "Set " + strings.TrimPrefix(path, ".") + " to " + key + ", the operation key, so that the call carries it as its idempotency key", TextEdits: edits}
}

// setsField reports whether a keyed struct literal sets field; a
// literal with positional fields counts as setting every one.
func setsField(lit *ast.CompositeLit, field string) bool {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
			return true
		}
	}
	return false
}

// presentKey returns, as an expression, the operation key in scope at
// lparen, or that fn's context carries, with where it comes from; false
// when there is none or it may be missing (an empty key would be sent
// as one).
func presentKey(pass *analysis.Pass, res *summary.Result, fn *ssa.Function, lparen token.Pos) (string, catalog.KeySource, bool) {
	cat := res.Env.Catalog
	key, ks, ok := opkey.InScope(pass, cat, lparen)
	if !ok && fn != nil {
		key, ks, ok = opkey.FromContext(pass, cat, res, res.SrcFuncs(), fn, lparen)
	}
	if !ok || ks.MayBeEmpty {
		return "", ks, false
	}
	return fmt.Sprintf(ks.Expr, key, cat.KeyHeader()), ks, true
}
