package catalog

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A Sender fact marks a function that builds an HTTP request from the
// method, address and headers its caller gives it, as parameters or
// fields of one, and sends it with a client the catalog knows
// (catalog.RequestSender): a provider package's httpx.Do(ctx, c,
// Request{Method, URL, Header, Body}, &out), or one that hands what its
// caller gives to such a function (a client's c.do(ctx, call, &out)).
// A caller's request is as readable as if it sent it itself.
type Sender struct {
	Method, URL, Header, Body, Key catalog.ParamField
	KeyOther                       bool
	Options                        catalog.ParamField
}

func (*Sender) AFact() {}

func (s *Sender) String() string {
	return fmt.Sprintf("sender(method %v, url %v, header %v, body %v, key %v, other key %v, options %v)", s.Method, s.URL, s.Header, s.Body, s.Key, s.KeyOther, s.Options)
}

// senders returns the request senders the package can call: those of
// the packages it imports, from their facts, and its own, whose facts it
// exports.
func senders(pass *analysis.Pass, cat *catalog.Catalog) map[string]catalog.RequestSender {
	out := importedFuncFacts(pass, func(s *Sender) catalog.RequestSender { return catalog.RequestSender(*s) })
	decls := make(map[*types.Func]*ast.FuncDecl)
	for _, d := range funcDecls(pass) {
		decls[d.fn] = d.decl
	}
	found := func(d funcDecl, s catalog.RequestSender) {
		out[catalog.FuncKey(d.fn)] = s
		if d.fn.Exported() {
			pass.ExportObjectFact(d.fn, (*Sender)(&s))
		}
	}
	var rest []funcDecl
	for _, d := range funcDecls(pass) {
		if s, ok := sending(pass.TypesInfo, cat, d.fn, d.decl.Body, decls); ok {
			found(d, s)
		} else {
			rest = append(rest, d)
		}
	}
	// A function that hands its parameters to a sender is one: a
	// client's c.do(ctx, call, &out), which retries c.api.Do(ctx, call,
	// out) of a shared package. Each round can find the callers of the
	// last one's.
	for more := true; more; {
		more = false
		rest = slices.DeleteFunc(rest, func(d funcDecl) bool {
			s, ok := relaying(pass.TypesInfo, d.fn, d.decl.Body, out)
			if ok {
				found(d, s)
				more = true
			}
			return ok
		})
	}
	return out
}

// relaying reads body as a sender's that makes no request itself but
// calls one sender, once, with its method and address taken from fn's
// parameters or their fields: fn's caller describes the request.
func relaying(info *types.Info, fn *types.Func, body *ast.BlockStmt, senders map[string]catalog.RequestSender) (catalog.RequestSender, bool) {
	var call *ast.CallExpr
	var s catalog.RequestSender
	n := 0
	ast.Inspect(body, func(node ast.Node) bool {
		c, ok := node.(*ast.CallExpr)
		if !ok {
			return true
		}
		callee, ok := typeutil.Callee(info, c).(*types.Func)
		if !ok || callee == fn {
			return true
		}
		if found, ok := senders[catalog.FuncKey(callee)]; ok {
			call, s = c, found
			n++
		}
		return true
	})
	if n != 1 {
		return catalog.RequestSender{}, false
	}
	r := resolver{info: info, fn: fn}
	given := func(p catalog.ParamField) catalog.ParamField {
		none := catalog.ParamField{Param: -1}
		if p.Param < 0 || p.Param >= len(call.Args) {
			return none
		}
		q, ok := r.paramField(call.Args[p.Param])
		if !ok || q.Field != "" && p.Field != "" {
			return none // a field of a field: not read at a call
		}
		return catalog.ParamField{Param: q.Param, Field: q.Field + p.Field}
	}
	out := catalog.RequestSender{Method: given(s.Method), URL: given(s.URL), Header: given(s.Header), Body: given(s.Body), Key: given(s.Key), KeyOther: s.KeyOther, Options: given(s.Options)}
	if s.Key.Param >= 0 && out.Key.Param < 0 {
		out.KeyOther = true // a key fn sets itself, as it sees fit
	}
	return out, out.Method.Param >= 0 && out.URL.Param >= 0
}

