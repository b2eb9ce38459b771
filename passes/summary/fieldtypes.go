package summary

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// exportFieldTypes exports the concrete types the package's non-test
// files store into struct fields of interface type: the composition
// root's Server{Events: payment.NewEvents(st)} says which
// implementation a call through s.Events runs, where the interface has
// several. A constructor that stores its parameter
// (NewServer(ev Events)) holds what its callers pass, which their
// packages record. It reads the syntax, which every package has, where
// SSA is built only for the packages that can hold a finding.
func exportFieldTypes(pass *analysis.Pass, cat *catalog.Catalog) {
	fact := valueflow.FieldTypes{Fields: storedTypes(pass, cat)}
	fact.Args, fact.Escaped = passedTypes(pass, cat, fact.Fields)
	fact.Returns = append(funcReturns(pass, cat), varFills(pass, cat)...)
	if len(fact.Fields) > 0 || len(fact.Args) > 0 || len(fact.Escaped) > 0 || len(fact.Returns) > 0 {
		pass.ExportPackageFact(&fact)
	}
}

// typeSet gathers the types of values stored into a field or passed to
// a parameter.
type typeSet map[string]*valueflow.FieldType

// note adds the value v (nil: one whose type is not known) to key's
// entry; params names the parameters of the enclosing function, whose
// values are what its callers pass.
func (ts typeSet) note(info *types.Info, cat *catalog.Catalog, key string, v ast.Expr, params map[*types.Var]string, once map[types.Object]ast.Expr) {
	ft := ts[key]
	if ft == nil {
		ft = &valueflow.FieldType{Field: key}
		ts[key] = ft
	}
	if v == nil {
		ft.Open = true
		return
	}
	if id, ok := ast.Unparen(v).(*ast.Ident); ok {
		// A parameter of a concrete type holds that type, whoever
		// calls (an fx provider given *store.LedgerRepo); one of an
		// interface holds what its callers pass.
		if v, ok := info.Uses[id].(*types.Var); ok && params[v] != "" && (concreteName(v.Type()) == "" || isFunc(v.Type())) {
			p := params[v]
			if !slices.Contains(ft.Params, p) {
				ft.Params = append(ft.Params, p)
			}
			return
		}
	}
	if from, ok := heldField(info, v); ok {
		// Another field's value (opts.Ledger): what that field holds.
		if !slices.Contains(ft.From, from) {
			ft.From = append(ft.From, from)
		}
		return
	}
	tv, ok := info.Types[v]
	if ok && isFunc(tv.Type) && !tv.IsNil() {
		if id, ok := ast.Unparen(v).(*ast.Ident); ok && once[info.Uses[id]] != nil {
			v = once[info.Uses[id]] // newID := keys.UUID, then NewServer(..., newID)
		}
		if fill := funcFill(info, cat, v); fill != "" {
			if !slices.Contains(ft.Types, fill) {
				ft.Types = append(ft.Types, fill)
			}
		} else {
			ft.Open = true
		}
		return
	}
	switch {
	case !ok:
		ft.Open = true
	case tv.IsNil():
		// No implementation: a call through it panics.
	default:
		if name := concreteName(tv.Type); name != "" {
			if !slices.Contains(ft.Types, name) {
				ft.Types = append(ft.Types, name)
			}
		} else {
			ft.Open = true
		}
	}
}

// sorted returns the entries in the order of their keys.
func (ts typeSet) sorted() []valueflow.FieldType {
	out := make([]valueflow.FieldType, 0, len(ts))
	for _, k := range slices.Sorted(maps.Keys(ts)) {
		ft := ts[k]
		slices.Sort(ft.Types)
		slices.Sort(ft.Params)
		slices.Sort(ft.From)
		out = append(out, *ft)
	}
	return out
}

