package partialtx

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/passes/summary"
)

// programRoots judges, in a composition root, the retried roots of the
// packages it links whose writes lie in the implementations of the
// interfaces they call: a handler that inserts an order through one
// repository and debits a balance through another, each on the pool.
// The finding has no suggested fix: the writes are in other packages.
func (c *checker) programRoots() {
	seen := map[string]bool{}
	for i := range c.res.ProgramRoots {
		c.programRoot(&c.res.ProgramRoots[i], seen)
	}
}

// programRoot judges one root's writes. Roots that reach the same
// writes (two handlers calling one service method) share a finding,
// named by the first: seen holds the writes reported.
func (c *checker) programRoot(r *summary.ProgramRoot, seen map[string]bool) {
	if r.Cut {
		return // a guard may be among the statements left out
	}
	var writes, guards, comps []int
	parsed := make([]*sqltext.Statement, len(r.Stmts))
	for i, st := range r.Stmts {
		parsed[i] = st.Parsed
	}
	markers := sqltext.MarkerTables(parsed)
	for i, st := range r.Stmts {
		switch {
		case st.Unit == "" || !parsed[i].Writes():
		case st.OnFailure && compensation(parsed[i], slices.ContainsFunc(writes, func(w int) bool { return parsed[w].Table == parsed[i].Table })):
			comps = append(comps, i)
		case (c.res.Catalog.IsKeyTable(parsed[i].Table) || sqltext.IsMarker(markers, parsed[i])) && !st.Guard:
			// A key row, or a marker of the work done, apart from its
			// effect is keytx's.
		case st.Guard:
			guards = append(guards, i)
		default:
			writes = append(writes, i)
		}
	}
	guards = slices.DeleteFunc(guards, func(g int) bool {
		// A claim that commits none of the writes it lets run, in
		// other functions than its own, is keytx's: the key apart
		// from its effect. One deleted when they fail lets the retry
		// run them.
		return (r.Claims(g) || r.Undone(g)) && !slices.ContainsFunc(writes, func(w int) bool {
			return r.Stmts[w].Unit == r.Stmts[g].Unit || r.SameScope(g, w)
		})
	})
	if !slices.ContainsFunc(writes, func(w int) bool { return !programCovered(r, w, guards) }) {
		return // the guards cover every write
	}
	// The first write a retry repeats, with the writes that can run with
	// it in one operation (a dispatcher's other cases are other
	// operations), when one of them commits apart: the first not after
	// a state guard's write, or else the first after one (the retry
	// then stops at the guard's test), as when the first not after one
	// lies in another case of a dispatcher.
	// A write its guard's transaction commits with runs again only
	// when the retry passes the guard. It is the first that a retry
	// repeats only when a write apart from it runs as a guard decides
	// (the guard then stops the retry that would finish it); when
	// none does, the code goes on past the guard whatever it found (a
	// claim that returns the stored order), and a retry redoes the
	// rest.
	stops := slices.ContainsFunc(writes, func(w int) bool { return !programCovered(r, w, guards) && r.Stmts[w].Decided() })
	covered := func(i int) bool { return !stops && programCovered(r, i, guards) }
	// Each implementation of a wired call (a dispatcher's handler for
	// its type of message) is an operation of its own: the first write
	// of each is judged, with the writes that can run with it.
	var found []candidate
	for _, after := range []bool{false, true} {
		var judged []int
		for _, i := range writes {
			// A duplicate handled where an INSERT runs makes it
			// idempotent; an UPDATE that computes from the current
			// value repeats whatever guards it. A record of the attempt
			// is meant to be added again.
			if r.Stmts[i].StateGuarded != after || !effects.Repeats(parsed[i]) || r.Stmts[i].Absorbed && parsed[i].Kind == sqltext.Insert && !stoppedApart(r, i, guards) || attemptRecord(parsed[i]) || r.Stmts[i].RecordsError || covered(i) {
				continue
			}
			if slices.ContainsFunc(judged, func(j int) bool { return !r.Exclusive(i, j) }) {
				continue // judged with the first write of its operation
			}
			judged = append(judged, i)
			outcome := outcomes(r, i, writes)
			others := slices.DeleteFunc(slices.Clone(writes), outcome)
			if after {
				// Past a state guard's write, the retry that stops at
				// the guard's test leaves undone the writes behind it
				// too; one after them that it reaches again whatever
				// the test says, it finishes.
				others = slices.DeleteFunc(slices.Clone(others), func(w int) bool { return w > i && !r.Stmts[w].StateGuarded })
			}
			// A guard the outcome's transaction runs (the invoice
			// marked paid if it was open) decides nothing before the
			// call.
			if with, apart, own := c.apartWith(r, i, others, slices.DeleteFunc(slices.Clone(guards), outcome), comps, parsed); apart && !own {
				found = append(found, candidate{first: i, stopped: after, counted: with})
			} // a pair of the root's own writes is its package's to judge
		}
		if len(found) > 0 {
			break
		}
	}
	for _, cand := range found {
		c.reportApart(r, cand, guards, parsed, seen)
	}
	if len(found) == 0 {
		c.programStranded(r, writes, guards, parsed, seen)
	}
}

