package catalog

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A Forwarder fact marks a function that sends the HTTP request its
// caller gives it, as parameter Request (counted without the receiver),
// with a client the catalog knows, and does nothing else with it: a
// provider package's httpx.Send(doer, req, &out). Its call sends the
// caller's request, as the client's Do would.
type Forwarder struct {
	Request int
}

func (*Forwarder) AFact() {}

func (f *Forwarder) String() string { return fmt.Sprintf("forwarder(request p%d)", f.Request) }

// requestForwarders returns the request forwarders the package can call: those
// of the packages it imports, from their facts, and its own exported
// ones, whose facts it exports. The package's unexported helpers are
// read from SSA where they are called.
func requestForwarders(pass *analysis.Pass, cat *catalog.Catalog) map[string]int {
	out := importedFuncFacts(pass, func(fw *Forwarder) int { return fw.Request })
	for _, d := range funcDecls(pass) {
		if !d.fn.Exported() {
			continue
		}
		if i, ok := forwardsRequest(pass.TypesInfo, cat, d.fn, d.decl.Body); ok {
			out[catalog.FuncKey(d.fn)] = i
			pass.ExportObjectFact(d.fn, &Forwarder{Request: i})
		}
	}
	return out
}

// forwardsRequest reads body as a request forwarder's: one send, whose
// request is a parameter of fn that the body uses nowhere else, and no
// request made.
func forwardsRequest(info *types.Info, cat *catalog.Catalog, fn *types.Func, body *ast.BlockStmt) (int, bool) {
	r := resolver{info: info, fn: fn}
	req := -1
	sends, makers := 0, 0
	eachCall(info, body, func(call *ast.CallExpr, callee *types.Func) {
		if lm := catalog.LibraryMethod(callee); lm != nil {
			callee = lm // the client behind the program's interface (doer.Do(req))
		}
		if _, ok := catalog.RequestMaker(callee); ok {
			makers++
		}
		if ext, ok := cat.External(callee); ok && ext.Slot == catalog.RequestHeader && ext.Method == "" {
			sends++
			if ext.Arg < len(call.Args) {
				req = r.param(call.Args[ext.Arg])
			}
		}
	})
	if sends != 1 || makers != 0 || req < 0 {
		return 0, false
	}
	if uses(info, body, fn.Type().(*types.Signature).Params().At(req)) != 1 {
		return 0, false
	}
	return req, true
}

// uses counts the uses of v in body, but for reads of the request's
// method and address (an error message's req.Method, req.URL.Path),
// which change nothing it sends.
func uses(info *types.Info, body *ast.BlockStmt, v *types.Var) int {
	n := 0
	assigned := map[ast.Expr]bool{}
	ast.Inspect(body, func(node ast.Node) bool {
		switch node := node.(type) {
		case *ast.AssignStmt:
			for _, lhs := range node.Lhs {
				// req.URL.Path = p changes req.URL too.
				for e := ast.Expr(lhs); e != nil; {
					assigned[e] = true
					sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
					if !ok {
						break
					}
					e = sel.X
				}
			}
		case *ast.SelectorExpr:
			if id, ok := node.X.(*ast.Ident); ok && info.Uses[id] == v && readsAddress(node, assigned) {
				return false
			}
		case *ast.Ident:
			if info.Uses[node] == v {
				n++
			}
		}
		return true
	})
	return n
}

// readsAddress reports whether sel reads a request's method or address
// (req.Method, req.URL, req.Host) other than to assign it.
func readsAddress(sel *ast.SelectorExpr, assigned map[ast.Expr]bool) bool {
	switch sel.Sel.Name {
	case "Method", "URL", "Host":
		return !assigned[sel]
	}
	return false
}

// A Maker fact marks a function that makes an HTTP request with a
// maker the catalog knows from the method and address its caller gives
// it, as parameters Method and URL (counted without the receiver), and
// returns it: httpx.JSONRequest(ctx, http.MethodPost, url, body). Body is
// the parameter it encodes as the request's body, or -1; Options the
// parameter whose functions it applies to the request (for _, o :=
// range opts { o(req) }), or -1. A request it makes is as readable as
// one the caller made itself.
type Maker struct {
	Method, URL, Body, Options int
}