// storedTypes lists, by field, the concrete types stored into fields of
// interface type in composite literals and assignments.
func storedTypes(pass *analysis.Pass, cat *catalog.Catalog) []valueflow.FieldType {
	ts := typeSet{}
	once := onceAssigned(pass.TypesInfo, pass.Files)
	tests := testFiles(pass)
	for _, f := range pass.Files {
		if tests.contain(f.Pos()) {
			continue
		}
		for _, decl := range f.Decls {
			params := paramNames(pass.TypesInfo, decl)
			note := func(field string, v ast.Expr) { ts.note(pass.TypesInfo, cat, field, v, params, once) }
			ast.Inspect(decl, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					literalStores(pass.TypesInfo, n, note)
				case *ast.AssignStmt:
					for i, lhs := range n.Lhs {
						field, ok := heldField(pass.TypesInfo, lhs)
						if !ok {
							continue
						}
						if len(n.Lhs) == len(n.Rhs) {
							note(field, n.Rhs[i])
						} else {
							note(field, nil) // one of a call's results
						}
					}
				case *ast.UnaryExpr:
					// &s.Events: whatever the pointer's holder stores.
					if field, ok := heldField(pass.TypesInfo, n.X); ok && n.Op == token.AND {
						note(field, nil)
					}
				}
				return true
			})
		}
	}
	return ts.sorted()
}

// paramNames names the parameters of a package-level function
// ("example.com/api.NewServer#1"): a store of one holds what the
// function's callers pass. A method's are left out, as its calls through
// interfaces and method values are not all seen.
func paramNames(info *types.Info, decl ast.Decl) map[*types.Var]string {
	fd, ok := decl.(*ast.FuncDecl)
	if !ok || fd.Recv != nil || fd.Type.TypeParams != nil {
		return nil
	}
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	out := map[*types.Var]string{}
	for i := range sig.Params().Len() {
		if sig.Variadic() && i == sig.Params().Len()-1 {
			break
		}
		out[sig.Params().At(i)] = paramKey(fn, i)
	}
	return out
}

// paramKey names parameter i of fn.
func paramKey(fn *types.Func, i int) string {
	return fn.FullName() + "#" + strconv.Itoa(i)
}

// passedTypes lists the types the package passes to the parameters that
// fields of its imports, or its own, are filled from, and those
// parameters' functions it uses as values.
func passedTypes(pass *analysis.Pass, cat *catalog.Catalog, own []valueflow.FieldType) (args []valueflow.FieldType, escaped []string) {
	wanted := map[string]bool{}
	want := func(fields []valueflow.FieldType) {
		for _, ft := range fields {
			for _, p := range ft.Params {
				wanted[p] = true
			}
		}
	}
	want(own)
	for _, imp := range pass.Pkg.Imports() {
		var fact valueflow.FieldTypes
		if pass.ImportPackageFact(imp, &fact) {
			want(fact.Fields)
		}
	}
	if len(wanted) == 0 {
		return nil, nil
	}
	tests := testFiles(pass)
	once := onceAssigned(pass.TypesInfo, pass.Files)
	// A parameter of the package's own function that it hands on to a
	// wanted one (a provider that passes its generator to a
	// constructor) is wanted in turn: its callers fill the field.
	var ts typeSet
	var funcs map[string]bool
	var called map[*ast.Ident]bool
	for range maxForwards {
		ts, funcs, called = notePassed(pass, cat, wanted, tests, once)
		more := false
		for _, ft := range ts {
			for _, p := range ft.Params {
				if !wanted[p] {
					wanted[p], more = true, true
				}
			}
		}
		if !more {
			break
		}
	}
	esc := map[string]bool{}
	for id, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && funcs[fn.Origin().FullName()] && !called[id] && !tests.contain(id.Pos()) {
			esc[fn.Origin().FullName()] = true
		}
	}
	return ts.sorted(), slices.Sorted(maps.Keys(esc))
}

// maxForwards bounds the functions of a package that hand on, one to
// the next, a value a field is filled from.
const maxForwards = 3

// notePassed notes what the package's calls pass to the wanted
// parameters, with the package's own parameters they hand on named as
// such; it returns the wanted functions and the identifiers that name
// them in calls (or in a code generator's provider set).
func notePassed(pass *analysis.Pass, cat *catalog.Catalog, wanted map[string]bool, tests fileRanges, once map[types.Object]ast.Expr) (typeSet, map[string]bool, map[*ast.Ident]bool) {
	wantedFunc := map[string]bool{}
	for p := range wanted {
		fn, _, _ := strings.Cut(p, "#")
		wantedFunc[fn] = true
	}
	ts := typeSet{}
	called := map[*ast.Ident]bool{} // the functions' names in calls
	for _, f := range pass.Files {
		if tests.contain(f.Pos()) {
			continue
		}
		for _, decl := range f.Decls {
			params := paramNames(pass.TypesInfo, decl)
			ast.Inspect(decl, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
				if ok && catalog.DeclaresProviders(fn) {
					// wire.NewSet(NewFeeService, ...): the generated
					// code calls them, where their arguments are read.
					for _, a := range call.Args {
						if id := funcIdent(a); id != nil {
							called[id] = true
						}
					}
					return true
				}
				if !ok || !wantedFunc[fn.Origin().FullName()] {
					return true
				}
				if id := funcIdent(call.Fun); id != nil {
					called[id] = true
				}
				for i, a := range call.Args {
					if key := paramKey(fn.Origin(), i); wanted[key] {
						ts.note(pass.TypesInfo, cat, key, a, params, once)
					}
				}
				return true
			})
		}
	}
	return ts, wantedFunc, called
}

