package intentfirst

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/passes/summary"
)

// programRoots reports, in a composition root, the external calls that
// implementations of wired calls make on a root's path before any write
// of the root's list, whose outcome a later write of the list stores: a
// service that calls the provider through its gateway interface and
// then saves the result through its repository. The lists do not hold
// the root's own external calls' keys, so the finding does not depend on
// the key: a key alone is no record of the operation in the service.
func (c *checker) programRoots() {
	var m check.Merger
	defer m.Report(c.rep)
	for i := range c.res.ProgramRoots {
		r := &c.res.ProgramRoots[i]
		if r.Cut {
			continue // a write before the call may be among those left out
		}
		for _, call := range r.Calls {
			if !call.Effect.Absent && !call.Effect.NoSlot && !call.RootKey {
				// A key the caller gives may be the ID of a record it
				// read, committed before: no proof either way. The
				// root's own key is stable, but records nothing.
				continue
			}
			wb := writeBack(r, call)
			if wb < 0 || writesBefore(r, call.Before, wb) {
				continue
			}
			c.reportProgram(&m, r, call, &r.Stmts[wb])
		}
	}
}

// writesBefore reports whether a write of the root's list may run
// before the first n statements' end: an intent the call might follow.
// A write that never runs in the same call as the write-back wb (a
// status set on the branch that returns before the call) is none. A
// statement of a helper that runs others its caller gives, which the
// list does not show (an insert-or-get helper's lookup), may be one.
func writesBefore(r *summary.ProgramRoot, n, wb int) bool {
	for i, st := range r.Stmts[:n] {
		if (st.Parsed.Writes() || st.Partial) && !r.Exclusive(i, wb) {
			return true
		}
	}
	return false
}

// writeBack returns the index of the first write after the call that
// stores what the call's wired call returned, or -1.
func writeBack(r *summary.ProgramRoot, call summary.ProgramCall) int {
	for j := call.Before; j < len(r.Stmts); j++ {
		st := &r.Stmts[j]
		if !st.Parsed.Writes() {
			continue
		}
		if slices.ContainsFunc(st.WriteBackOf, call.Returns) {
			return j
		}
	}
	return -1
}

func (c *checker) reportProgram(m *check.Merger, r *summary.ProgramRoot, call summary.ProgramCall, wb *summary.ProgramStmt) {
	p, ok := check.PlaceAt(Meta, check.Site{Pos: call.Pos, Wiring: r.Wiring, Through: call.Through})
	if !ok {
		return
	}
	site := call.Effect.At.String()
	if m.Seen(site) {
		m.Also(site, r.Root, p) // another root reaches the same call
		return
	}
	where, root := call.Effect.At.Func, r.Root
	if p.Wired {
		where, root = call.Effect.At.String(), root+", wired here"
	}
	d := analysis.Diagnostic{
		Pos: p.Pos,
		Message: fmt.Sprintf("a crash after the %s in %s and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and %s stores its outcome after it (%s)%s",
			call.Effect.What, where, wb.At.Func, root, remedy),
		Related: append(p.Related, analysis.RelatedInformation{Pos: wb.Pos, Message: "the outcome is stored here: " + wb.At.String()}),
	}
	if !wb.Pos.IsValid() {
		d.Related = p.Related
	}
	m.Add(site, r.Root, d)
}
