package freshid

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/passes/summary"
)

// Identities the database makes: an INSERT that leaves a serial or
// generated-default primary key to the database, with no other key of
// the row filled and no conflict handling, adds a row under a new
// identity on every run, as a uuid.New() in Go would. It is reported
// when the statement hands that identity back (RETURNING id, or *), the mark of
// an entity the caller is told about (an order, a comment); an
// append-only log does not ask for its rows' keys. No edit makes the
// row idempotent without a column for the operation's key, so the
// finding carries no fix and says what to add.

// generatedIdentity returns the primary key column the database makes
// for a row the statement inserts and returns.
func generatedIdentity(cat *catalog.Catalog, st *sqltext.Statement) (string, bool) {
	if st == nil || st.Kind != sqltext.Insert || st.Conflict || st.Columns == nil {
		return "", false
	}
	col, ok := cat.GeneratedIdentity(st.Table, st.Columns)
	if !ok || !slices.ContainsFunc(st.ReturningCols, func(c string) bool { return c == col || c == "*" }) {
		return "", false
	}
	return col, true
}

// localGenerated reports the INSERTs of this package's functions on a
// retried path whose row identity the database makes.
func (c *checker) localGenerated() {
	for _, fn := range c.res.SrcFuncs() {
		if _, ok := c.res.Retried.Reached(fn); !ok {
			continue // every finding is on a retried path
		}
		var guards []ssa.Instruction // the function's dedup guards, once needed
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				st := effects.StmtOf(c.res.Env.Catalog, call)
				if st == nil {
					continue
				}
				col, ok := generatedIdentity(c.res.Env.Catalog, st.SQL)
				if !ok || c.res.InTestFile(call.Pos()) {
					continue
				}
				if guards == nil {
					guards = append(summary.DedupGuards(c.res, fn), nil)
				}
				if afterAny(guards, instr) {
					continue
				}
				path, ok := c.res.Retried.On(call)
				if !ok {
					continue
				}
				c.rep.Report(analysis.Diagnostic{
					Pos:     call.Pos(),
					Message: generatedMessage(st.SQL.Table, col, path.Root.Describe()),
					Related: check.Chain(path),
				})
			}
		}
	}
}

// afterAny reports whether one of the guards runs before instr on
// every path.
func afterAny(guards []ssa.Instruction, instr ssa.Instruction) bool {
	for _, g := range guards {
		if g != nil && g != instr && effects.Dominates(g, instr) {
			return true
		}
	}
	return false
}

// programGenerated reports, in a composition root, the INSERTs that
// retried roots run in wired implementations whose row identity the
// database makes.
func (c *checker) programGenerated() {
	seen := map[token.Pos]bool{}
	for i := range c.res.ProgramRoots {
		r := &c.res.ProgramRoots[i]
		if r.Cut {
			continue // a guard may be among the statements left out
		}
		for j := range r.Stmts {
			st := &r.Stmts[j]
			if !r.Unjudged(j) {
				continue
			}
			col, ok := generatedIdentity(c.res.Catalog, st.Parsed)
			if !ok {
				continue
			}
			p, ok := check.PlaceAt(Meta, check.Site{Pos: st.Pos, Wiring: r.Wiring, Ignores: st.Ignores, Through: st.Through})
			if !ok || seen[p.Pos] && !p.Wired {
				continue
			}
			seen[p.Pos] = true
			root := r.Root
			if p.Wired {
				root += ", wired here; in " + st.At.String()
			}
			c.rep.Report(analysis.Diagnostic{Pos: p.Pos, Message: generatedMessage(st.Parsed.Table, col, root), Related: p.Related})
		}
	}
}

// generatedMessage says what a retry does to a row whose identity the
// database makes, and what to add.
func generatedMessage(table, col, root string) string {
	return fmt.Sprintf("a retry inserts a second %s row: the database makes its %s on every attempt and the INSERT returns it; store the operation's key in a unique column and add ON CONFLICT DO NOTHING (%s)",
		table, col, root)
}
