package partialtx

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/internal/check"
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
	var writes []int
	parsed := make([]*sqltext.Statement, len(r.Stmts))
	for i, st := range r.Stmts {
		if st.Guard {
			return // whose cover the lists cannot tell apart: no proof
		}
		parsed[i] = sqltext.Parse(st.SQL)
		if parsed[i].Writes() && st.Unit != "" {
			writes = append(writes, i)
		}
	}
	first := -1
	for _, i := range writes {
		if !r.Stmts[i].Absorbed && nonIdempotent(parsed[i]) {
			first = i
			break
		}
	}
	if first < 0 {
		return
	}
	pairs, own := 0, false
	for x, a := range writes {
		for _, b := range writes[x+1:] {
			if r.Exclusive(a, b) || r.Stmts[a].Unit == r.Stmts[b].Unit || r.SameCall(a, b) {
				continue
			}
			if !r.Stmts[a].InWired() && !r.Stmts[b].InWired() {
				own = true // the root's package judges its own writes
			}
			pairs++
		}
	}
	if pairs == 0 || own {
		return
	}
	f := &r.Stmts[first]
	key := fmt.Sprint(f.At)
	for _, w := range writes {
		key += " " + fmt.Sprint(r.Stmts[w].At)
	}
	if seen[key] {
		return
	}
	seen[key] = true
	p, ok := check.PlaceAt(Meta, check.Site{Pos: f.Pos, Wiring: r.Wiring, Ignores: f.Ignores, Through: f.Through})
	if !ok {
		return
	}
	where, root := f.At.Func, r.Root
	if p.Wired {
		where, root = f.At.String(), root+", wired here"
	}
	d := analysis.Diagnostic{
		Pos: p.Pos,
		Message: fmt.Sprintf("a failure between the writes leaves the operation half done, and a retry repeats the done part: %d writes commit separately and %s in %s is not idempotent (%s)",
			len(writes), what(parsed[first]), where, root),
		Related: p.Related,
	}
	for _, w := range writes {
		if w == first {
			continue
		}
		pos := r.Stmts[w].Pos
		if !pos.IsValid() {
			pos = p.Pos
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: "commits separately: " + what(parsed[w]) + " in " + r.Stmts[w].At.String()})
	}
	c.rep.Report(d)
}

// nonIdempotent reports whether a write repeats with a different
// result: a plain INSERT, or an UPDATE computing a column from its own
// value.
func nonIdempotent(st *sqltext.Statement) bool {
	return st.Kind == sqltext.Insert && !st.Conflict || st.Kind == sqltext.Update && st.Arithmetic
}