// A candidate is the first write a retry repeats of one operation of a
// root, the writes that can run with it, and whether it runs only past a
// state guard's write.
type candidate struct {
	first   int
	stopped bool
	counted []int
}

// reportApart reports a candidate whose writes commit apart, once for
// the writes it names.
func (c *checker) reportApart(r *summary.ProgramRoot, cand candidate, guards []int, parsed []*sqltext.Statement, seen map[string]bool) {
	first, stopped, counted := cand.first, cand.stopped, cand.counted
	f := &r.Stmts[first]
	p, where, root, ok := placeOnce(r, first, counted, seen)
	if !ok {
		return
	}
	commits := commitsOf(r, counted)
	d := analysis.Diagnostic{
		Pos: p.Pos,
		Message: fmt.Sprintf("a failure between the writes leaves the operation half done, and a retry repeats the done part: %d writes commit separately and %s in %s is not idempotent (%s)%s",
			commits, whatStmt(f, parsed[first]), where, root, remedy),
		Related: p.Related,
	}
	switch {
	case slices.ContainsFunc(guards, func(g int) bool { return g < first && r.Reaches(g, first) && !r.Exclusive(g, first) }):
		// A guard the retry meets after the first write repeats it
		// stops nothing that write did: only one before it can.
		d.Message = fmt.Sprintf("a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: %d writes commit separately, not all in the guard's transaction, and %s in %s is not idempotent (%s); run them in the guard's transaction",
			commits, whatStmt(f, parsed[first]), where, root)
	case stopped:
		d.Message = fmt.Sprintf("a failure between the writes leaves the operation half done, and the check of stored state before them stops the retry that would finish it: %d writes commit separately, %s in %s first (%s)%s",
			commits, whatStmt(f, parsed[first]), where, root, remedy)
	}
	for _, w := range counted {
		if w == first || r.Stmts[w].Unit == r.Stmts[first].Unit {
			continue // not apart from it
		}
		pos := r.Stmts[w].Pos
		if !pos.IsValid() {
			pos = p.Pos
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: "commits separately: " + whatStmt(&r.Stmts[w], parsed[w]) + " in " + r.Stmts[w].At.String()})
	}
	c.rep.Report(d)
}

// placeOnce returns where to report the finding of statement at in a
// root's list with the statements others, how to name the function that
// runs it and the root, and false when the run reported them already
// (seen) or the driver cannot report it.
func placeOnce(r *summary.ProgramRoot, at int, others []int, seen map[string]bool) (p check.Placed, where, root string, ok bool) {
	f := &r.Stmts[at]
	key := f.Site()
	for _, w := range others {
		key += " " + r.Stmts[w].Site()
	}
	if seen[key] {
		return p, "", "", false
	}
	seen[key] = true
	p, ok = check.PlaceAt(Meta, check.Site{Pos: f.Pos, Wiring: r.Wiring, Ignores: f.Ignores, Through: f.Through})
	where, root = f.At.Func, r.Root
	if p.Wired {
		where, root = f.At.String(), root+", wired here"
	}
	return p, where, root, ok
}

// whatStmt describes a statement of a root's list: a row written back
// with a value the caller computed from the one it read says so.
func whatStmt(ps *summary.ProgramStmt, st *sqltext.Statement) string {
	if ps.Relative {
		return "the " + st.Kind.String() + " of " + st.Table + " (it stores a value computed from the one read)"
	}
	return what(st)
}

