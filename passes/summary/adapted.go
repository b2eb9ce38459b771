package summary

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/valueflow"
)

// A function adapter is a named function type with a method that calls
// the function (type HandlerFunc[C any] func(ctx, C) error; func (f
// HandlerFunc[C]) Handle(ctx, c) error { return f(ctx, c) }), the way
// http.HandlerFunc adapts a function to http.Handler. A service's method
// converted to it (command.HandlerFunc[Booking](svc.Cancel)) and wrapped
// in decorators is what a wired call of the interface runs, though no
// named type of the program implements it with that method: the
// conversions are the implementations.

// adaptedFuncs lists the method values the package converts to a named
// function type with methods.
func adaptedFuncs(funcs []*ssa.Function) []valueflow.Adapted {
	var out []valueflow.Adapted
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var found []valueflow.Adapted
				switch instr := instr.(type) {
				case *ssa.ChangeType:
					if a, ok := adapted(instr); ok {
						found = append(found, a)
					}
				case *ssa.Call:
					found = built(instr)
				}
				for _, a := range found {
					if !slices.ContainsFunc(out, func(b valueflow.Adapted) bool { return sameAdapted(a, b) }) {
						out = append(out, a)
					}
				}
			}
		}
	}
	return out
}

// adapted describes a conversion of a method value to a named function
// type with methods.
func adapted(ct *ssa.ChangeType) (valueflow.Adapted, bool) {
	named, ok := types.Unalias(ct.Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.NumMethods() == 0 {
		return valueflow.Adapted{}, false
	}
	if _, ok := named.Underlying().(*types.Signature); !ok {
		return valueflow.Adapted{}, false
	}
	if a, ok := boundAdapted(named, ct.X); ok {
		return a, true
	}
	return forwardingAdapted(named, ct.X)
}

// forwardingAdapted describes a function literal converted to the named
// type whose only work is one call of a method of a service interface
// it captures, given the literal's own arguments or their fields
// (decorate(log, "redisburse", func(ctx context.Context, c Redisburse)
// error { d, err := svc.Disbursements.Redisburse(ctx, c.Input); ... })):
// the adapter runs that method's implementations, as it runs a method
// value of the interface. A literal that does more, or passes on other
// values, is not followed.
func forwardingAdapted(named *types.Named, v ssa.Value) (valueflow.Adapted, bool) {
	var lit *ssa.Function
	switch v := v.(type) {
	case *ssa.MakeClosure:
		lit, _ = v.Fn.(*ssa.Function)
	case *ssa.Function:
		lit = v
	}
	if lit == nil || lit.Parent() == nil || len(lit.Blocks) == 0 {
		return valueflow.Adapted{}, false
	}
	call, reordered, ok := onlyForward(lit)
	if !ok {
		return valueflow.Adapted{}, false
	}
	method := call.Call.Method
	recv, ok := types.Unalias(call.Call.Value.Type()).(*types.Named)
	if !ok || recv.Obj().Pkg() == nil || recv.TypeArgs().Len() > 0 {
		return valueflow.Adapted{}, false
	}
	top := lit
	for top.Parent() != nil {
		top = top.Parent()
	}
	a := valueflow.Adapted{Pkg: named.Obj().Pkg().Path(), Type: named.Obj().Name(), FuncPkg: recv.Obj().Pkg().Path(), Recv: recv.Obj().Name(), Method: method.Name(), Iface: true, Lit: valueflow.FuncName(top), Reordered: reordered}
	for t := range named.TypeArgs().Types() {
		a.TypeArgs = append(a.TypeArgs, types.TypeString(t, nil))
	}
	return a, true
}

// onlyForward returns the one call of an interface method that lit
// makes, when lit makes no other call but of the packages in
// sideEffectFree and passes the method its own parameters, or their
// fields: reordered when they are not each in the place it has in lit's
// signature.
func onlyForward(lit *ssa.Function) (fwd *ssa.Call, reordered, ok bool) {
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			call, isCall := ci.(*ssa.Call)
			if isCall && call.Call.IsInvoke() && fwd == nil {
				fwd = call
				continue
			}
			if !sideEffectFreeCall(ci.Common()) {
				return nil, false, false
			}
		}
	}
	if fwd == nil {
		return nil, false, false
	}
	reordered = len(fwd.Call.Args) != len(lit.Params)
	for i, arg := range fwd.Call.Args {
		if i < len(lit.Params) && (paramOrField(arg, lit.Params[i]) || copiedFields(arg, lit.Params[i])) {
			continue
		}
		if !slices.ContainsFunc(lit.Params, func(p *ssa.Parameter) bool { return paramOrField(arg, p) }) {
			return nil, false, false
		}
		reordered = true
	}
	return fwd, reordered, true
}

