package keytx

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/passes/summary"
)

// programRoots judges, in a composition root, the retried roots of the
// packages it links whose key statement and effect writes lie in the
// implementations of the interfaces they call: a handler that claims
// its key through an IdempotencyStore and writes through a repository,
// each on its own handle. The finding has no suggested fix: the
// statements are in other packages.
func (c *checker) programRoots() {
	seen := map[string]bool{}
	for i := range c.res.ProgramRoots {
		c.programRoot(&c.res.ProgramRoots[i], seen)
	}
}

// programRoot compares the units of one root's key statements and
// effect writes. A pair with which an external call can run is left
// out: the lists do not say whether it runs between the key and the
// effect, where the key is that call's intent record (intentfirst's).
// So is a root whose list is cut: a key statement may be among those
// left out.
func (c *checker) programRoot(r *summary.ProgramRoot, seen map[string]bool) {
	if r.Cut {
		return
	}
	var keys, writes []int
	claimed := map[int]bool{} // keys known by what they do, not their table's name
	parsed := make([]*sqltext.Statement, len(r.Stmts))
	for i, st := range r.Stmts {
		parsed[i] = st.Parsed
	}
	markers := sqltext.MarkerTables(parsed)
	c.aroundNext(r, parsed, seen)
	for i, st := range r.Stmts {
		switch p := parsed[i]; {
		case st.Unit == "":
		case c.isKeyTable(p) && p.Kind == sqltext.Delete:
			// Deleting expired keys is housekeeping: neither key nor effect.
		case readBack(r, parsed, i):
			// The claim's row read back after its insert: the
			// claim decides, not this read.
		case c.isKey(p) || sqltext.IsMarker(markers, p):
			keys = append(keys, i)
		case r.Claims(i):
			keys = append(keys, i)
			claimed[i] = true
		case p.Writes():
			writes = append(writes, i)
		}
	}
	withEffect := map[string]bool{} // the units that commit a write
	for _, w := range writes {
		withEffect[r.Stmts[w].Unit] = true
	}
	for _, k := range keys {
		if ks := &r.Stmts[k]; ks.Unit != "" && !ks.Autocommit() && withEffect[ks.Unit] {
			// A key a transaction commits with a write of its own:
			// that is the effect it guards, whatever runs after.
			continue
		}
		for _, w := range writes {
			ks, ws := &r.Stmts[k], &r.Stmts[w]
			if r.SameScope(k, w) || r.Exclusive(k, w) || ks.Unit == ws.Unit {
				continue // one function's, which its package judges; or they never run apart
			}
			if claimed[k] && (w < k || r.StoresReply(k, w)) {
				// A claim decides what runs after it, not what ran
				// before; and a call's outcome written back is not
				// work it strands.
				continue
			}
			if r.ExternalWith(k, w) && !(k < w && seenThenMarked(r, parsed, keys, k, w)) {
				continue
			}
			msg, ok := programApart(parsed[k], k < w)
			if !ok || seen[ks.Site()] {
				continue
			}
			seen[ks.Site()] = true
			c.reportProgram(r, ks, ws, parsed[k], msg)
			break
		}
	}
}

// seenThenMarked reports whether key statement k is a check of a key
// (a SELECT) that a later key statement of the list records in its
// table, in another unit than the effect write w: the inbox's Seen, the
// effect, then its Record. The check is no intent record of an external
// call that runs with them, and the record comes after it: the pair is
// apart whatever that call does.
func seenThenMarked(r *summary.ProgramRoot, parsed []*sqltext.Statement, keys []int, k, w int) bool {
	if parsed[k].Kind != sqltext.Select {
		return false
	}
	for _, m := range keys {
		if m > w && parsed[m].Kind == sqltext.Insert && parsed[m].Table == parsed[k].Table && r.Stmts[m].Unit != r.Stmts[w].Unit {
			return true
		}
	}
	return false
}

// programApart says what a key statement and an effect write in
// different units do on retry; first is set when the key comes first
// in the root's list.
func programApart(k *sqltext.Statement, first bool) (string, bool) {
	switch {
	case k.Kind == sqltext.Select && first:
		return checkApart, true
	case k.Kind == sqltext.Select:
		return "", false
	case first:
		return keyFirst, true
	}
	return effectFirst, true
}

