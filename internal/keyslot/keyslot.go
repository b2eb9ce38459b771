// Package keyslot builds the edit that puts an operation key into an
// external call's idempotency-key slot: a statement that fills the
// carrier's field or header before the call, a field of a carrier
// literal, or an extra publish option.
package keyslot

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// Fill fills the call's key slot with the key expression given, which
// needs the imports of ks and may be empty when ks.MayBeEmpty. A scope
// namespaces the key, for a key that other functions fill slots with
// too.
func Fill(pass *analysis.Pass, cat *catalog.Catalog, externals []*effects.Call, e *effects.Call, key, scope string, ks catalog.KeySource) *analysis.SuggestedFix {
	file := fix.FileOf(pass, e.Instr.Pos())
	if file == nil {
		return nil
	}
	call := fix.CallAt(file, e.Instr.Pos())
	if call == nil {
		return nil
	}
	imports := ks.Imports
	var edits []analysis.TextEdit
	// Another keyed call of the function gets its own key: a provider
	// rejects one key reused for a different request (Stripe answers
	// the second call with an error on the first attempt).
	guarded := "k" // the key inside "if k := ...; k != """
	ns := namespace(externals, e)
	if scope != "" {
		ns = "|" + scope + ns
	}
	if ns != "" {
		if ks.MayBeEmpty {
			guarded += " + " + strconv.Quote(ns)
		} else {
			key += " + " + strconv.Quote(ns)
		}
	}
	if e.HeaderMap {
		edit, ok := mapEntry(pass, file, call, e, key, guarded, cat.KeyHeader(), ks.MayBeEmpty)
		if !ok {
			return nil
		}
		edits = append(edits, edit)
	} else if e.Ext.Slot == catalog.PubOption {
		opt := pubOption(pass, file, e)
		if opt == "" || ks.MayBeEmpty || call.Ellipsis.IsValid() {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(", " + fmt.Sprintf(opt, key))})
	} else if edit, more, ok := literalField(pass, file, call, e, key, ks); ok {
		edits = append(edits, edit)
		imports = append(imports, more...)
	} else {
		stmt, more := setSlot(pass, file, call, e, cat.KeyHeader())
		decl := ""
		if stmt == "" {
			// A carrier written in the call (&stripe.PaymentIntentParams{...})
			// becomes a variable first.
			var name string
			var replace analysis.TextEdit
			var ok bool
			if decl, name, replace, ok = hoistCarrier(pass, file, call, e); !ok {
				return nil
			}
			if stmt, more = slotStmt(pass, file, name, pass.TypesInfo.TypeOf(call.Args[e.Ext.Arg]), e, cat.KeyHeader()); stmt == "" {
				return nil
			}
			edits = append(edits, replace)
		}
		imports = append(imports, more...)
		text := fmt.Sprintf(stmt, key)
		if ks.MayBeEmpty {
			text = fmt.Sprintf("if k := %s; k != \"\" {\n\t%s\n}", key, fmt.Sprintf(stmt, guarded))
		}
		if decl != "" {
			text = decl + "\n" + text
		}
		edit, ok := fix.StmtBefore(pass.Fset, file, call.Pos(), text)
		if !ok {
			return nil
		}
		edits = append(edits, edit)
	}
	for _, imp := range imports {
		edits = append(edits, fix.AddImport(file, imp)...)
	}
	return &analysis.SuggestedFix{Message: "Pass the operation key (" + key + ") as the idempotency key", TextEdits: edits}
}

// namespace returns "|what" for a call whose function makes another
// call with an idempotency-key slot ("|stripe-transfer-create"), so that
// one operation key gives each call a key of its own; "" when the call is
// the function's only one. Calls of one kind are told apart by their
// order ("|stripe-refund-create-2").
func namespace(externals []*effects.Call, e *effects.Call) string {
	others, same := 0, 0
	for _, o := range externals {
		if o == e || o.Instr.Parent() != e.Instr.Parent() || o.Ext.Notification || o.State == effects.NoSlot {
			continue
		}
		others++
		if o.Ext.What == e.Ext.What && o.Instr.Pos() < e.Instr.Pos() {
			same++
		}
	}
	if others == 0 {
		return ""
	}
	ns := "|" + strings.ToLower(strings.Join(strings.Fields(e.Ext.What), "-"))
	if same > 0 {
		ns += "-" + strconv.Itoa(same+1)
	}
	return ns
}

