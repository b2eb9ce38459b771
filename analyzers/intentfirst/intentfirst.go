package intentfirst

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/analyzers/internal/slotfix"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

//go:embed doc.go
var doc string

// Meta is the check's record.
var Meta = report.Meta{
	Name:     "intentfirst",
	Code:     "IDEM003",
	Title:    "report external effects whose operation ID is not committed first",
	Default:  true,
	Severity: "warning",
}

// Analyzer is intentfirst with the default configuration.
var Analyzer = New(passes.Default())

// New returns intentfirst for the run whose shared passes are ps.
func New(ps *passes.Set) *analysis.Analyzer {
	return check.New(ps, Meta, doc, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep}
		for _, e := range res.Externals() {
			c.check(e)
		}
		// Calls of helpers of other packages that make an external call
		// and return its outcome (a carrier client of your own).
		for _, fn := range res.SrcFuncs() {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(ssa.CallInstruction); ok && !res.InTestFile(call.Pos()) {
						for _, e := range summary.ImportedEffects(res, call) {
							c.check(e)
						}
					}
				}
			}
		}
	}, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		(&checker{pass: pass, res: res, rep: rep}).programRoots()
	})
}

type checker struct {
	pass *analysis.Pass
	res  *summary.Result
	rep  *report.Reporter
}

// check reports an external effect whose outcome is written back while no
// committed write before it records the key it carries.
func (c *checker) check(e *effects.Call) {
	if e.Ext.Notification || e.State == effects.Unknown {
		return
	}
	path, ok := c.res.Retried.On(e.Instr)
	if !ok {
		return
	}
	back := c.writeBack(e)
	if back == nil {
		return
	}
	intents, unknown := c.intents(e, path)
	switch e.State {
	case effects.NoSlot:
		// Without a key mechanism, a committed record before the call is
		// all the service can keep; it reconciles against the provider.
		if len(intents) > 0 || unknown {
			return
		}
	case effects.Filled:
		if unknown || recorded(intents, e.Key, path) {
			return
		}
	}
	msg := fmt.Sprintf("a crash after the %s and before its outcome is written back leaves no record of it, so a retry repeats it: no operation ID that the call carries is committed before it (%s)",
		e.Ext.What, path.Root.Describe())
	d := analysis.Diagnostic{
		Pos:     c.res.CallStart(e.Instr.Pos()),
		Message: msg,
		Related: append(check.Chain(path), analysis.RelatedInformation{Pos: back.Pos, Message: "the outcome is written back here"}),
	}
	if e.State == effects.Absent {
		if f := slotfix.Fix(c.pass, c.res, e); f != nil {
			d.SuggestedFixes = []analysis.SuggestedFix{*f}
		}
	}
	if d.SuggestedFixes == nil {
		d.Message += remedy
	}
	c.rep.Report(d)
}

// remedy says, for a finding without a fix, what to change.
const remedy = "; commit a record of the operation, with its ID in the call's key, before the call"

// writeBack returns the first durable write of the call's outcome.
func (c *checker) writeBack(e *effects.Call) *valueflow.Hit {
	outcome := effects.Outcome(e.Instr)
	if outcome == nil {
		return nil
	}
	for _, h := range valueflow.Trace(c.res.Env.ForWrites(true), outcome, "").Hits {
		if h.Sink.Kind == valueflow.WriteSink {
			return &h
		}
	}
	return nil
}

// intents returns the committed durable writes that happen before the
// call on every path: in its function, and in the callers on the path
// from the root before the calls that lead to it. unknown is set when a
// write's durability cannot be told.
func (c *checker) intents(e *effects.Call, path *retried.Path) (intents []*effects.Write, unknown bool) {
	points := []ssa.Instruction{e.Instr}
	for _, via := range path.Via {
		points = append(points, via)
	}
	for _, point := range points {
		fn := point.Parent()
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call == e.Instr || instr == point || !effects.Dominates(instr, point) {
					continue
				}
				w := effects.WriteOf(c.res.Env, call, c.res.ParamWrites)
				if w == nil {
					continue
				}
				effects.DecideUnit(c.res, w)
				switch w.Durability {
				case effects.DurAutocommit:
					intents = append(intents, w)
				case effects.DurTx:
					if committedBefore(w, point) {
						intents = append(intents, w)
					}
				default:
					unknown = true
				}
			}
		}
	}
	return intents, unknown
}

// committedBefore reports whether a Commit of the write's transaction
// runs after the write and before point on every path.
func committedBefore(w *effects.Write, point ssa.Instruction) bool {
	tx := w.TxOrigins()
	if len(tx) == 0 {
		return false
	}
	for _, b := range point.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !effects.Dominates(w.Instr, instr) || !effects.Dominates(instr, point) {
				continue
			}
			fn := valueflow.Callee(call.Common())
			if fn == nil || !catalog.IsCommit(fn.Name()) {
				continue
			}
			recv := call.Common().Value
			if !call.Common().IsInvoke() && len(call.Common().Args) > 0 {
				recv = call.Common().Args[0]
			}
			if effects.Intersects(effects.Origins(recv, nil), tx) {
				return true
			}
		}
	}
	return false
}

// recorded reports whether one of the intents stores the key.
func recorded(intents []*effects.Write, key ssa.Value, path *retried.Path) bool {
	keys := effects.Origins(key, path.Via)
	for _, w := range intents {
		for _, a := range w.Args {
			if effects.Intersects(effects.Origins(a, path.Via), keys) {
				return true
			}
		}
	}
	return false
}
