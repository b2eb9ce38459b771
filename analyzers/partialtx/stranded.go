package partialtx

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/summary"
)

// reportStranded reports, where every write of fn is idempotent, the
// first dedup guard (a claim, a compare-and-set) that commits on its
// own while writes past it commit apart: after a failure between them,
// the retry finds the guard's row and stops, and the writes past it are
// never made, however harmless they would be to repeat.
func (c *checker) reportStranded(fn *ssa.Function, writes, guards []*effects.Stmt) {
	for _, g := range guards {
		stranded := c.strandedBy(g, writes)
		if len(stranded) == 0 {
			continue
		}
		path, ok := c.res.Retried.On(g.Instr)
		if !ok || c.res.InTestFile(g.Instr.Pos()) || !g.Instr.Pos().IsValid() {
			return
		}
		d := analysis.Diagnostic{
			Pos: c.res.CallStart(g.Instr.Pos()),
			Message: fmt.Sprintf("a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: %d writes commit separately, not all in the guard's transaction; run them in it (%s)",
				1+len(stranded), path.Root.Describe()),
		}
		for _, w := range stranded {
			if pos := w.Instr.Pos(); pos.IsValid() {
				msg := "commits separately, after the guard: " + what(w.SQL)
				if w.Callee != nil {
					msg += " in " + summary.CalleeSite(w.Callee)
				}
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: msg})
			}
		}
		c.rep.Report(d)
		return
	}
}

// strandedBy returns the writes that run past guard g on every path
// and commit apart from it, whose failure fails the operation: the
// retry of that failure stops at g. A record of attempts is not the
// work, and a write after a call of a provider made past the guard is
// that call's outcome, which can only commit after it.
func (c *checker) strandedBy(g *effects.Stmt, writes []*effects.Stmt) []*effects.Stmt {
	var out []*effects.Stmt
	for _, w := range writes {
		if w == g || effects.SameTx(g, w) || exclusive(g, w) || optional(w) || attemptRecord(w.SQL) || !c.past(g, w) ||
			slices.ContainsFunc(out, func(v *effects.Stmt) bool { return exclusive(v, w) }) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// past reports whether write w runs after guard g on every path, after
// g's call in the function that runs both (at the call that makes w's
// function literal, when w runs in one), and no call between them may
// reach a provider, whose outcome w may store. Two writes of one
// callee's list are not ordered against its calls here.
func (c *checker) past(g, w *effects.Stmt) bool {
	if effects.SameCall(g, w) {
		return false
	}
	x, y := ssa.Instruction(g.Instr), ssa.Instruction(w.Instr)
	if x.Parent() != y.Parent() {
		// A write in a function literal (a transaction's callback)
		// runs where the literal is made.
		y = effects.MadeAt(y)
		if y == nil || x.Parent() != y.Parent() {
			return false
		}
	}
	return x != y && effects.Dominates(x, y) && !c.callsOutBetween(x, y)
}

// callsOutBetween reports whether a call that runs after x and before y
// may reach a provider.
func (c *checker) callsOutBetween(x, y ssa.Instruction) bool {
	for _, b := range x.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if ok && instr != x && instr != y && effects.Reaches(x, instr) && effects.Reaches(instr, y) && c.mayCallOut(call, 0) {
				return true
			}
		}
	}
	return false
}

// maxCallOutDepth bounds the functions of the package mayCallOut looks
// into.
const maxCallOutDepth = 3

// mayCallOut reports whether a call may reach a provider: it is one, or
// its callee is not known (a method of the program's interface, a
// function value), or the callee's summary or body makes one.
func (c *checker) mayCallOut(call ssa.CallInstruction, depth int) bool {
	if effects.Classify(c.res.Catalog, call) != nil {
		return true
	}
	if effects.WriteStmtOf(c.res.Catalog, call) != nil {
		return false
	}
	cc := call.Common()
	callee := cc.StaticCallee()
	switch {
	case cc.IsInvoke():
		// A method of the program's interface, whose implementations
		// are not known here (a library's, sql.Result's RowsAffected,
		// calls out only as the catalog says); this package's own are
		// the program's whatever its path looks like.
		m := cc.Method
		return c.res.Env.Wired == nil || c.res.Env.Wired(m) || m.Pkg() == c.pass.Pkg && c.res.Catalog.IsModuleWired(m)
	case callee == nil:
		return true // a function value
	case callee.Pkg != nil && callee.Pkg.Pkg != c.pass.Pkg:
		obj := valueflow.Callee(cc)
		s := c.res.Imported(obj)
		return s != nil && len(s.Effects) > 0
	case depth >= maxCallOutDepth:
		return true
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			if inner, ok := instr.(ssa.CallInstruction); ok && c.mayCallOut(inner, depth+1) {
				return true
			}
		}
	}
	return false
}

