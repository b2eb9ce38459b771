package partialtx

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/analysisutil"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/effects"
	"github.com/idemlint/idemlint/passes/sqltext"
	"github.com/idemlint/idemlint/passes/summary"
)

//go:embed doc.go
var doc string

// Code is the check's stable code.
const Code = "IDEM006"

// Analyzer is partialtx with the default configuration.
var Analyzer = New(passes.Default())

// New returns partialtx for the run whose shared passes are ps.
func New(ps *passes.Set) *analysis.Analyzer {
	return ps.Check("partialtx", Code, doc, func(pass *analysis.Pass, res *summary.Result, rep *analysisutil.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep}
		roots := map[*ssa.Function]bool{}
		for _, r := range res.Retried.Roots() {
			roots[r.Fn] = true
		}
		for _, fn := range res.SrcFuncs() {
			// Closures are checked with the function that calls them,
			// unless they are roots of their own (a retried operation).
			if fn.Parent() == nil || roots[fn] {
				c.checkFunc(fn)
			}
		}
	})
}

type checker struct {
	pass *analysis.Pass
	res  *summary.Result
	rep  *analysisutil.Reporter
}

// checkFunc looks at the writes of a function on a retried path, its
// closures included.
func (c *checker) checkFunc(fn *ssa.Function) {
	stmts := c.statements(fn)
	var writes []*effects.Stmt
	for _, st := range stmts {
		switch {
		case effects.IsGuard(st):
			return // a dedup guard covers the writes
		case !isWrite(st.SQL):
		case st.Durability == effects.DurUnknown:
			return // no proof of the commit units
		default:
			writes = append(writes, st)
		}
	}
	first := firstNonIdempotent(writes)
	if first == nil || !apart(writes) {
		return
	}
	path, ok := c.res.Retried.On(first.Instr)
	if !ok || c.res.InTestFile(first.Instr.Pos()) {
		return
	}
	d := analysis.Diagnostic{
		Pos: c.res.CallStart(first.Instr.Pos()),
		Message: fmt.Sprintf("a failure between the writes leaves the operation half done, and a retry repeats the done part: %d writes commit separately and %s is not idempotent (%s)",
			len(writes), describe(first.SQL), path.Root.Describe()),
	}
	for _, w := range writes {
		if w != first {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: w.Instr.Pos(), Message: "commits separately: " + describe(w.SQL)})
		}
	}
	if f := c.wrapFix(fn, writes); f != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	}
	c.rep.Report(d)
}

// statements returns the SQL statements of fn and of the closures it
// calls directly, in order.
func (c *checker) statements(fn *ssa.Function) []*effects.Stmt {
	var out []*effects.Stmt
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if st := effects.StmtOf(c.res.Env.Catalog, call); st != nil {
					out = append(out, st)
				}
				if callee := call.Common().StaticCallee(); callee != nil && callee.Parent() == f {
					visit(callee)
				}
			}
		}
	}
	visit(fn)
	return out
}

func isWrite(st *sqltext.Statement) bool {
	switch st.Kind {
	case sqltext.Insert, sqltext.Update, sqltext.Merge, sqltext.Delete:
		return true
	}
	return false
}

// firstNonIdempotent returns the first write that repeats with a
// different result: a plain INSERT, or an UPDATE computing a column from
// its own value.
func firstNonIdempotent(writes []*effects.Stmt) *effects.Stmt {
	for _, w := range writes {
		if w.SQL.Kind == sqltext.Insert && !w.SQL.Conflict || w.SQL.Kind == sqltext.Update && w.SQL.Arithmetic {
			return w
		}
	}
	return nil
}

// apart reports whether two of the writes that run on one path commit
// in different units.
func apart(writes []*effects.Stmt) bool {
	for i, a := range writes {
		for _, b := range writes[i+1:] {
			if !effects.Reaches(a.Instr, b.Instr) && !effects.Reaches(b.Instr, a.Instr) && a.Instr.Parent() == b.Instr.Parent() {
				continue // exclusive branches
			}
			if a.Durability == effects.DurAutocommit || b.Durability == effects.DurAutocommit {
				return true
			}
			if !effects.Intersects(effects.Origins(a.Tx, nil), effects.Origins(b.Tx, nil)) {
				return true
			}
		}
	}
	return false
}

func describe(st *sqltext.Statement) string {
	if st.Kind == sqltext.Update && st.Arithmetic {
		return "the UPDATE of " + st.Table + " (it computes from the current value)"
	}
	return "the " + st.Kind.String() + " into " + st.Table
}
