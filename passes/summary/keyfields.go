package summary

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// exportKeyFields exports, for each struct type of the package that its
// non-test code fills in a string field with a received delivery's own
// ID (Delivery{MessageID: d.MessageId}, d.MsgID =
// m.Headers().Get(jetstream.MsgIDHeader)), and with nothing else, that
// field: a handler given the type has the key in scope, as one given
// the library's message has. A type with two such fields is left out:
// the evidence does not say which one the handlers are keyed by.
func exportKeyFields(pass *analysis.Pass, cat *catalog.Catalog) {
	tests := testFiles(pass)
	defs := localDefs(pass, tests)
	// By type, the fields filled with a delivery's ID, and those filled
	// with anything else.
	keyed := map[*types.TypeName][]string{}
	other := map[*types.TypeName]map[string]bool{}
	note := func(tn *types.TypeName, field string, v ast.Expr) {
		if deliveryID(pass.TypesInfo, cat, defs, v) {
			if !slices.Contains(keyed[tn], field) {
				keyed[tn] = append(keyed[tn], field)
			}
			return
		}
		if other[tn] == nil {
			other[tn] = map[string]bool{}
		}
		other[tn][field] = true
	}
	for _, file := range pass.Files {
		if tests.contain(file.Pos()) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				tn := ownStruct(pass, pass.TypesInfo.TypeOf(n))
				if tn == nil {
					return true
				}
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && isStringField(pass.TypesInfo, id) {
							note(tn, id.Name, kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					sel, ok := l.(*ast.SelectorExpr)
					if !ok || !isStringField(pass.TypesInfo, sel.Sel) {
						continue
					}
					if tn := ownStruct(pass, pass.TypesInfo.TypeOf(sel.X)); tn != nil {
						note(tn, sel.Sel.Name, n.Rhs[i])
					}
				}
			}
			return true
		})
	}
	for tn, fields := range keyed {
		fields = slices.DeleteFunc(fields, func(f string) bool { return other[tn][f] })
		if len(fields) != 1 {
			continue
		}
		pass.ExportObjectFact(tn, &valueflow.KeyField{Name: fields[0]})
		catalog.DeclareKeyField(tn, fields[0])
	}
}

// ownStruct returns the named struct type of the package that t is, or
// points to.
func ownStruct(pass *analysis.Pass, t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != pass.Pkg {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Origin().Obj() // a generic Delivery[T]'s, for every instance
}

// isStringField reports whether id names a struct field of type string.
func isStringField(info *types.Info, id *ast.Ident) bool {
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		v, ok = info.Defs[id].(*types.Var)
	}
	if !ok || !v.IsField() {
		return false
	}
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// deliveryID reports whether e reads a received delivery's own ID: a
// field the catalog knows as one (amqp091's MessageId), a function or
// method that returns one (as its first result), or a header getter
// given the name of a header that holds one; or is a local variable
// defined once as such a read (id, _ := asynq.GetTaskID(ctx)).
func deliveryID(info *types.Info, cat *catalog.Catalog, defs map[*types.Var]ast.Expr, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return ok && defs[v] != nil && deliveryID(info, cat, nil, defs[v])
	case *ast.SelectorExpr:
		sel := info.Selections[e]
		return sel != nil && sel.Kind() == types.FieldVal && cat.IsOpKeyField(sel.Recv(), e.Sel.Name)
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, e).(*types.Func)
		if !ok {
			return false
		}
		if cat.IsOpKeyMethod(fn) {
			return true
		}
		if len(e.Args) == 0 {
			return false
		}
		tv := info.Types[e.Args[len(e.Args)-1]]
		return tv.Value != nil && tv.Value.Kind() == constant.String && slices.Contains(cat.IDHeaders(fn), constant.StringVal(tv.Value))
	}
	return false
}

// localDefs maps the local variables of the package's non-test files
// that are defined once and never assigned again to the expression that
// defines them: the value itself, or the call whose first result it is.
func localDefs(pass *analysis.Pass, tests fileRanges) map[*types.Var]ast.Expr {
	defs := map[*types.Var]ast.Expr{}
	assigned := map[*types.Var]bool{}
	for _, file := range pass.Files {
		if tests.contain(file.Pos()) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				if v, ok := pass.TypesInfo.Defs[id].(*types.Var); ok && as.Tok == token.DEFINE {
					switch {
					case len(as.Rhs) == len(as.Lhs):
						defs[v] = as.Rhs[i]
					case len(as.Rhs) == 1 && i == 0:
						defs[v] = as.Rhs[0]
					}
					continue
				}
				if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok {
					assigned[v] = true
				}
			}
			return true
		})
	}
	for v := range assigned {
		delete(defs, v)
	}
	return defs
}