// importedFuncFacts returns, by FuncKey, what conv makes of the facts
// of type F that the packages the package imports export on their
// functions.
func importedFuncFacts[F analysis.Fact, V any](pass *analysis.Pass, conv func(F) V) map[string]V {
	out := make(map[string]V)
	for _, f := range pass.AllObjectFacts() {
		fact, ok := f.Fact.(F)
		fn, isFn := f.Object.(*types.Func)
		if ok && isFn {
			out[catalog.FuncKey(fn)] = conv(fact)
		}
	}
	return out
}

// A funcDecl is a function the package declares with a body.
type funcDecl struct {
	fn   *types.Func
	decl *ast.FuncDecl
}

// funcDecls returns the functions the package declares with a body, in
// source order.
func funcDecls(pass *analysis.Pass) []funcDecl {
	var out []funcDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				out = append(out, funcDecl{fn, fd})
			}
		}
	}
	return out
}

// sending reads body as a request sender's: one request made by a maker
// the catalog knows from a method and an address that are parameters of
// fn or their fields, the entries of a map a parameter holds copied
// onto its header in a loop, and one send, in fn or in the operation it
// hands a retry wrapper. A sender that makes and sends the request in
// one helper of its package (c.once(ctx, req, payload, out), called
// from a loop of attempts) is read through the helper, its parameters
// standing for what fn passes them.
func sending(info *types.Info, cat *catalog.Catalog, fn *types.Func, body *ast.BlockStmt, decls map[*types.Func]*ast.FuncDecl) (catalog.RequestSender, bool) {
	r := resolver{info: info, fn: fn, joined: joins(info, body)}
	s, makers, sends, encoded := r.read(cat, body)
	if makers == 0 && sends == 0 {
		if h, call := sendingHelper(info, cat, fn, body, decls); h != nil {
			r.subst = map[types.Object]ast.Expr{}
			params := h.Type.Params.List
			i := 0
			for _, field := range params {
				for _, name := range field.Names {
					if i < len(call.Args) {
						r.subst[info.Defs[name]] = call.Args[i]
					}
					i++
				}
			}
			var more []catalog.ParamField
			s, makers, sends, more = r.read(cat, h.Body)
			encoded = append(encoded, more...)
		}
	}
	if s.Body.Param < 0 && len(encoded) == 1 {
		// The value the sender encodes into the body it makes
		// (json.Marshal(r.Body), read by bytes.NewReader).
		s.Body = encoded[0]
	}
	return s, makers == 1 && sends == 1 && s.Method.Param >= 0 && s.URL.Param >= 0
}

// sendingHelper returns the one function of the package that body
// calls, whose own body makes and sends one request, with the call.
func sendingHelper(info *types.Info, cat *catalog.Catalog, fn *types.Func, body *ast.BlockStmt, decls map[*types.Func]*ast.FuncDecl) (*ast.FuncDecl, *ast.CallExpr) {
	var helper *ast.FuncDecl
	var at *ast.CallExpr
	n := 0
	ast.Inspect(body, func(node ast.Node) bool {
		call, ok := node.(*ast.CallExpr)
		if !ok {
			return true
		}
		callee, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok || callee == fn {
			return true
		}
		d := decls[callee]
		if d == nil || d.Body == nil {
			return true
		}
		inner := resolver{info: info, fn: callee}
		if _, makers, sends, _ := inner.read(cat, d.Body); makers == 1 && sends == 1 {
			if helper != d {
				n++
			}
			helper, at = d, call
		}
		return true
	})
	if n != 1 {
		return nil, nil
	}
	return helper, at
}

