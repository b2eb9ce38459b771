package summary

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/valueflow"
)

// maxDefects bounds the defects one summary carries.
const maxDefects = 8

// exportSummaries exports a Summary fact for each function other packages
// can call, when it has something to say.
func exportSummaries(pass *analysis.Pass, res *Result, funcs []*ssa.Function, fresh map[*ssa.Function][]freshReturn) {
	paramEnv := *res.Env
	paramEnv.Callers = nil // a parameter's value comes from the caller at hand
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue
		}
		sum := &valueflow.Summary{}
		for _, fr := range fresh[fn] {
			sum.FreshResults = append(sum.FreshResults, valueflow.FreshResult{Result: fr.result, Origin: fr.origin})
		}
		summarizeParams(&paramEnv, fn, sum)
		sum.Defects = defectsFrom(res, fn)
		if !sum.Empty() {
			pass.ExportObjectFact(obj, sum)
		}
	}
}

// summarizeParams traces each parameter, and each field of a struct
// parameter, to the sinks and results it reaches.
func summarizeParams(env *valueflow.Env, fn *ssa.Function, sum *valueflow.Summary) {
	for i, p := range fn.Params {
		for _, path := range seedPaths(p.Type()) {
			flow := valueflow.Trace(env, p, path)
			for _, h := range flow.Hits {
				sum.ParamSinks = append(sum.ParamSinks, valueflow.ParamSink{Param: i, Path: path, Sink: h.Sink, Chain: HitFrames(env, h)})
			}
			for _, r := range flow.Returns {
				if r.Fn == fn && r.Path == "" {
					sum.ParamResults = append(sum.ParamResults, valueflow.ParamResult{Param: i, Path: path, Result: r.Result})
				}
			}
		}
	}
}

// seedPaths are the access paths of a parameter worth tracing: the value,
// and each field of a struct (or pointer to struct).
func seedPaths(t types.Type) []string {
	paths := []string{""}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok {
		for i := 0; i < s.NumFields() && i < 32; i++ {
			paths = append(paths, "."+s.Field(i).Name())
		}
	}
	return paths
}

// defectsFrom collects the defects that calling fn leads to: fresh values
// made in the functions of this package it reaches, and the defects of the
// functions of other packages it calls.
func defectsFrom(res *Result, fn *ssa.Function) []valueflow.Defect {
	reached := localCallees(fn, res.Env.Pkg)
	var out []valueflow.Defect
	for _, d := range res.Defects {
		if !reached[d.Call.Parent()] {
			continue
		}
		_, reported := res.Retried.On(d.Call)
		origin := valueflow.Origin{Call: d.Gen, At: valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(d.Call.Parent()), d.Call.Pos())}
		for _, h := range d.Hits {
			if len(out) < maxDefects {
				out = append(out, valueflow.Defect{Origin: origin, Sink: h.Sink, Chain: HitFrames(res.Env, h), Reported: reported})
			}
		}
	}
	for callee := range reached {
		for _, b := range callee.Blocks {
			for _, instr := range b.Instrs {
				for _, d := range ImportedDefects(res, instr) {
					if len(out) < maxDefects {
						out = append(out, d)
					}
				}
			}
		}
	}
	return out
}

// ImportedDefects returns the unreported defects of the function of
// another package that instr calls, with the call prepended to the chain.
func ImportedDefects(res *Result, instr ssa.Instruction) []valueflow.Defect {
	call, ok := instr.(ssa.CallInstruction)
	if !ok || call.Common().IsInvoke() {
		return nil
	}
	fn := valueflow.Callee(call.Common())
	if fn == nil {
		return nil
	}
	s := res.Imported(fn)
	if s == nil {
		return nil
	}
	var out []valueflow.Defect
	for _, d := range s.Defects {
		if !d.Reported {
			out = append(out, d)
		}
	}
	return out
}

// localCallees is fn and the functions of pkg it reaches by static calls
// and closures.
func localCallees(fn *ssa.Function, pkg *types.Package) map[*ssa.Function]bool {
	seen := map[*ssa.Function]bool{fn: true}
	queue := []*ssa.Function{fn}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		next := append([]*ssa.Function(nil), f.AnonFuncs...)
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					if callee := c.Common().StaticCallee(); callee != nil && callee.Pkg != nil && callee.Pkg.Pkg == pkg {
						next = append(next, callee)
					}
				}
			}
		}
		for _, g := range next {
			if !seen[g] {
				seen[g] = true
				queue = append(queue, g)
			}
		}
	}
	return seen
}