// programStranded reports, in a composition root, what reportStranded
// reports in a package: a guard of the root's list, in an
// implementation, that commits apart from the writes that run only past
// it, when no write a retry repeats was found.
func (c *checker) programStranded(r *summary.ProgramRoot, writes, guards []int, parsed []*sqltext.Statement, seen map[string]bool) {
	for _, g := range guards {
		if c.res.Catalog.IsKeyTable(parsed[g].Table) || r.Stmts[g].ReadBack || readBack(r, g, parsed) {
			continue // a key apart from its effect is keytx's; a claim read back stops no retry
		}
		var stranded []int
		wired := r.Stmts[g].InWired()
		for _, w := range writes {
			if !programStrandedBy(r, g, w, parsed) || slices.ContainsFunc(stranded, func(v int) bool { return r.Exclusive(v, w) }) {
				continue // or one of two branches, the other listed
			}
			stranded = append(stranded, w)
			wired = wired || r.Stmts[w].InWired()
		}
		if len(stranded) == 0 || !wired {
			continue // none, or all the root's own: its package judges them
		}
		f := &r.Stmts[g]
		p, where, root, ok := placeOnce(r, g, stranded, seen)
		if !ok {
			return
		}
		d := analysis.Diagnostic{
			Pos: p.Pos,
			Message: fmt.Sprintf("a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: %d writes commit separately, not all in the guard's transaction: %s in %s first (%s); run them in the guard's transaction",
				1+len(stranded), whatStmt(f, parsed[g]), where, root),
			Related: p.Related,
		}
		for _, w := range stranded {
			pos := r.Stmts[w].Pos
			if !pos.IsValid() {
				pos = p.Pos
			}
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: "commits separately, after the guard: " + whatStmt(&r.Stmts[w], parsed[w]) + " in " + r.Stmts[w].At.String()})
		}
		c.rep.Report(d)
		return
	}
}

// programStrandedBy reports whether write w of a root's list runs only
// past guard g and commits apart from it, its failure failing the
// operation, with no call of a provider that may run between them, and
// storing no answer of a call the list does not show (whose outcome it
// may be).
func programStrandedBy(r *summary.ProgramRoot, g, w int, parsed []*sqltext.Statement) bool {
	st := &r.Stmts[w]
	if w <= g || !r.Reaches(g, w) || r.Exclusive(g, w) || r.SameCall(g, w) || !st.Decided() || programCovered(r, w, []int{g}) || r.ExternalBetween(g, w) {
		return false
	}
	return st.Unit != r.Stmts[g].Unit && !st.Optional && !st.OnFailure && !st.RecordsError && !attemptRecord(parsed[w]) && !r.StoresAnswer(w)
}

// readBack reports whether the function that runs guard g of a root's
// list (or a helper it calls) reads the guard's table after it (a claim,
// then the SELECT of the claimed row): what the row holds decides, and
// it lets a retry through while it says the work is not done.
func readBack(r *summary.ProgramRoot, g int, parsed []*sqltext.Statement) bool {
	if parsed[g].Kind != sqltext.Insert {
		return false // a compare-and-set's row says what it changed
	}
	for j := g + 1; j < len(r.Stmts); j++ {
		if (r.Stmts[j].At.Func == r.Stmts[g].At.Func || r.SameScope(g, j)) && parsed[j].Kind == sqltext.Select && parsed[j].Table == parsed[g].Table {
			return true
		}
	}
	return false
}
