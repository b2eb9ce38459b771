package summary

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/opkey"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/retried"
)

// A pendingWrap is how a root that calls a wired method puts its key
// in the context it passes, and the root's package.
type pendingWrap struct {
	valueflow.Wrap
	pkg  string
	root string
}

// wrapsOf collects, by wired method, the wraps of the roots that call
// it, once each.
func wrapsOf(pending []*valueflow.Pending) map[string][]pendingWrap {
	out := map[string][]pendingWrap{}
	for _, pend := range pending {
		for _, pc := range pend.Calls {
			k := wiredKey(pc.Call)
			for _, w := range pc.Wraps {
				if !slices.ContainsFunc(out[k], func(x pendingWrap) bool { return x.File == w.File && x.Start == w.Start }) {
					out[k] = append(out[k], pendingWrap{w, cmp.Or(w.Pkg, pc.Call.Pkg), pc.Root})
				}
			}
		}
	}
	return out
}

// coveredMethods returns the wired methods a root calls more than once
// per operation with a context that comes through the place of one of
// wraps: a wrap made there for another call, or for another root that
// the same adapter runs, puts the key in each of these calls' contexts,
// and a fix of the method that read it would derive one value for all.
func coveredMethods(pending []*valueflow.Pending, wraps map[string][]pendingWrap) map[string]bool {
	places := map[string]bool{}
	for _, ws := range wraps {
		for _, w := range ws {
			places[w.Place()] = true
		}
	}
	out := map[string]bool{}
	for _, pend := range pending {
		for _, pc := range pend.Calls {
			if slices.ContainsFunc(pc.Covered, func(c string) bool { return places[c] }) {
				out[wiredKey(pc.Call)] = true
			}
		}
	}
	return out
}

// carried completes a fix that reads the key from a context that the
// roots put it in (catalog.Carried) with the edits of the roots' calls
// of the method: each one's context argument wrapped by the carrier's
// With function, and the imports that needs. A root whose package
// cannot import the carrier's package (a cycle, an internal package of
// another tree), or name it at the call, keeps the fresh value; with no
// root left, there is no fix; nor when root, the finding's, is not
// among those wrapped: the fix would key other roots' calls and leave
// its own as it was; nor for a method that a root calls more than once
// with a context a wrap reaches (coveredMethods).
func (p *program) carried(f valueflow.KeyFix, call valueflow.WiredCall, root string) *valueflow.KeyFix {
	if p.covered[wiredKey(call)] {
		return nil
	}
	out := f
	out.Edits = slices.Clone(f.Edits)
	wrapped, own := 0, false
	for _, w := range p.wraps[wiredKey(call)] {
		if w.Arg != f.Param-1 || f.Enters != "" && w.Enters != f.Enters {
			continue
		}
		if edits, ok := p.wrap(f.Carrier, w); ok {
			for _, e := range edits {
				// Two roots of one file import the carrier once.
				if !slices.Contains(out.Edits, e) {
					out.Edits = append(out.Edits, e)
				}
			}
			wrapped++
			own = own || w.root == root
		}
	}
	if wrapped == 0 || !own {
		return nil
	}
	return &out
}

// wrap returns the edits that wrap the context argument of one root's
// call in the carrier's With function of the package at carrier, and
// import that package where the root is.
func (p *program) wrap(carrier string, w pendingWrap) ([]valueflow.FileEdit, bool) {
	return wrapEdits(func(path string) *types.Package { return p.pkgs[path] }, carrier, w)
}