// setSlot returns the statement (with %s for the key) that fills the
// slot of the call's carrier variable, and the imports it needs.
func setSlot(pass *analysis.Pass, file *ast.File, call *ast.CallExpr, e *effects.Call, header string) (string, []string) {
	if !hasArg(call, e) || e.Carrier == nil {
		return "", nil
	}
	carrier := call.Args[e.Ext.Arg]
	if u, ok := carrier.(*ast.UnaryExpr); ok {
		carrier = u.X
	}
	id, ok := carrier.(*ast.Ident)
	if !ok {
		return "", nil
	}
	return slotStmt(pass, file, id.Name, pass.TypesInfo.TypeOf(id), e, header)
}

// slotStmt returns the statement (with %s for the key) that fills the
// slot of the carrier variable name, of type t, and the imports it needs.
func slotStmt(pass *analysis.Pass, file *ast.File, name string, t types.Type, e *effects.Call, header string) (string, []string) {
	switch e.Ext.Slot {
	case catalog.ParamsKey:
		return name + ".SetIdempotencyKey(%s)", nil
	case catalog.RequestHeader:
		return name + fmt.Sprintf(".Header.Set(%q, %%s)", header), nil
	case catalog.InputField:
		field := e.Ext.Fields[0]
		obj, _, _ := types.LookupFieldOrMethod(t, true, pass.Pkg, field)
		v, ok := obj.(*types.Var)
		if !ok {
			return "", nil
		}
		if _, ptr := v.Type().(*types.Pointer); !ptr {
			return name + "." + field + " = %s", nil
		}
		ptr, ok := catalog.StringPointer(e.Fn)
		if !ok {
			return "", nil
		}
		pkg := fix.ImportName(pass.Pkg, file, ptr.Path)
		if pkg == "" {
			return name + "." + field + " = " + path.Base(ptr.Path) + "." + ptr.Func + "(%s)", []string{ptr.Path}
		}
		return name + "." + field + " = " + pkg + "." + ptr.Func + "(%s)", nil
	}
	return "", nil
}

// hasArg reports whether the call has the argument that holds the
// effect's key slot: a request sender given no headers has none.
func hasArg(call *ast.CallExpr, e *effects.Call) bool {
	return e.Ext.Arg >= 0 && e.Ext.Arg < len(call.Args)
}

// hoistCarrier moves a carrier written as a literal in the call
// (&stripe.PaymentIntentCreateParams{...}) into a variable declared
// before the call's statement, so that a statement can fill its slot: it
// returns the declaration, the variable's name and the edit that puts
// the name in the call. It declines when an argument before the carrier
// could do something that the earlier literal would now precede, or no
// short name is free.
func hoistCarrier(pass *analysis.Pass, file *ast.File, call *ast.CallExpr, e *effects.Call) (decl, name string, replace analysis.TextEdit, ok bool) {
	if !hasArg(call, e) {
		return "", "", analysis.TextEdit{}, false
	}
	arg := call.Args[e.Ext.Arg]
	lit := arg
	if u, isAddr := lit.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		lit = u.X
	}
	if _, isLit := lit.(*ast.CompositeLit); !isLit {
		return "", "", analysis.TextEdit{}, false
	}
	for _, a := range call.Args[:e.Ext.Arg] {
		if !plain(a) {
			return "", "", analysis.TextEdit{}, false
		}
	}
	text, printed := fix.Print(pass.Fset, file, arg)
	if !printed {
		return "", "", analysis.TextEdit{}, false
	}
	// A name nothing sees at the call, and that no enclosing scope
	// declares later either (params := ... further down would clash).
	scope := pass.Pkg.Scope().Innermost(call.Pos())
	free := func(n string) bool {
		_, obj := scope.LookupParent(n, call.Pos())
		return obj == nil && !fix.DeclaredAround(pass.Pkg, call.Pos(), n)
	}
	names := []string{"params", "input", "req"}
	if e.Ext.Slot == catalog.InputField {
		names = []string{"input", "params", "req"}
	}
	for _, n := range names {
		if free(n) {
			name = n
			break
		}
	}
	if name == "" {
		return "", "", analysis.TextEdit{}, false
	}
	return name + " := " + text, name, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(name)}, true
}

