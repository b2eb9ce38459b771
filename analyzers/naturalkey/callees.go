package naturalkey

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

// noteCallee notes the statements that a call's callee runs: a guard in a
// helper (claim(ctx, tx, key) returning whether the key is new) guards
// what follows its call, its writes count with the function's, and an
// INSERT of another package's helper is judged here.
func (c *checker) noteCallee(w *writes, call ssa.CallInstruction) {
	callee, _ := effects.CallStmts(c.res, call)
	for _, st := range callee {
		w.note(st)
		if c.elsewhere(st) {
			w.across = append(w.across, st)
		}
	}
}

// elsewhere reports whether a callee's statement is one for this package
// to judge at the call: it runs in a function of another package that no
// root of that package reaches.
func (c *checker) elsewhere(st *effects.Stmt) bool {
	return st.Callee.Func.Pkg() != nil && st.Callee.Func.Pkg() != c.pass.Pkg && !st.Callee.Judged
}

// reportAcross reports an INSERT that a helper of another package runs
// with the function's values, at the call: the fix belongs to the
// helper's SQL, which this package cannot edit, so the message names
// the helper (and sqlc's query) and the helper's page shows the clause.
func (c *checker) reportAcross(st *effects.Stmt, col, what string, path *retried.Path) {
	site := summary.CalleeSite(st.Callee)
	if q := sqlcQuery(st.Text); q != "" {
		site += ", sqlc query " + q
	}
	d := analysis.Diagnostic{
		Pos: c.res.CallStart(st.Instr.Pos()),
		Message: fmt.Sprintf("a retry inserts the row for the same %s again, which fails or duplicates it: the INSERT into %s in %s has no conflict handling for %s (%s)",
			col, st.SQL.Table, site, what, path.Root.Describe()),
	}
	d.Message += c.remedy(st)
	d.Related = append(check.Chain(path), analysis.RelatedInformation{Pos: st.Instr.Pos(), Message: "the INSERT runs in " + site})
	c.rep.Report(d)
}