// wrapEdits is wrap, with pkgOf giving the packages of the program by
// path (nil for one it does not link).
func wrapEdits(pkgOf func(string) *types.Package, carrier string, w pendingWrap) ([]valueflow.FileEdit, bool) {
	to := pkgOf(carrier)
	if to == nil {
		return nil, false
	}
	with := fix.CarrierWithIn(to)
	if with == "" {
		return nil, false
	}
	var edits []valueflow.FileEdit
	if carrier != w.pkg {
		from := pkgOf(w.pkg)
		if from == nil || !importable(carrier, w.pkg) || imports(to, w.pkg) {
			return nil, false
		}
		name := ""
		for _, spec := range w.Imports.Specs {
			if spec.Path == carrier {
				name = cmp.Or(spec.Name, to.Name())
			}
		}
		if name != "" {
			if _, hidden := slices.BinarySearch(w.Local, name); hidden {
				return nil, false
			}
		} else {
			// Under its name, or, where a local name (a handler's
			// parameter named for the service) or another import
			// takes that, under the name with "pkg" appended.
			free := func(name string) bool {
				_, hidden := slices.BinarySearch(w.Local, name)
				return !hidden && from.Scope().Lookup(name) == nil && !importsName(pkgOf, w.Imports, name)
			}
			name = to.Name()
			alias := ""
			if !free(name) {
				if alias = name + "pkg"; !free(alias) {
					return nil, false
				}
				name = alias
			}
			for _, add := range w.Imports.Add(carrier) {
				text := add.Text
				if alias != "" {
					text = strings.Replace(text, strconv.Quote(carrier), alias+" "+strconv.Quote(carrier), 1)
				}
				edits = append(edits, valueflow.FileEdit{File: w.File, Start: add.At, End: add.At, Text: text})
			}
		}
		if name == "_" || name == "." {
			return nil, false
		}
		with = name + "." + with
	}
	if strings.HasPrefix(w.Text, with+"(") {
		// The root already hands the key on (an earlier fix wrapped
		// its context): only the call's slot is left to fill.
		return nil, true
	}
	edits = append(edits, valueflow.FileEdit{File: w.File, Start: w.Start, End: w.End, Text: with + "(" + w.Text + ", " + w.Key + ")"})
	return append(edits, w.KeyImports...), true
}

// importsName reports whether a file whose imports are l imports a
// package under name.
func importsName(pkgOf func(string) *types.Package, l fix.ImportLayout, name string) bool {
	return slices.ContainsFunc(l.Specs, func(spec fix.ImportSpec) bool {
		if spec.Name != "" {
			return spec.Name == name
		}
		if pkg := pkgOf(spec.Path); pkg != nil {
			return pkg.Name() == name
		}
		return spec.Path[strings.LastIndex(spec.Path, "/")+1:] == name
	})
}

// importable reports whether the package at from may import the package
// at to: one under an internal directory only from within the tree its
// parent roots.
func importable(to, from string) bool {
	elems := strings.Split(to, "/")
	for i := len(elems) - 1; i > 0; i-- {
		if elems[i] == "internal" {
			parent := strings.Join(elems[:i], "/")
			return from == parent || strings.HasPrefix(from, parent+"/")
		}
	}
	return true
}

// imports reports whether pkg imports the package at path, directly or
// not: importing pkg from there would make a cycle.
func imports(pkg *types.Package, path string) bool {
	return findImport(pkg, path, map[*types.Package]bool{}) != nil
}

// findImport returns the package at path that pkg imports, directly or
// not, or nil.
func findImport(pkg *types.Package, path string, seen map[*types.Package]bool) *types.Package {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return imp
		}
		if !seen[imp] {
			seen[imp] = true
			if found := findImport(imp, path, seen); found != nil {
				return found
			}
		}
	}
	return nil
}

// SuggestedFix renders the defect's Fix as a fix of the files of fset,
// or returns nil when it has none or one of its files is not in fset (a
// driver that analyses one package at a time).
func (d *ProgramDefect) SuggestedFix(fset *token.FileSet) *analysis.SuggestedFix {
	if d.Fix == nil {
		return nil
	}
	edits, ok := TextEdits(fset, d.Fix.Edits)
	if !ok {
		return nil
	}
	return &analysis.SuggestedFix{Message: d.Fix.Message, TextEdits: edits}
}

// soleContext returns the parameter (the receiver is 0) of method fn
// that is its only context, or 0.
func soleContext(fn *types.Func) int {
	return soleContextIn(fn.Signature().Params()) + 1
}