// funcIdent returns the identifier that names a function in e (F or
// pkg.F), or nil.
func funcIdent(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// literalStores notes the values a composite literal of a named struct
// type gives its fields of interface type.
func literalStores(info *types.Info, lit *ast.CompositeLit, note func(string, ast.Expr)) {
	t := info.TypeOf(lit)
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem() // an elided &T in a literal of pointers
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		var f *types.Var
		v := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			f, v = structField(st, id.Name), kv.Value
		} else if i < st.NumFields() {
			f = st.Field(i)
		}
		if f != nil && heldType(f.Type()) {
			note(fieldName(named, f.Name()), v)
		}
	}
}

// heldField returns the name of the field of interface or function
// type that e selects (s.Events, s.deps.Events, s.newID), by the named
// struct type that declares it.
func heldField(info *types.Info, e ast.Expr) (string, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || !heldType(s.Obj().Type()) {
		return "", false
	}
	// The struct that declares the field: the receiver's, or that of
	// the embedded field it is promoted from.
	t := s.Recv()
	idx := s.Index()
	for _, i := range idx[:len(idx)-1] {
		st, ok := derefStruct(t)
		if !ok {
			return "", false
		}
		t = st.Field(i).Type()
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "", false
	}
	return fieldName(named, s.Obj().Name()), true
}

// derefStruct returns the struct t is, or points to.
func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// structField returns the field of st named name, or nil.
func structField(st *types.Struct, name string) *types.Var {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	return nil
}

// fieldName names a field by the named type that declares it:
// "example.com/api.Server.Events".
func fieldName(named *types.Named, field string) string {
	return catalog.TypeKey(named) + "." + field
}

// concreteName names the named type a concrete type is or points to, or
// "" for an interface or an unnamed type.
func concreteName(t types.Type) string {
	if types.IsInterface(t) {
		return ""
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return ""
	}
	return catalog.TypeKey(t)
}

// storedFields is what the program's packages store into fields of
// interface type, and pass to the parameters those are filled from.
type storedFields struct {
	fields, args map[string][]valueflow.FieldType
	escaped      map[string]bool
}

func (s *storedFields) add(ft *valueflow.FieldTypes) {
	if s.fields == nil {
		s.fields, s.args, s.escaped = map[string][]valueflow.FieldType{}, map[string][]valueflow.FieldType{}, map[string]bool{}
	}
	for _, f := range ft.Fields {
		s.fields[f.Field] = append(s.fields[f.Field], f)
	}
	for _, a := range ft.Args {
		s.args[a.Field] = append(s.args[a.Field], a)
	}
	for _, e := range ft.Escaped {
		s.escaped[e] = true
	}
}

// typesOf returns the concrete types the program stores into field, by
// name: ok is false when a store of unknown type, or a parameter whose
// callers are not all seen, may fill it.
func (s *storedFields) typesOf(field string) (names []string, ok bool) {
	return s.typesOfSeen(field, map[string]bool{})
}

func (s *storedFields) typesOfSeen(field string, seen map[string]bool) (names []string, ok bool) {
	if seen[field] {
		return nil, true // a cycle of copies adds nothing
	}
	seen[field] = true
	stores := s.fields[field]
	if len(stores) == 0 {
		return nil, false // filled where no package says (reflection)
	}
	for _, ft := range stores {
		if ft.Open {
			return nil, false
		}
		names = append(names, ft.Types...)
		for _, from := range ft.From {
			more, ok := s.typesOfSeen(from, seen)
			if !ok {
				return nil, false
			}
			names = append(names, more...)
		}
		for _, p := range ft.Params {
			more, ok := s.paramTypes(p, seen)
			if !ok {
				return nil, false
			}
			names = append(names, more...)
		}
	}
	return names, true
}