func (*Maker) AFact() {}

func (m *Maker) String() string {
	return fmt.Sprintf("maker(method p%d, url p%d, body p%d, options p%d)", m.Method, m.URL, m.Body, m.Options)
}

// requestMakers returns the request makers the package can call: those
// of the packages it imports, from their facts, and its own exported
// functions and methods (a shared client's c.NewRequest(ctx, method,
// path, body)), whose facts it exports.
func requestMakers(pass *analysis.Pass, cat *catalog.Catalog) map[string]catalog.ProgramMaker {
	out := importedFuncFacts(pass, func(m *Maker) catalog.ProgramMaker { return catalog.ProgramMaker(*m) })
	for _, d := range funcDecls(pass) {
		if !d.fn.Exported() {
			continue
		}
		if m, ok := makesRequest(pass.TypesInfo, cat, d.fn, d.decl.Body); ok {
			out[catalog.FuncKey(d.fn)] = m
			pass.ExportObjectFact(d.fn, (*Maker)(&m))
		}
	}
	return out
}

// makesRequest reads body as a request maker's: its first result is a
// request, which one call of a maker the catalog knows makes from
// parameters of fn for its method and address, and no request is sent.
// A maker that sets the key's header itself is not one: what it sets
// there is its own.
func makesRequest(info *types.Info, cat *catalog.Catalog, fn *types.Func, body *ast.BlockStmt) (catalog.ProgramMaker, bool) {
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 || !catalog.IsRequest(sig.Results().At(0).Type()) {
		return catalog.ProgramMaker{}, false
	}
	r := resolver{info: info, fn: fn, joined: joins(info, body)}
	m := catalog.ProgramMaker{Method: -1, URL: -1, Body: -1, Options: -1}
	makers, sends, keyed := 0, 0, false
	var encoded []int // the parameters json.Marshal encodes
	ast.Inspect(body, func(n ast.Node) bool {
		if loop, ok := n.(*ast.RangeStmt); ok && appliesEach(info, loop) {
			m.Options = r.param(loop.X)
		}
		return true
	})
	eachCall(info, body, func(call *ast.CallExpr, callee *types.Func) {
		if catalog.SetsRequestHeader(callee) && len(call.Args) == 2 && !isConstHeader(info, cat, call.Args[0]) {
			keyed = true
		}
		if i, ok := catalog.RequestMaker(callee); ok && i+1 < len(call.Args) {
			makers++
			m.Method = r.param(call.Args[i])
			if u := r.urlField(call.Args[i+1]); u.Field == "" {
				m.URL = u.Param // the address, or the path joined to a base
			}
		}
		if j, ok := catalog.BodyEncoder(callee); ok && j < len(call.Args) {
			if p := r.param(call.Args[j]); p >= 0 {
				encoded = append(encoded, p)
			}
		}
		if lm := catalog.LibraryMethod(callee); lm != nil {
			callee = lm
		}
		if _, ok := cat.External(callee); ok {
			sends++
		}
	})
	if len(encoded) == 1 {
		m.Body = encoded[0]
	}
	return m, makers == 1 && sends == 0 && !keyed && m.Method >= 0 && m.URL >= 0
}

// isConstHeader reports whether e names, as a constant, a header that
// is not the key's.
func isConstHeader(info *types.Info, cat *catalog.Catalog, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && !isKeyHeader(info, cat, e)
}

// eachCall calls f with each call in body of a function or method it
// can name.
func eachCall(info *types.Info, body *ast.BlockStmt, f func(*ast.CallExpr, *types.Func)) {
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if callee, ok := typeutil.Callee(info, call).(*types.Func); ok {
				f(call, callee)
			}
		}
		return true
	})
}

// param returns the index of the parameter of fn that e names, whole,
// or -1.
func (r resolver) param(e ast.Expr) int {
	if p, ok := r.paramField(e); ok && p.Field == "" {
		return p.Param
	}
	return -1
}