// soleContextIn returns the index of the only context.Context among
// params, or -1.
func soleContextIn(params *types.Tuple) int {
	found := -1
	for i := range params.Len() {
		if catalog.TypeKey(params.At(i).Type()) == "context.Context" {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// passesContext returns the parameter of the implementations of wc at
// which they get the context that the summarised function got at
// parameter ctx: it passes its context to wc, which it calls once; or 0.
func passesContext(s *valueflow.Summary, wc valueflow.WiredCall, ctx int) int {
	if ctx == 0 {
		return 0
	}
	calls := 0
	for _, w := range s.Wired {
		if wiredKey(w) == wiredKey(wc) {
			calls++
		}
	}
	if calls != 1 {
		return 0 // one key would serve two calls
	}
	for _, ca := range s.ContextArgs {
		if ca.Call.At == wc.At && wiredKey(ca.Call) == wiredKey(wc) {
			return ca.Arg + 1
		}
	}
	return 0
}

// carriedDown returns the fixes, prepared for a value made or a call
// made in an implementation that the root's context reaches through
// other implementations (step.ctx), that read a key from that context:
// the key the root puts in it, or the one a root of a kind carries
// there itself (a gRPC call's metadata). Each gets the parameter of the
// first implementation, which the root passes its context, in place of
// its own.
func carriedDown(fixes []valueflow.KeyFix, step ProgramDefect) []valueflow.KeyFix {
	if step.ctx == 0 || step.first == 0 {
		return nil
	}
	var out []valueflow.KeyFix
	for _, f := range fixes {
		if f.Context != "" && f.Param == step.ctx {
			f.Param = step.first
			out = append(out, f)
		}
	}
	return out
}

// fieldFills prepares the fixes that fill field, left empty in the
// literal written as argument arg of a wired call, with the operation
// key (callKeyOf). None for a literal with positional fields.
func fieldFills(pass *analysis.Pass, cat *catalog.Catalog, call *ssa.Call, arg int, field string) []valueflow.FieldFix {
	if pass == nil || strings.Count(field, ".") != 1 {
		return nil
	}
	file, ce := callSyntax(pass, call)
	if ce == nil || arg >= len(ce.Args) {
		return nil
	}
	lit, ok := ast.Unparen(ce.Args[arg]).(*ast.CompositeLit)
	if u, isAddr := ast.Unparen(ce.Args[arg]).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		lit, ok = ast.Unparen(u.X).(*ast.CompositeLit)
	}
	if !ok || slices.ContainsFunc(lit.Elts, func(e ast.Expr) bool { _, kv := e.(*ast.KeyValueExpr); return !kv }) {
		return nil // positional fields
	}
	k, ok := callKeyOf(pass, cat, call, file)
	if !ok {
		return nil
	}
	name := strings.TrimPrefix(field, ".")
	text := name + ": " + k.expr
	switch {
	case pass.Fset.Position(lit.Lbrace).Line != pass.Fset.Position(lit.Rbrace).Line:
		text = "\t" + text + ",\n" + fix.LineIndent(pass.Fset, file, lit.Rbrace)
	case len(lit.Elts) > 0:
		text = ", " + text
	}
	f, ok := k.fix(pass, analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(text)}, "in "+name)
	if !ok {
		return nil
	}
	return []valueflow.FieldFix{{Arg: arg, Path: field, KeyFix: f}}
}

// optionFills prepares, for a wired call whose functional options (arg,
// its variadic parameter) set no key, the fixes that pass one more
// option with the operation key (callKeyOf): one for each function of
// the options' package that makes an option of a string, since only the
// implementation the program wires tells which of them sets the key
// (Keyless.Option).
func optionFills(pass *analysis.Pass, cat *catalog.Catalog, call *ssa.Call, arg int) []valueflow.FieldFix {
	if pass == nil {
		return nil
	}
	sig := call.Call.Signature()
	if !sig.Variadic() || arg != sig.Params().Len()-1 {
		return nil
	}
	opt, ok := types.Unalias(sig.Params().At(arg).Type().(*types.Slice).Elem()).(*types.Named)
	if !ok || opt.Obj().Pkg() == nil {
		return nil
	}
	file, ce := callSyntax(pass, call)
	if ce == nil || ce.Ellipsis.IsValid() || len(ce.Args) == 0 {
		return nil
	}
	makers := optionMakers(opt)
	if len(makers) == 0 {
		return nil
	}
	k, ok := callKeyOf(pass, cat, call, file)
	if !ok {
		return nil
	}
	qual, imports := optionQualifier(pass, file, opt.Obj().Pkg())
	if qual == "" && imports == nil {
		return nil
	}
	var out []valueflow.FieldFix
	for _, m := range makers {
		text := qual + m.Name() + "(" + k.expr + ")"
		f, ok := k.fix(pass, fix.AppendArg(ce, text), "with "+text)
		if !ok {
			continue
		}
		f.Edits = append(f.Edits, fileEdits(pass.Fset, imports)...)
		out = append(out, valueflow.FieldFix{Arg: arg, Option: m.Pkg().Path() + "." + m.Name(), KeyFix: f})
	}
	return out
}

// optionMakers returns the exported functions of the package of opt,
// an options type, that make one of a string: the candidates to set a
// key.
func optionMakers(opt *types.Named) []*types.Func {
	var out []*types.Func
	scope := opt.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		sig := fn.Signature()
		if sig.Params().Len() == 1 && !sig.Variadic() && isString(sig.Params().At(0).Type()) && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), opt) {
			out = append(out, fn)
		}
		if len(out) == maxKeyFixes {
			break
		}
	}
	return out
}

