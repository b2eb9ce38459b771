package summary

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A service that makes its IDs with a function it holds in a field
// (s.NewID()) is given that function where the program wires it, often
// in another package: holds.Service{NewID: ids.Prefixed("hld",
// ids.XID())}. The packages record, by the syntax every one of them
// has, what they store in fields of function type (valueflow's Fills)
// and what their functions that return a function return; the
// composition root decides whether every function a field can hold
// makes a fresh value (program.fieldGenerates).

// heldType reports whether a field of type t holds what the program
// wires: an interface's implementation or a function.
func heldType(t types.Type) bool {
	return types.IsInterface(t) || isFunc(t)
}

// funcFill describes e, a value of function type stored in a field or
// passed to a parameter, as a Fill; "" when it is none the composition
// root can judge.
func funcFill(info *types.Info, cat *catalog.Catalog, e ast.Expr) string {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.FuncLit:
		if callsGenerator(info, cat, x.Body) {
			return valueflow.FillFresh
		}
	case *ast.Ident, *ast.SelectorExpr:
		if fn := usedFunc(info, x); fn != nil {
			return valueflow.FillFunc + catalog.FuncKey(fn) // uuid.NewString, s.nextID
		}
		if v := packageVar(info, x); v != nil {
			return valueflow.FillVar + varKey(v) // ids.Default, a var that holds ids.New
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return funcFill(info, cat, x.Args[0]) // ids.Generator(uuid.NewString)
		}
		fn := usedFunc(info, ast.Unparen(x.Fun))
		if fn == nil {
			return ""
		}
		args := make([]string, len(x.Args))
		for i, a := range x.Args {
			args[i] = valueflow.FillNone
			if t := info.TypeOf(a); t != nil && isFunc(t) {
				if args[i] = funcFill(info, cat, a); args[i] == "" {
					return ""
				}
			}
		}
		return valueflow.FillCall + catalog.FuncKey(fn) + "(" + strings.Join(args, ",") + ")"
	}
	return ""
}

// callsGenerator reports whether body calls a catalogued generator of
// fresh values (uuid.NewString, xid.New), outside function literals of
// its own.
func callsGenerator(info *types.Info, cat *catalog.Catalog, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := usedFunc(info, ast.Unparen(n.Fun)); fn != nil {
				if _, ok := cat.Generator(fn); ok {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// funcReturns lists, for the package's functions that return a
// function, the Fills of what every return statement gives: a function,
// a literal that calls a generator, or one that calls a parameter's
// function (Prefixed(prefix, g) returning func() string { return
// prefix + "_" + g() }). A function one of whose returns is none of
// these is left out.
func funcReturns(pass *analysis.Pass, cat *catalog.Catalog) []valueflow.FieldType {
	var out []valueflow.FieldType
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv != nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			res := fn.Signature().Results()
			if res.Len() != 1 || !isFunc(res.At(0).Type()) {
				continue
			}
			if fills, ok := returnFills(pass.TypesInfo, cat, fn, fd.Body); ok {
				out = append(out, valueflow.FieldType{Field: catalog.FuncKey(fn), Types: fills})
			}
		}
	}
	return out
}

// packageVar returns the package-level variable of function type e
// names, or nil.
func packageVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if sel, isSel := e.(*ast.SelectorExpr); isSel {
		id, ok = sel.Sel, true
	}
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !isFunc(v.Type()) {
		return nil
	}
	return v
}

// varKey names a package-level variable as Fills and the Returns of
// FieldTypes do.
func varKey(v *types.Var) string { return v.Pkg().Path() + "." + v.Name() }

// varFills lists, for the package's variables of function type that
// their declaration gives a value and no statement of the package's
// production files assigns again (var Default Generator = New), the Fill
// of that value.
func varFills(pass *analysis.Pass, cat *catalog.Catalog) []valueflow.FieldType {
	tests := testFiles(pass)
	assigned := map[*types.Var]bool{}
	for _, f := range pass.Files {
		if tests.contain(f.Pos()) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					if v := packageVar(pass.TypesInfo, ast.Unparen(lhs)); v != nil {
						assigned[v] = true
					}
				}
			case *ast.UnaryExpr:
				if v := packageVar(pass.TypesInfo, ast.Unparen(n.X)); v != nil && n.Op == token.AND {
					assigned[v] = true
				}
			}
			return true
		})
	}
	var out []valueflow.FieldType
	for _, f := range pass.Files {
		if tests.contain(f.Pos()) {
			continue
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					v, ok := pass.TypesInfo.Defs[name].(*types.Var)
					if !ok || assigned[v] || i >= len(vs.Values) || !isFunc(v.Type()) {
						continue
					}
					if fill := funcFill(pass.TypesInfo, cat, vs.Values[i]); fill != "" {
						out = append(out, valueflow.FieldType{Field: varKey(v), Types: []string{fill}})
					}
				}
			}
		}
	}
	return out
}