// plain reports whether evaluating e does nothing a literal evaluated
// before it could change: a name, a selector of names, a constant, or
// ctx-like method calls without arguments (r.Context()).
func plain(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return plain(e.X)
	case *ast.CallExpr:
		sel, ok := e.Fun.(*ast.SelectorExpr)
		return ok && len(e.Args) == 0 && sel.Sel.Name == "Context" && plain(sel.X)
	}
	return false
}

// pubOption returns the option expression (with %s for the key) that
// carries a message ID for a JetStream publish, written with the file's
// import name.
func pubOption(pass *analysis.Pass, file *ast.File, e *effects.Call) string {
	path := e.Fn.Pkg().Path()
	name := fix.ImportName(pass.Pkg, file, path)
	if name == "" {
		return ""
	}
	option, ok := catalog.MsgIDOption(path)
	if !ok {
		return ""
	}
	return name + "." + option + "(%s)"
}

// literalField adds the key field to a struct literal written at the
// call (&pb.BookCollectionRequest{OrderId: id}), when the key is always
// present and the literal does not set the field yet.
func literalField(pass *analysis.Pass, file *ast.File, call *ast.CallExpr, e *effects.Call, key string, ks catalog.KeySource) (analysis.TextEdit, []string, bool) {
	if e.Ext.Slot != catalog.InputField || ks.MayBeEmpty || !hasArg(call, e) {
		return analysis.TextEdit{}, nil, false
	}
	arg := call.Args[e.Ext.Arg]
	if u, ok := arg.(*ast.UnaryExpr); ok {
		arg = u.X
	}
	lit, ok := arg.(*ast.CompositeLit)
	if !ok {
		return analysis.TextEdit{}, nil, false
	}
	field := e.Ext.Fields[0]
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return analysis.TextEdit{}, nil, false // positional fields
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
			return analysis.TextEdit{}, nil, false
		}
	}
	obj, _, _ := types.LookupFieldOrMethod(pass.TypesInfo.TypeOf(lit), true, pass.Pkg, field)
	v, ok := obj.(*types.Var)
	if !ok {
		return analysis.TextEdit{}, nil, false
	}
	value, imports := key, []string(nil)
	if _, ptr := v.Type().(*types.Pointer); ptr {
		ptr, ok := catalog.StringPointer(e.Fn)
		if !ok {
			return analysis.TextEdit{}, nil, false
		}
		name := fix.ImportName(pass.Pkg, file, ptr.Path)
		if name == "" {
			name, imports = path.Base(ptr.Path), []string{ptr.Path}
		}
		value = name + "." + ptr.Func + "(" + key + ")"
	}
	elt := field + ": " + value
	fset := pass.Fset
	if fset.Position(lit.Lbrace).Line == fset.Position(lit.Rbrace).Line {
		if len(lit.Elts) > 0 {
			elt = ", " + elt
		}
		return analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(elt)}, imports, true
	}
	indent := fix.LineIndent(fset, file, lit.Rbrace)
	lineStart := lit.Rbrace - token.Pos(fset.Position(lit.Rbrace).Column-1)
	return analysis.TextEdit{Pos: lineStart, End: lineStart, NewText: []byte(indent + "\t" + elt + ",\n")}, imports, true
}