// optionQualifier returns how file names the package of an option's
// function ("pay.", or "" for its own package) and the edits that
// import it, when the file does not yet: ("", nil) when it cannot.
func optionQualifier(pass *analysis.Pass, file *ast.File, pkg *types.Package) (string, []analysis.TextEdit) {
	if pkg == pass.Pkg {
		return "", []analysis.TextEdit{}
	}
	if name := fix.ImportName(pass.Pkg, file, pkg.Path()); name != "" {
		if name == "_" || name == "." {
			return "", nil
		}
		return name + ".", []analysis.TextEdit{}
	}
	if pass.Pkg.Scope().Lookup(pkg.Name()) != nil || fix.ImportName(pass.Pkg, file, pkg.Name()) != "" {
		return "", nil
	}
	return pkg.Name() + ".", fix.AddImport(file, pkg.Path())
}

// callSyntax returns the file and the call expression of a call, when
// the file is not generated and the call runs once per run of its
// function (a call in a loop, which one key cannot tell apart, has
// none).
func callSyntax(pass *analysis.Pass, call *ssa.Call) (*ast.File, *ast.CallExpr) {
	if inLoop(call.Block()) {
		return nil, nil
	}
	file := fix.FileOf(pass, call.Pos())
	if file == nil || ast.IsGenerated(file) {
		return nil, nil
	}
	return file, fix.CallAt(file, call.Pos())
}

// A callKey is the operation key an edit at a wired call can write: the
// one in scope at the call (a task's ID, a request's header), or, in a
// function with one context parameter, the key a root puts in that
// context (catalog.Carried), namespaced by the function.
type callKey struct {
	expr  string
	edits []analysis.TextEdit // the key's imports, or the carrier's declarations
	// ctx is, for a key the root puts in the context, the function's
	// context parameter (the receiver is 0).
	ctx int
}

func callKeyOf(pass *analysis.Pass, cat *catalog.Catalog, call *ssa.Call, file *ast.File) (callKey, bool) {
	if v, ks, ok := opkey.InScope(pass, cat, call.Pos()); ok {
		k := callKey{expr: fmt.Sprintf(ks.Expr, v, cat.KeyHeader()), ctx: -1}
		for _, imp := range ks.Imports {
			k.edits = append(k.edits, fix.AddImport(file, imp)...)
		}
		return k, true
	}
	fn := call.Parent()
	ctx := soleContextParam(fn)
	if ctx == nil || fn.Parent() != nil || !contextReadable(pass, fn, ctx.Object().(*types.Var), call.Pos(), fix.CarrierFor) {
		return callKey{}, false
	}
	decls, ok := fix.CarrierDecls(pass, true)
	if !ok {
		return callKey{}, false
	}
	expr := fix.CarrierFor + "(" + ctx.Name() + ", " + strconv.Quote(strings.ToLower(fn.Name())) + ")"
	return callKey{expr: expr, edits: decls, ctx: slices.Index(fn.Params, ctx)}, true
}

// fix makes the KeyFix of edit, which writes the key, and the key's own
// edits; what says what the edit passes the key in or with.
func (k callKey) fix(pass *analysis.Pass, edit analysis.TextEdit, what string) (valueflow.KeyFix, bool) {
	fe := fileEdits(pass.Fset, append([]analysis.TextEdit{edit}, k.edits...))
	if fe == nil {
		return valueflow.KeyFix{}, false
	}
	if k.ctx < 0 {
		return valueflow.KeyFix{Message: "Pass the operation key " + what, Edits: fe}, true
	}
	return valueflow.KeyFix{
		Param: k.ctx, Context: catalog.Carried, Carrier: pass.Pkg.Path(), Edits: fe,
		Message: "Pass the operation key, which the root puts in the context it passes (" + fix.CarrierWith + "), " + what,
	}, true
}

