package summary

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// freshReturn says a function returns a fresh value made by Origin.
type freshReturn struct {
	result int
	origin valueflow.Origin
}

// traceSources traces every fresh value made in the package: calls of
// catalogued generators and of imported functions with fresh results. It
// records the defects, and returns which functions return fresh values.
// Without a sink in the package, clock readings and random numbers are
// not traced: they are everywhere, and could only become a fresh result.
func traceSources(res *Result, funcs []*ssa.Function, sinks bool) map[*ssa.Function][]freshReturn {
	returns := make(map[*ssa.Function][]freshReturn)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				gen, v, id := source(res, call)
				if v == nil || !sinks && !id || res.Env.KeyAbsent(call) {
					continue
				}
				flow := valueflow.Trace(res.Env, v, "")
				if len(flow.Hits) > 0 {
					res.Defects = append(res.Defects, &Defect{Call: call, Gen: gen, Hits: flow.Hits})
				}
				origin := valueflow.Origin{Call: gen, At: valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(fn), res.CallStart(call.Pos()))}
				for _, w := range flow.Wired {
					res.wiredFresh = append(res.wiredFresh, wiredFresh{origin: origin, pos: res.CallStart(call.Pos()), arg: w})
				}
				for _, r := range flow.Returns {
					if r.Path == "" {
						returns[r.Fn] = append(returns[r.Fn], freshReturn{r.Result, origin})
					}
				}
			}
		}
	}
	return returns
}

// source reports whether a call makes a fresh value, and returns the
// generator's name, the fresh value, and whether it is an identifier.
func source(res *Result, call *ssa.Call) (string, ssa.Value, bool) {
	fn := valueflow.Callee(&call.Call)
	if fn == nil || fn.Pkg() == nil {
		return "", nil, false
	}
	idx, id := -1, true
	if !res.Env.Catalog.MayKnow(fn.Pkg().Path()) && fn.Pkg() == res.Env.Pkg {
		return "", nil, false
	}
	if g, ok := res.Env.Catalog.Generator(fn); ok {
		idx, id = g.Result, g.ID
	} else if s := res.Imported(fn); s != nil && len(s.FreshResults) > 0 {
		idx = s.FreshResults[0].Result
	}
	if idx < 0 {
		return "", nil, false
	}
	name := ShortName(fn)
	if call.Call.Signature().Results().Len() == 1 {
		return name, call, id
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == idx {
			return name, e, id
		}
	}
	return "", nil, false
}

// ShortName names a function as its callers write it: "uuid.New",
// "Node.Generate".
func ShortName(fn *types.Func) string {
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// HitFrames is the chain of a hit: the calls entered, then the chain in
// other packages.
func HitFrames(env *valueflow.Env, h valueflow.Hit) []valueflow.Frame {
	var frames []valueflow.Frame
	for _, c := range h.Calls {
		frames = append(frames, valueflow.FrameAt(env.Fset, valueflow.FuncName(c.Parent()), c.Pos()))
	}
	return append(frames, h.Remote...)
}

// CalleeSite names the callee that runs a statement and where the
// statement is: "Queries.CreateOrder (query.sql.go:34:12)", or
// "Service.Charge, at ordersdb.Queries.DebitAccount (query.sql.go:62:12)"
// when the callee reaches it through others.
func CalleeSite(c *effects.Callee) string {
	name := ShortName(c.Func)
	if c.At.Func == name || strings.HasSuffix(c.At.Func, "."+name) {
		return name + " (" + c.At.Pos + ")"
	}
	return name + ", at " + c.At.String()
}