// returnFills returns the Fills of fn's return statements in body.
func returnFills(info *types.Info, cat *catalog.Catalog, fn *types.Func, body *ast.BlockStmt) ([]string, bool) {
	var fills []string
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			fill := ""
			if len(n.Results) == 1 {
				fill = returnFill(info, cat, fn, n.Results[0])
			}
			if fill == "" {
				ok = false
			} else if !slices.Contains(fills, fill) {
				fills = append(fills, fill)
			}
		}
		return ok
	})
	return fills, ok && len(fills) > 0
}

// returnFill describes a returned function: a parameter of fn, or a
// literal whose result is what a parameter's function gives, as Fills
// of the parameter; else as funcFill.
func returnFill(info *types.Info, cat *catalog.Catalog, fn *types.Func, e ast.Expr) string {
	e = ast.Unparen(e)
	if i := paramOf(info, fn, e); i >= 0 {
		return valueflow.FillParam + strconv.Itoa(i)
	}
	if lit, ok := e.(*ast.FuncLit); ok && !callsGenerator(info, cat, lit.Body) {
		if i, ok := callsParam(info, fn, lit.Body); ok {
			return valueflow.FillParam + strconv.Itoa(i)
		}
	}
	return funcFill(info, cat, e)
}

// paramOf returns the index of fn's parameter e is, or -1.
func paramOf(info *types.Info, fn *types.Func, e ast.Expr) int {
	id, ok := e.(*ast.Ident)
	if !ok {
		return -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if info.Uses[id] == params.At(i) {
			return i
		}
	}
	return -1
}

// callsParam returns the parameter of fn whose function a literal's
// return statements call, when each returns an expression that calls
// it (prefix + "_" + g()).
func callsParam(info *types.Info, fn *types.Func, body *ast.BlockStmt) (int, bool) {
	param, ok := -1, true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			i := -1
			for _, r := range n.Results {
				ast.Inspect(r, func(m ast.Node) bool {
					if c, isCall := m.(*ast.CallExpr); isCall {
						if j := paramOf(info, fn, ast.Unparen(c.Fun)); j >= 0 {
							i = j
						}
					}
					return true
				})
			}
			if i < 0 || param >= 0 && param != i {
				ok = false
			}
			param = i
		}
		return ok
	})
	return param, ok && param >= 0
}

// fieldGenerates reports whether every function the program stores in
// the field of function type named field makes a fresh value: none is
// stored where no package says, and each is a generator, a literal
// that calls one, or what a function returns that returns such.
func (p *program) fieldGenerates(field string) bool {
	fills, ok := p.stored.typesOf(field)
	if !ok || len(fills) == 0 {
		return false
	}
	for _, f := range fills {
		if !p.freshFill(f, nil, 0) {
			return false
		}
	}
	return true
}

// maxFillDepth bounds the returned functions freshFill follows.
const maxFillDepth = 4

// freshFill reports whether the function a Fill describes makes a fresh
// value; args are the Fills of the arguments of the call whose result
// the Fill is part of.
func (p *program) freshFill(fill string, args []string, depth int) bool {
	if depth > maxFillDepth {
		return false
	}
	switch {
	case fill == valueflow.FillFresh:
		return true
	case strings.HasPrefix(fill, valueflow.FillParam):
		i, err := strconv.Atoi(strings.TrimPrefix(fill, valueflow.FillParam))
		return err == nil && i < len(args) && p.freshFill(args[i], nil, depth+1)
	case strings.HasPrefix(fill, valueflow.FillFunc):
		return p.freshFunc(strings.TrimPrefix(fill, valueflow.FillFunc))
	case strings.HasPrefix(fill, valueflow.FillVar):
		// A package's variable: what its declaration gives it.
		rets := p.returns[strings.TrimPrefix(fill, valueflow.FillVar)]
		return len(rets) == 1 && p.freshFill(rets[0], nil, depth+1)
	case strings.HasPrefix(fill, valueflow.FillCall):
		key, callArgs, ok := splitFillCall(strings.TrimPrefix(fill, valueflow.FillCall))
		rets := p.returns[key]
		if !ok || len(rets) == 0 {
			return false
		}
		for _, r := range rets {
			if !p.freshFill(r, callArgs, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// freshFunc reports whether the function of a catalog.FuncKey makes a
// fresh value: a catalogued generator, or a function of the program
// whose package lists it among its Generators.
func (p *program) freshFunc(key string) bool {
	return p.cat.IsGeneratorKey(key) || p.generators[key]
}

// splitFillCall splits "KEY(a,b)" into KEY and its arguments' Fills,
// which may be calls themselves.
func splitFillCall(s string) (key string, args []string, ok bool) {
	open := strings.Index(s, "(")
	if open < 0 || !strings.HasSuffix(s, ")") {
		return "", nil, false
	}
	key, inner := s[:open], s[open+1:len(s)-1]
	depth, start := 0, 0
	for i, r := range inner {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				args = append(args, inner[start:i])
				start = i + 1
			}
		}
	}
	if inner != "" {
		args = append(args, inner[start:])
	}
	return key, args, depth == 0
}