// contextReadable reports whether code at pos can read the key the
// context parameter v of fn carries with the carrier's function reader:
// v is named, fn assigns it nothing, nothing hides v or reader at pos.
func contextReadable(pass *analysis.Pass, fn *ssa.Function, v *types.Var, pos token.Pos, reader string) bool {
	if v.Name() == "_" || v.Name() == "" || fn.Syntax() == nil || opkey.Assigned(pass.TypesInfo, fn.Syntax(), v) || fix.DeclaredAround(pass.Pkg, pos, reader) {
		return false
	}
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(v.Name(), pos)
	return obj == v
}

// soleContextParam returns fn's only parameter of type context.Context,
// when it is named, or nil.
func soleContextParam(fn *ssa.Function) *ssa.Parameter {
	i := soleContextIn(fn.Signature.Params())
	if i < 0 {
		return nil
	}
	if fn.Signature.Recv() != nil {
		i++ // SSA's parameters begin with the receiver
	}
	if p := fn.Params[i]; p.Name() != "_" && p.Object() != nil {
		return p
	}
	return nil
}

// FixedFirst returns the defects in their order, but that, of those of
// one origin, the first that names it best (namesBetter: one with a fix)
// comes where the first of them was:
// a check reports each origin once, with the root it names, and a root
// whose call the fix can reach is as good a witness as another.
func FixedFirst(ds []ProgramDefect) []ProgramDefect {
	first := map[string]int{} // origin -> index in out
	var out []ProgramDefect
	for _, d := range ds {
		k := d.Origin.At.String()
		i, seen := first[k]
		switch {
		case !seen:
			first[k] = len(out)
			out = append(out, d)
		case namesBetter(d, out[i]):
			out = append(out, out[i]) // keep it, after
			out[i] = d
		default:
			out = append(out, d)
		}
	}
	return out
}

// namesBetter reports whether d, a defect of the same fresh value as o,
// names it better: by a sink other than a body's reference
// (SinkInfo.Reference), the weakest evidence of an identity, or else
// with a fix.
func namesBetter(d, o ProgramDefect) bool {
	if d.Sink.Reference != o.Sink.Reference {
		return o.Sink.Reference
	}
	return o.Fix == nil && d.Fix != nil
}

// carriedUp returns the fixes of a value made in top that read the key
// a root puts in the context (catalog.Carried), for fn, a function of
// the package that reaches top through static calls: fn's only context
// is the one top reads, passed down by each call once. The edit is the
// same; its Param becomes fn's context parameter. Other fixes name
// top's parameters, which fn's callers do not fill.
func carriedUp(cat *catalog.Catalog, fixes []valueflow.KeyFix, top, fn *ssa.Function) []valueflow.KeyFix {
	if top == nil || len(fixes) == 0 {
		return nil
	}
	ctx := soleContextParam(fn)
	if ctx == nil || !contextReaches(cat, fn, ctx, top, 0) {
		return nil
	}
	var out []valueflow.KeyFix
	for _, f := range fixes {
		if f.Context == catalog.Carried && f.Param >= 0 && f.Param < len(top.Params) && top.Params[f.Param] == soleContextParam(top) {
			f.Param = slices.Index(fn.Params, ctx)
			out = append(out, f)
		}
	}
	return out
}

// contextReaches reports whether fn, by a chain of static calls each
// made once (in no loop) and the only call of its callee in its caller,
// hands its context ctx (or one derived from it) to top as top's only
// context.
func contextReaches(cat *catalog.Catalog, fn *ssa.Function, ctx *ssa.Parameter, top *ssa.Function, depth int) bool {
	if fn == top {
		return true
	}
	if depth > maxKeyDepth {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := call.Common().StaticCallee()
			if callee == nil || callee.Pkg != fn.Pkg || callee.Parent() != nil || repeatsIn(b, &retried.Root{Fn: fn}) {
				continue
			}
			next := soleContextParam(callee)
			if next == nil || callsOf(fn, callee) != 1 {
				continue
			}
			arg := call.Common().Args[slices.Index(callee.Params, next)]
			w := &keyWalk{cat: cat}
			if w.rootContext(arg, &retried.Root{Fn: fn}, 0) && contextReaches(cat, callee, next, top, depth+1) {
				return true
			}
		}
	}
	return false
}

// callsOf counts fn's static calls of callee.
func callsOf(fn, callee *ssa.Function) int {
	n := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && call.Common().StaticCallee() == callee {
				n++
			}
		}
	}
	return n
}