// paramTypes returns what the callers of a function pass to its
// parameter p (its key, "fn#i"), following those that pass a parameter
// of their own (a provider handing its generator to a constructor).
func (s *storedFields) paramTypes(p string, seen map[string]bool) (names []string, ok bool) {
	if seen[p] {
		return nil, true
	}
	seen[p] = true
	fn, _, _ := strings.Cut(p, "#")
	if s.escaped[fn] {
		return nil, false
	}
	// A function no package calls, nor uses as a value, is never run:
	// none of what it stores is there.
	for _, a := range s.args[p] {
		if a.Open {
			return nil, false
		}
		names = append(names, a.Types...)
		for _, from := range a.From {
			more, ok := s.typesOfSeen(from, seen)
			if !ok {
				return nil, false
			}
			names = append(names, more...)
		}
		for _, q := range a.Params {
			more, ok := s.paramTypes(q, seen)
			if !ok {
				return nil, false
			}
			names = append(names, more...)
		}
	}
	return names, true
}

// heldBy returns the implementations of ims that the field a wired call
// is made through can hold, when the call is made on a field of the
// scope's receiver (s.events.Handle) and the program stores only known
// types there; ims otherwise. The others stay, unresolved, in their
// places, so that the indices of the implementations name the same ones
// on every path.
func (p *program) heldBy(sc *scope, w *valueflow.WiredStmt, ims []impl) func(impl) bool {
	all := func(impl) bool { return true }
	if w.Recv.Param != 0 || w.Recv.Path == "" || sc.recv == nil {
		return all
	}
	t := sc.recv
	var field string
	for _, name := range strings.Split(strings.TrimPrefix(w.Recv.Path, "."), ".") {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return all
		}
		st, ok := named.Underlying().(*types.Struct)
		if !ok {
			return all
		}
		f := structField(st, name)
		if f == nil {
			return all
		}
		field, t = fieldName(named, name), f.Type()
	}
	if !types.IsInterface(t) {
		return all
	}
	names, ok := p.stored.typesOf(field)
	if !ok {
		return all
	}
	holds := func(im impl) bool {
		rt := im.recv
		if rt == nil {
			rt = im.fn.Type().(*types.Signature).Recv().Type()
		}
		return slices.Contains(names, concreteName(rt))
	}
	if !slices.ContainsFunc(ims, holds) {
		return all // what it holds is none the walk found: a decorator
	}
	for _, im := range ims {
		if holds(im) && p.decorator(im, w.Call) {
			// What the decorator wraps is resolved as the interface's
			// implementations, not by the field it is in.
			return all
		}
	}
	return holds
}

// decorator reports whether im makes a wired call of a method of the
// name it implements, of this interface or another: it wraps another
// implementation (a logging Refunder over the gateway's interface).
func (p *program) decorator(im impl, call valueflow.WiredCall) bool {
	s := p.summary(im.fn)
	return s != nil && slices.ContainsFunc(s.Wired, func(c valueflow.WiredCall) bool { return c.Method == call.Method })
}

// onceAssigned returns the local variables of function type of the
// package's files that one assignment gives a value (newID :=
// keys.UUID), with that value; one whose address is taken is not.
func onceAssigned(info *types.Info, files []*ast.File) map[types.Object]ast.Expr {
	values := map[*types.Var]ast.Expr{}
	count := map[*types.Var]int{}
	set := func(id *ast.Ident, value ast.Expr, n int) {
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || v.IsField() || !isFunc(v.Type()) {
			return
		}
		count[v] += n
		values[v] = value
	}
	for _, f := range files {
		ast.Inspect(f, func(node ast.Node) bool {
			switch node := node.(type) {
			case *ast.AssignStmt:
				for i, lhs := range node.Lhs {
					if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
						var value ast.Expr
						if len(node.Lhs) == len(node.Rhs) {
							value = node.Rhs[i]
						}
						set(id, value, 1)
					}
				}
			case *ast.ValueSpec:
				for i, name := range node.Names {
					var value ast.Expr
					if i < len(node.Values) {
						value = node.Values[i]
					}
					set(name, value, 1)
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(node.X).(*ast.Ident); ok && node.Op == token.AND {
					set(id, nil, 2) // its address escapes: any store may change it
				}
			}
			return true
		})
	}
	out := map[types.Object]ast.Expr{}
	for v, n := range count {
		if n == 1 && values[v] != nil && v.Parent() != nil && v.Parent() != v.Pkg().Scope() {
			out[v] = values[v]
		}
	}
	return out
}