// reportProgram reports a key statement and an effect write of a root's
// expanded list at the key statement.
func (c *checker) reportProgram(r *summary.ProgramRoot, k, w *summary.ProgramStmt, ks *sqltext.Statement, msg string) {
	p, ok := check.PlaceAt(Meta, check.Site{Pos: k.Pos, Wiring: r.Wiring, Ignores: k.Ignores, Through: k.Through})
	if !ok {
		return
	}
	root := r.Root
	if p.Wired {
		root = fmt.Sprintf("%s in %s, %s, wired here", ks.Table, k.At, r.Root)
	}
	d := analysis.Diagnostic{
		Pos:     p.Pos,
		Message: fmt.Sprintf("%s (%s on %s, the effect on %s; %s)%s", msg, ks.Table, programUnit(k), programUnit(w), root, remedy[msg]),
		Related: p.Related,
	}
	pos := w.Pos
	if !pos.IsValid() {
		pos = p.Pos
	}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: "the effect is written here: " + w.At.String()})
	c.rep.Report(d)
}

// programUnit names the unit of a statement of an expanded list.
func programUnit(s *summary.ProgramStmt) string {
	if s.Autocommit() {
		return "a handle that commits each statement"
	}
	return "a transaction"
}

// aroundNext reports a middleware that looks a key up before it runs the
// rest of the request's handlers and stores the key after them
// (ProgramStmt.Next): the route's handler commits its writes on its own,
// whatever the key's handle, so the key neither shares their commit nor
// is claimed before them. A middleware that writes the key before the
// handler (a claim marked in progress) is not reported.
func (c *checker) aroundNext(r *summary.ProgramRoot, parsed []*sqltext.Statement, seen map[string]bool) {
	for next, st := range r.Stmts {
		if st.Next {
			c.aroundOne(r, parsed, next, seen)
		}
	}
}

// aroundOne judges the statements that run with the handler at next:
// none in a branch that excludes it (the early next(c) of a request
// without a key).
func (c *checker) aroundOne(r *summary.ProgramRoot, parsed []*sqltext.Statement, next int, seen map[string]bool) {
	check := -1
	for i := range next {
		switch p := parsed[i]; {
		case !c.isKeyTable(p) || r.Exclusive(i, next):
		case p.Kind == sqltext.Select:
			if check < 0 {
				check = i
			}
		case p.Writes():
			return // claimed before the handler
		}
	}
	if check < 0 {
		return
	}
	for w := next + 1; w < len(r.Stmts); w++ {
		p := parsed[w]
		if !c.isKeyTable(p) || !p.Writes() || p.Kind == sqltext.Delete || r.Exclusive(check, w) || r.Exclusive(next, w) {
			continue
		}
		ks := &r.Stmts[w]
		if seen[ks.Site()] {
			return
		}
		seen[ks.Site()] = true
		c.reportAround(r, ks, &r.Stmts[check], &r.Stmts[next], p)
		return
	}
}

// reportAround reports a middleware's key written after the handler it
// runs, at the key's write.
func (c *checker) reportAround(r *summary.ProgramRoot, k, lookup, next *summary.ProgramStmt, ks *sqltext.Statement) {
	p, ok := check.PlaceAt(Meta, check.Site{Pos: k.Pos, Wiring: r.Wiring, Ignores: k.Ignores, Through: k.Through})
	if !ok {
		return
	}
	where := fmt.Sprintf("%s; %s", ks.Table, r.Root)
	if p.Wired {
		where = fmt.Sprintf("%s in %s, %s, wired here", ks.Table, k.At, r.Root)
	}
	d := analysis.Diagnostic{
		Pos:     p.Pos,
		Message: fmt.Sprintf("%s (%s)%s", aroundHandler, where, remedy[aroundHandler]),
		Related: p.Related,
	}
	for _, st := range []*summary.ProgramStmt{lookup, next} {
		pos := st.Pos
		if !pos.IsValid() {
			pos = p.Pos
		}
		what := "the key is looked up here: "
		if st.Next {
			what = "the handler runs here: "
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: what + st.At.String()})
	}
	c.rep.Report(d)
}

// readBack reports whether statement i reads the row that a claim (an
// INSERT with conflict handling of the same table, listed before it by
// the same function) inserts or finds: what was claimed, not a check
// of its own.
func readBack(r *summary.ProgramRoot, parsed []*sqltext.Statement, i int) bool {
	p := parsed[i]
	if p == nil || p.Kind != sqltext.Select {
		return false
	}
	for j := range i {
		if q := parsed[j]; q != nil && q.Kind == sqltext.Insert && q.Conflict && q.Table == p.Table && r.SameScope(j, i) {
			return true
		}
	}
	return false
}