// resolvedPath returns the path of an address a client's base resolves
// (c.base.ResolveReference(&url.URL{Path: path}), or its String()), or
// nil.
func resolvedPath(info *types.Info, call *ast.CallExpr) ast.Expr {
	if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && catalog.FuncKey(fn) == "(*net/url.URL).String" {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return nil
		}
		call = inner
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || catalog.FuncKey(fn) != "(*net/url.URL).ResolveReference" || len(call.Args) != 1 {
		return nil
	}
	ref, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
	if !ok || ref.Op != token.AND {
		return nil
	}
	lit, ok := ast.Unparen(ref.X).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Path" {
				return kv.Value
			}
		}
	}
	return nil
}

// A resolver reads expressions of a body as fn's parameters or their
// fields; in a helper's body, subst gives what fn passes for each of the
// helper's parameters.
type resolver struct {
	info  *types.Info
	fn    *types.Func
	subst map[types.Object]ast.Expr
	// joined are the locals that one assignment makes from a base and
	// a path (u, err := url.JoinPath(c.base, path), or u := base + "/"
	// + path): the expression that ends with the path.
	joined map[types.Object]ast.Expr
}

// joins returns the locals of body that one assignment makes by joining
// an address's base with its path, and no other assignment changes,
// with the expression that ends with the path: url.JoinPath's last
// argument, or a concatenation.
func joins(info *types.Info, body *ast.BlockStmt) map[types.Object]ast.Expr {
	out := map[types.Object]ast.Expr{}
	seen := map[types.Object]int{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok {
				continue
			}
			obj := info.ObjectOf(id)
			if obj == nil {
				continue
			}
			seen[obj]++
			if i != 0 || len(as.Rhs) != 1 {
				continue
			}
			switch rhs := ast.Unparen(as.Rhs[0]).(type) {
			case *ast.CallExpr:
				if fn, ok := typeutil.Callee(info, rhs).(*types.Func); ok && catalog.IsURLJoin(fn) && len(rhs.Args) > 1 {
					out[obj] = rhs.Args[len(rhs.Args)-1]
				} else if p := resolvedPath(info, rhs); p != nil {
					out[obj] = p
				}
			case *ast.BinaryExpr:
				if rhs.Op == token.ADD && len(as.Lhs) == 1 {
					out[obj] = rhs
				}
			}
		}
		return true
	})
	for obj := range out {
		if seen[obj] != 1 {
			delete(out, obj)
		}
	}
	return out
}

// read returns what body makes of a request sender, with its count of
// request makers and sends, and the parameters (or fields) json.Marshal
// encodes.
func (r resolver) read(cat *catalog.Catalog, body *ast.BlockStmt) (s catalog.RequestSender, makers, sends int, encoded []catalog.ParamField) {
	none := catalog.ParamField{Param: -1}
	s = catalog.RequestSender{Method: none, URL: none, Header: none, Body: none, Key: none, Options: none}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			p, ok := r.paramField(n.X)
			switch {
			case ok && copiesHeader(r.info, n.Body):
				s.Header = p
			case ok && p.Field == "" && appliesEach(r.info, n):
				s.Options = p
			}
		case *ast.CallExpr:
			callee, ok := typeutil.Callee(r.info, n).(*types.Func)
			if !ok {
				return true
			}
			if lm := catalog.LibraryMethod(callee); lm != nil {
				callee = lm // the client behind the program's interface (c.doer.Do(req))
			}
			if i, ok := catalog.RequestMaker(callee); ok && i+1 < len(n.Args) {
				makers++
				s.Method, _ = r.paramField(n.Args[i])
				s.URL = r.urlField(n.Args[i+1])
				if i+2 < len(n.Args) {
					if b, ok := r.paramField(n.Args[i+2]); ok {
						s.Body = b
					}
				}
			}
			if j, ok := catalog.BodyEncoder(callee); ok && j < len(n.Args) {
				if b, ok := r.paramField(n.Args[j]); ok {
					encoded = append(encoded, b)
				}
			}
			if ext, ok := cat.External(callee); ok && ext.Slot == catalog.RequestHeader && ext.Method == "" {
				sends++
			}
			if catalog.SetsRequestHeader(callee) && len(n.Args) == 2 && isKeyHeader(r.info, cat, n.Args[0]) {
				if p, ok := r.paramField(n.Args[1]); ok {
					s.Key = p
				} else {
					s.KeyOther = true
				}
			}
		}
		return true
	})
	return s, makers, sends, encoded
}