// mapEntry returns the edit that puts the key into the map of headers a
// call hands to a function of the package that sets them on its
// request: an entry of the map literal, a literal in place of nil, or a
// statement that sets the entry of a map variable.
func mapEntry(pass *analysis.Pass, file *ast.File, call *ast.CallExpr, e *effects.Call, key, guarded, header string, mayBeEmpty bool) (analysis.TextEdit, bool) {
	if !hasArg(call, e) {
		return analysis.TextEdit{}, false
	}
	entry := func(k string) string { return strconv.Quote(header) + ": " + k }
	if e.HeaderField != "" {
		return fieldMapEntry(pass, file, call, e, key, guarded, header, mayBeEmpty)
	}
	switch arg := call.Args[e.Ext.Arg].(type) {
	case *ast.Ident:
		if tv := pass.TypesInfo.Types[arg]; tv.IsNil() {
			params := e.Fn.Type().(*types.Signature).Params()
			if e.Ext.Arg >= params.Len() {
				return analysis.TextEdit{}, false
			}
			mt, ok := params.At(e.Ext.Arg).Type().(*types.Map) // unnamed: its literal needs no import
			if !ok || mayBeEmpty {
				return analysis.TextEdit{}, false
			}
			lit := types.TypeString(mt, types.RelativeTo(pass.Pkg)) + "{" + entry(key) + "}"
			return analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(lit)}, true
		}
		set, ok := mapSet(pass, arg, header)
		if !ok {
			return analysis.TextEdit{}, false
		}
		text := fmt.Sprintf(set, key)
		if mayBeEmpty {
			text = fmt.Sprintf("if k := %s; k != \"\" {\n\t%s\n}", key, fmt.Sprintf(set, guarded))
		}
		return fix.StmtBefore(pass.Fset, file, call.Pos(), text)
	case *ast.CompositeLit:
		if mayBeEmpty {
			return analysis.TextEdit{}, false
		}
		if m, ok := pass.TypesInfo.TypeOf(arg).Underlying().(*types.Map); ok && !types.Identical(m.Elem(), types.Typ[types.String]) {
			// An http.Header's values are lists: {key}.
			entry = func(k string) string { return strconv.Quote(header) + ": {" + k + "}" }
		}
		if len(arg.Elts) == 0 {
			return analysis.TextEdit{Pos: arg.Lbrace + 1, End: arg.Lbrace + 1, NewText: []byte(entry(key))}, true
		}
		first := arg.Elts[0]
		text := entry(key) + ", "
		if pass.Fset.Position(first.Pos()).Line != pass.Fset.Position(arg.Lbrace).Line {
			text = entry(key) + ",\n" + fix.LineIndent(pass.Fset, file, first.Pos())
		}
		return analysis.TextEdit{Pos: first.Pos(), End: first.Pos(), NewText: []byte(text)}, true
	}
	return analysis.TextEdit{}, false
}

// mapSet returns the statement, with a verb for the key, that sets the
// header on the map h: h.Set(header, key) for an http.Header, h[header]
// = key for another map of strings.
func mapSet(pass *analysis.Pass, h *ast.Ident, header string) (string, bool) {
	switch t := pass.TypesInfo.TypeOf(h); {
	case catalog.IsHeaderSet(t):
		return h.Name + ".Set(" + strconv.Quote(header) + ", %s)", true
	default:
		m, ok := t.Underlying().(*types.Map)
		if !ok || !types.Identical(m.Elem(), types.Typ[types.String]) {
			return "", false
		}
		return h.Name + "[" + strconv.Quote(header) + "] = %s", true
	}
}

// fieldMapEntry sets the key header on the map a request sender's
// struct holds in a field (Request{Header: h}), made before the call:
// h.Set(header, key) for an http.Header, h[header] = key for another
// map of strings.
func fieldMapEntry(pass *analysis.Pass, file *ast.File, call *ast.CallExpr, e *effects.Call, key, guarded, header string, mayBeEmpty bool) (analysis.TextEdit, bool) {
	lit, ok := ast.Unparen(call.Args[e.Ext.Arg]).(*ast.CompositeLit)
	if !ok {
		return analysis.TextEdit{}, false
	}
	var h *ast.Ident
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == e.HeaderField {
				h, _ = ast.Unparen(kv.Value).(*ast.Ident)
			}
		}
	}
	if h == nil {
		return analysis.TextEdit{}, false
	}
	set, ok := mapSet(pass, h, header)
	if !ok {
		return analysis.TextEdit{}, false
	}
	text := fmt.Sprintf(set, key)
	if mayBeEmpty {
		text = fmt.Sprintf("if k := %s; k != \"\" {\n\t%s\n}", key, fmt.Sprintf(set, guarded))
	}
	return fix.StmtBefore(pass.Fset, file, call.Pos(), text)
}
