package keytx

import (
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/passes/summary"
)

// stmtsAt returns the statements a call runs: its own (SQL text, or an
// ORM's or a query builder's write or query), or those of the function
// it calls (a generated query, a repository helper, here or in another
// package), from that function's summary, with their commit units
// decided by the handle this call passes.
func (c *checker) stmtsAt(call ssa.CallInstruction) []*effects.Stmt {
	if st := effects.WriteStmtOf(c.res.Env.Catalog, call); st != nil {
		return []*effects.Stmt{st}
	}
	if !c.runsInPlace(call.Parent()) {
		return nil
	}
	// A summary cut short only hides statements: no pair is invented.
	stmts, _ := effects.CallStmts(c.res, call)
	return stmts
}

// runsInPlace reports whether the callees that f calls run within the
// function being compared: f is that function, or a closure of it that
// is neither a retried root (a handler that Routes registers runs later,
// on its own) nor a wrapper SSA makes for a method value.
func (c *checker) runsInPlace(f *ssa.Function) bool {
	if c.roots == nil {
		c.roots = make(map[*ssa.Function]bool)
		for _, r := range c.res.Retried.Roots() {
			c.roots[r.Fn] = true
		}
	}
	for ; f != nil && f != c.top; f = f.Parent() {
		if f.Synthetic != "" || c.roots[f] {
			return false
		}
	}
	return f == c.top
}

// reportAcross reports a key statement and an effect of which one runs
// in a callee. Its fix, when one is exact, runs the key statement on
// the effect's transaction by naming that transaction where the key's
// handle is chosen (acrossFix).
func (c *checker) reportAcross(k, w *effects.Stmt, msg string) {
	d := c.diagnostic(k, w, msg)
	if k.Callee != nil {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: k.Instr.Pos(), Message: "the key statement runs in " + summary.CalleeSite(k.Callee)})
	}
	effect := "the effect is written here"
	if w.Callee != nil {
		effect = "the effect is written in " + summary.CalleeSite(w.Callee)
	}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: w.Instr.Pos(), Message: effect})
	if f := c.acrossFix(k, w); f != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	} else {
		d.Message += remedy[msg]
	}
	c.rep.Report(d)
}

// ownFirst puts the function's own statements before its callees', each
// in order: a key is reported with the first effect it commits apart
// from, and a pair of the function's own statements can carry a fix.
func ownFirst(writes []stmt) {
	slices.SortStableFunc(writes, func(a, b stmt) int {
		switch {
		case a.Callee == nil && b.Callee != nil:
			return -1
		case a.Callee != nil && b.Callee == nil:
			return 1
		}
		return 0
	})
}