// outcomes returns whether a statement of the root's list stores the
// outcome of an external call made after write first (the provider's
// reference of a refund requested after its row was inserted, or the
// mark of its failure), or commits in one transaction with such a
// write: the row is the call's intent record, committed before it as it
// must be, and the outcome can only commit after the call.
func outcomes(r *summary.ProgramRoot, first int, writes []int) func(int) bool {
	outcome := func(w int) bool {
		if w == first {
			return false
		}
		if r.Stmts[w].OnFailure && slices.ContainsFunc(r.Calls, func(call summary.ProgramCall) bool { return call.Before > first && call.Before <= w }) {
			return true // the failure of a call made since: its outcome too
		}
		return slices.ContainsFunc(r.Stmts[w].WriteBackOf, func(entry string) bool {
			return slices.ContainsFunc(r.Calls, func(call summary.ProgramCall) bool { return call.Returns(entry) && call.Before > first })
		})
	}
	// The writes a transaction commits with an outcome (the invoice
	// marked paid with the charge's reference) commit after the call
	// as it does.
	units := map[string]bool{}
	for _, w := range writes {
		if outcome(w) && !r.Stmts[w].Autocommit() && r.Stmts[w].Unit != "" && r.Stmts[w].Unit != r.Stmts[first].Unit {
			units[r.Stmts[w].Unit] = true
		}
	}
	return func(w int) bool {
		return outcome(w) || w != first && units[r.Stmts[w].Unit]
	}
}

// apartWith returns the writes that can run in one operation with
// write first (and the guards that commit apart from what they let
// through among them), whether two of them commit apart, and whether
// such a pair lies in the root's own list, which its package judges.
// An INSERT whose duplicate is absorbed or ignored, before any guard
// and before the first write, runs again harmlessly on the retry: a
// failure after it commits leaves nothing half done. One after the
// first write fails after the first commits, as any write does.
func (c *checker) apartWith(r *summary.ProgramRoot, first int, writes, guards, comps []int, parsed []*sqltext.Statement) (counted []int, found, own bool) {
	counted = slices.DeleteFunc(slices.Clone(writes), func(w int) bool {
		return r.Exclusive(first, w) || w < first && (r.Stmts[w].Absorbed || parsed[w].Conflict && !parsed[w].Upsert) && parsed[w].Kind == sqltext.Insert && !slices.ContainsFunc(guards, func(g int) bool { return g < w && r.Reaches(g, w) })
	})
	found, own = programApart(r, counted, comps)
	if !found && len(guards) > 0 {
		apart := counted
		// A guard that commits apart from the write it lets through
		// stops the retry that would finish it; a key table's guard
		// is keytx's. A claim read back lets the retry through, but
		// one made after the first write commits apart from it: the
		// retry repeats the write, then finds the claim.
		counted = nil
		for _, g := range guards {
			if !c.res.Catalog.IsKeyTable(parsed[g].Table) && (!r.Stmts[g].ReadBack || g > first && r.Reaches(first, g)) {
				counted = append(counted, g)
			}
		}
		counted = append(counted, apart...)
		found, own = programApart(r, counted, comps)
	}
	return counted, found, own
}

// stoppedApart reports whether a guard before write w, in the same
// execution, commits apart from it: a failure between them leaves the
// guard's row, and the retry stops there without w, whatever w does
// with a duplicate of its own (the duplicate a guard absorbs is no
// proof that w runs once).
func stoppedApart(r *summary.ProgramRoot, w int, guards []int) bool {
	return slices.ContainsFunc(guards, func(g int) bool {
		return g < w && r.Reaches(g, w) && !r.Exclusive(g, w) && !programCovered(r, w, []int{g})
	})
}

// programCovered reports whether a guard covers write w: it comes
// before w in the list and runs in w's transaction.
func programCovered(r *summary.ProgramRoot, w int, guards []int) bool {
	for _, g := range guards {
		if g < w && r.Reaches(g, w) && !r.Stmts[g].Autocommit() && r.Stmts[g].Unit == r.Stmts[w].Unit {
			return true
		}
	}
	return false
}

// commitsOf counts the commits the writes make: writes of one unit of
// work commit together, as one.
func commitsOf(r *summary.ProgramRoot, writes []int) int {
	var units []string
	for _, w := range writes {
		if u := r.Stmts[w].Unit; !slices.Contains(units, u) {
			units = append(units, u)
		}
	}
	return len(units)
}

// programApart reports whether two of the statements run in one
// execution and commit apart, neither one's failure tolerated (apart
// says why), and own when two such lie in the root's own package, whose
// partialtx judges them.
func programApart(r *summary.ProgramRoot, stmts, comps []int) (found, own bool) {
	for x, a := range stmts {
		for _, b := range stmts[x+1:] {
			undone := slices.ContainsFunc(comps, func(k int) bool { return r.Undoes(k, a, b) })
			if r.Exclusive(a, b) || r.Stmts[a].Unit == r.Stmts[b].Unit || r.SameCall(a, b) || r.Stmts[a].Optional || r.Stmts[b].Optional || undone || attemptRecord(r.Stmts[a].Parsed) || r.Stmts[a].RecordsError {
				continue
			}
			found = true
			own = own || !r.Stmts[a].InWired() && !r.Stmts[b].InWired()
		}
	}
	return found, own
}