// copiedFields reports whether v is a struct the literal builds from
// fields of p of the same names and nothing else (a command's fields
// copied into the service's input: registration.RegisterInput{
// CandidateID: cmd.CandidateID, SessionID: cmd.SessionID}): what the
// method is given at a field's path is p's at that path.
func copiedFields(v ssa.Value, p *ssa.Parameter) bool {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	n := 0
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			for _, fr := range *r.Referrers() {
				st, ok := fr.(*ssa.Store)
				if !ok || st.Addr != r {
					continue
				}
				if !fieldOfNamed(st.Val, p, valueflow.FieldName(r.X.Type(), r.Field)) {
					return false
				}
				n++
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false // stored whole, or handed on elsewhere
		}
	}
	return n > 0
}

// fieldOfNamed reports whether v is the field name of parameter p (of
// the variable p is spilled to, when its fields are addressed).
func fieldOfNamed(v ssa.Value, p *ssa.Parameter, name string) bool {
	switch x := v.(type) {
	case *ssa.Field:
		return x.X == ssa.Value(p) && valueflow.FieldName(x.X.Type(), x.Field) == name
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok || x.Op != token.MUL || valueflow.FieldName(fa.X.Type(), fa.Field) != name {
			return false
		}
		if a, ok := fa.X.(*ssa.Alloc); ok {
			stored, once := valueflow.StoredOnce(a)
			return once && stored == ssa.Value(p)
		}
		return fa.X == ssa.Value(p)
	}
	return false
}

// paramOrField reports whether v is the parameter p or a field of it
// (of the variable the parameter is spilled to, when its fields are
// addressed).
func paramOrField(v ssa.Value, p *ssa.Parameter) bool {
	for {
		switch x := v.(type) {
		case *ssa.Parameter:
			return x == p
		case *ssa.Alloc:
			v, ok := valueflow.StoredOnce(x)
			return ok && v == p
		case *ssa.Field:
			v = x.X
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok || x.Op != token.MUL {
				return false
			}
			v = fa.X
		default:
			return false
		}
	}
}

// sideEffectFree lists the packages whose functions a forwarding
// literal may call besides its one method: error wrapping and logging.
var sideEffectFree = []string{"errors", "fmt", "log", "log/slog"}

// sideEffectFreeCall reports whether c calls a builtin or a function
// (or method) of a package in sideEffectFree.
func sideEffectFreeCall(c *ssa.CallCommon) bool {
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return true
	}
	var obj *types.Func
	if c.IsInvoke() {
		obj = c.Method
	} else if fn := c.StaticCallee(); fn != nil {
		obj, _ = fn.Object().(*types.Func)
	}
	return obj != nil && obj.Pkg() != nil && slices.Contains(sideEffectFree, obj.Pkg().Path())
}

// boundAdapted describes the method value v, adapted to the named type
// (a function type, or an interface a builder returns).
func boundAdapted(named *types.Named, v ssa.Value) (valueflow.Adapted, bool) {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return valueflow.Adapted{}, false
	}
	bound := mc.Fn.(*ssa.Function)
	method, ok := bound.Object().(*types.Func)
	if !ok || !valueflow.BoundWrapper(bound) || method.Pkg() == nil {
		return valueflow.Adapted{}, false
	}
	recv := method.Type().(*types.Signature).Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	rn, ok := types.Unalias(recv).(*types.Named)
	if !ok || rn.Obj().Pkg() == nil {
		return valueflow.Adapted{}, false
	}
	a := valueflow.Adapted{Pkg: named.Obj().Pkg().Path(), Type: named.Obj().Name(), FuncPkg: rn.Obj().Pkg().Path(), Recv: rn.Obj().Name(), Method: method.Name(), Iface: types.IsInterface(rn)}
	for t := range named.TypeArgs().Types() {
		a.TypeArgs = append(a.TypeArgs, types.TypeString(t, nil))
	}
	return a, true
}