// appliesEach reports whether a loop over functions calls each with one
// argument (for _, o := range opts { o(req) }): options applied to what
// the function sends.
func appliesEach(info *types.Info, loop *ast.RangeStmt) bool {
	id, ok := loop.Value.(*ast.Ident)
	if !ok {
		return false
	}
	v := info.ObjectOf(id)
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return false
	}
	applied := false
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if f, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && info.Uses[f] == v {
				applied = true
			}
		}
		return !applied
	})
	return applied
}

// isKeyHeader reports whether e is the constant name of a header that
// carries a request's key.
func isKeyHeader(info *types.Info, cat *catalog.Catalog, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	name := constant.StringVal(tv.Value)
	return slices.ContainsFunc(cat.KeyHeaders(), func(h string) bool { return catalog.HeaderNameMatches(h, name) })
}

// urlField returns the parameter of fn, or the field of one, that an
// address is, or ends with: a client's base joined with the path its
// caller gives (c.baseURL + r.Path, url.JoinPath(c.baseURL, path)).
func (r resolver) urlField(e ast.Expr) catalog.ParamField {
	for {
		if p, ok := r.paramField(e); ok {
			return p
		}
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && r.joined[r.info.Uses[id]] != nil {
			e = r.joined[r.info.Uses[id]] // url.JoinPath(c.base, path)'s path, or base + path
			continue
		}
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && r.subst[r.info.Uses[id]] != nil {
			// What fn passes a helper for the address (c.send(ctx,
			// method, c.base+path, ...)), read in fn's terms.
			e, r.subst = r.subst[r.info.Uses[id]], nil
			continue
		}
		bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || bin.Op != token.ADD {
			if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) > 0 && isTrim(r.info, call) {
				e = call.Args[0] // strings.TrimRight(c.base, "/") + r.Path's base
				continue
			}
			return catalog.ParamField{Param: -1}
		}
		e = bin.Y
	}
}

// copiesHeader reports whether a loop's body sets a request header (Add
// or Set of an http.Header): the loop copies the entries it ranges over.
func copiesHeader(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && catalog.SetsRequestHeader(fn) {
				found = true
			}
		}
		return !found
	})
	return found
}

// paramField returns the parameter of fn, or the field of one, that e
// reads (r.Method, method), through what fn passes for a helper's
// parameter; Param is -1 otherwise.
func (r resolver) paramField(e ast.Expr) (catalog.ParamField, bool) {
	field := ""
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if v, ok := r.info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
			field, e = "."+sel.Sel.Name, sel.X
		}
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return catalog.ParamField{Param: -1}, false
	}
	if arg, ok := r.subst[r.info.Uses[id]]; ok {
		p, ok := resolver{info: r.info, fn: r.fn}.paramField(arg)
		if !ok || p.Field != "" && field != "" {
			return catalog.ParamField{Param: -1}, false
		}
		return catalog.ParamField{Param: p.Param, Field: p.Field + field}, true
	}
	params := r.fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if r.info.Uses[id] == params.At(i) {
			return catalog.ParamField{Param: i, Field: field}, true
		}
	}
	return catalog.ParamField{Param: -1}, false
}

// isTrim reports whether call is one of the strings package's trims,
// which leave an address's base its own.
func isTrim(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "strings" && strings.HasPrefix(fn.Name(), "Trim")
}