// built describes the method values a call hands to a builder of an
// interface of one method (commands.Build("SubmitBatch", log,
// d.Batches.Submit), which returns a Handler[C, R]): an argument whose
// type is the method's signature is the function the built value's
// method calls, inside the adapters and decorators the builder wraps it
// in, whose bodies the caller need not see.
func built(call *ssa.Call) []valueflow.Adapted {
	named, ok := types.Unalias(call.Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || !types.IsInterface(named) || call.Call.IsInvoke() {
		return nil
	}
	iface := named.Underlying().(*types.Interface)
	if iface.NumMethods() != 1 {
		return nil // which method calls the function is not known
	}
	want := withoutRecv(iface.Method(0).Signature())
	var out []valueflow.Adapted
	for _, arg := range call.Call.Args {
		if !types.Identical(arg.Type(), want) {
			continue
		}
		if a, ok := boundAdapted(named, arg); ok {
			out = append(out, a)
		}
	}
	return out
}

// withoutRecv returns sig as the type of a function value: the
// signature of a method value.
func withoutRecv(sig *types.Signature) *types.Signature {
	return types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
}

func sameAdapted(a, b valueflow.Adapted) bool {
	return a.Pkg == b.Pkg && a.Type == b.Type && slices.Equal(a.TypeArgs, b.TypeArgs) && a.FuncPkg == b.FuncPkg && a.Recv == b.Recv && a.Method == b.Method
}

// adaptedImpls returns the methods converted to an adapter type that
// has the wired call's method and the call's type arguments: what the
// call runs, through the adapter.
func (p *program) adaptedImpls(call valueflow.WiredCall) []impl {
	var out []impl
	for _, a := range p.adapted {
		if !slices.Equal(a.TypeArgs, call.TypeArgs) {
			continue
		}
		pkg, fpkg := p.pkgs[a.Pkg], p.pkgs[a.FuncPkg]
		if pkg == nil || fpkg == nil {
			continue
		}
		tn, ok := pkg.Scope().Lookup(a.Type).(*types.TypeName)
		if !ok {
			continue
		}
		if m, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, call.Method); m == nil {
			continue // not the interface's method: an adapter to another
		}
		rn, ok := fpkg.Scope().Lookup(a.Recv).(*types.TypeName)
		if !ok {
			continue
		}
		if a.Iface {
			// A service interface's method: its implementations.
			for _, im := range p.implementations(valueflow.WiredCall{Iface: a.FuncPkg + "." + a.Recv, Method: a.Method}) {
				if a.Lit != "" {
					im.name += " through " + fpkg.Name() + "." + a.Recv + "." + a.Method + " in a func literal in " + a.Lit
				}
				im.reordered = a.Reordered
				if !slices.ContainsFunc(out, func(o impl) bool { return o.fn == im.fn }) {
					out = append(out, im)
				}
			}
			continue
		}
		recv := types.NewPointer(rn.Type())
		sel, _, _ := types.LookupFieldOrMethod(recv, false, fpkg, a.Method)
		fn, ok := sel.(*types.Func)
		if !ok {
			continue
		}
		im := impl{fn: fn, name: rn.Pkg().Name() + "." + rn.Name() + "." + a.Method + " as " + pkg.Name() + "." + a.Type, recv: recv}
		if !slices.ContainsFunc(out, func(o impl) bool { return o.fn == im.fn }) {
			out = append(out, im)
		}
	}
	return out
}

// convertedFuncs lists the named function types with methods that the
// package's production code converts function literals and functions
// to (var UUIDs Generator = GeneratorFunc(func() string { return
// uuid.NewString() })), each with whether every function converted
// returns a fresh value (fresh, the functions traceSources found
// returning one as their first result). The package's initializer,
// which SrcFuncs leaves out, converts those of its variables.
func convertedFuncs(pass *analysis.Pass, res *Result, funcs []*ssa.Function, fresh map[*ssa.Function][]freshReturn) []valueflow.ConvertedFunc {
	if len(funcs) > 0 && funcs[0].Pkg != nil {
		if init := funcs[0].Pkg.Func("init"); init != nil {
			funcs = append(slices.Clip(funcs), init)
		}
	}
	var out []valueflow.ConvertedFunc
	for _, fn := range funcs {
		if fn.Pos().IsValid() && inTestFile(pass, fn) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ct, ok := instr.(*ssa.ChangeType)
				if !ok || fn.Synthetic != "" && madeInTest(pass, ct.X) {
					continue
				}
				named, ok := types.Unalias(ct.Type()).(*types.Named)
				if !ok || named.Obj().Pkg() == nil || named.NumMethods() == 0 {
					continue
				}
				if _, ok := named.Underlying().(*types.Signature); !ok {
					continue
				}
				c := valueflow.ConvertedFunc{Pkg: named.Obj().Pkg().Path(), Type: named.Obj().Name(), Fresh: returnsFresh(res, ct.X, fresh)}
				i := slices.IndexFunc(out, func(o valueflow.ConvertedFunc) bool { return o.Pkg == c.Pkg && o.Type == c.Type })
				if i < 0 {
					out = append(out, c)
				} else {
					out[i].Fresh = out[i].Fresh && c.Fresh
				}
			}
		}
	}
	return out
}

// madeInTest reports whether v, a function or a literal's closure, is
// declared in a test file (a test's initializer converts it).
func madeInTest(pass *analysis.Pass, v ssa.Value) bool {
	if mc, ok := v.(*ssa.MakeClosure); ok {
		v = mc.Fn
	}
	fn, ok := v.(*ssa.Function)
	return ok && fn.Pos().IsValid() && inTestFile(pass, fn)
}

// returnsFresh reports whether v is a function, or a literal's closure,
// whose first result is a fresh value: a generator the catalog knows
// (GeneratorFunc(uuid.NewString)), or a function of the package that
// returns one.
func returnsFresh(res *Result, v ssa.Value, fresh map[*ssa.Function][]freshReturn) bool {
	if mc, ok := v.(*ssa.MakeClosure); ok {
		v = mc.Fn
	}
	fn, ok := v.(*ssa.Function)
	if !ok {
		return false
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		if _, gen := res.Env.Catalog.Generator(obj); gen {
			return true
		}
	}
	return slices.ContainsFunc(fresh[fn], func(fr freshReturn) bool { return fr.result == 0 && fr.path == "" && fr.via == nil })
}
