package naturalkey

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

//go:embed doc.go
var doc string

// Meta is the check's record.
var Meta = report.Meta{
	Name:     "naturalkey",
	Code:     "IDEM005",
	Title:    "report INSERTs of a caller-known identifier without conflict handling",
	Default:  true,
	Severity: "warning",
}

// Analyzer is naturalkey with the default configuration.
var Analyzer = New(passes.Default())

// New returns naturalkey for the run whose shared passes are ps.
func New(ps *passes.Set) *analysis.Analyzer {
	return check.New(ps, Meta, doc, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, cat: res.Env.Catalog, rep: rep}
		for _, fn := range res.SrcFuncs() {
			c.checkFunc(fn)
		}
	}, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, cat: res.Catalog, rep: rep}
		c.programRoots()
	})
}

type checker struct {
	pass *analysis.Pass
	res  *summary.Result
	cat  *catalog.Catalog
	rep  *report.Reporter
}

// writes is what a function runs that naturalkey judges: its own
// statements and model creates, the INSERTs of other packages' helpers
// that are this package's to judge (across), the guards that run in it or
// in its helpers, and how many durable writes run in all (count).
type writes struct {
	stmts, guards, across []*effects.Stmt
	models                []ssa.CallInstruction
	count                 int
	at                    []ssa.Instruction // where each durable write runs
}

// note counts a statement of the function or of a callee as a guard and
// as a durable write.
func (w *writes) note(st *effects.Stmt) {
	if effects.IsGuard(st) {
		w.guards = append(w.guards, st)
	}
	if st.SQL.Writes() {
		w.count++
		w.at = append(w.at, st.Instr)
	}
}

// checkFunc reports the INSERTs of an operation key without conflict
// handling in one function.
func (c *checker) checkFunc(fn *ssa.Function) {
	if _, ok := c.res.Retried.Reached(fn); !ok {
		return // every finding is on a retried path
	}
	w := c.writesOf(fn)
	if len(w.stmts)+len(w.models)+len(w.across) == 0 || c.res.TakesDuplicate(fn) {
		return
	}
	for _, m := range w.models {
		if st := effects.ModelStmtOf(c.cat, m); st != nil && guarded(st, w.guards) {
			continue // past a claim that commits with it: a retry stops there
		}
		c.checkModel(m, w.count > 1)
	}
	for _, st := range w.stmts {
		if path, ok := c.unguarded(st, w); ok {
			if col, what, opKey := c.keyColumn(st, path); col != "" {
				c.report(st, col, what, opKey, path, c.cat.IsKeyTable(st.SQL.Table) && len(w.at) > 1, c.repeatsPast(st, w))
			}
		}
	}
	// INSERTs that helpers of other packages run for this function, with
	// its values: their packages have no root that reaches them.
	for _, st := range w.across {
		if path, ok := c.unguarded(st, w); ok && !st.Callee.Absorbed {
			if col, what, _ := c.keyColumn(st, path); col != "" {
				c.reportAcross(st, col, what, path)
			}
		}
	}
}

// writesOf collects what fn runs, in the order of its instructions.
func (c *checker) writesOf(fn *ssa.Function) *writes {
	w := &writes{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if st := effects.StmtOf(c.cat, call); st != nil {
				w.stmts = append(w.stmts, st)
				w.note(st)
			} else if st := builtStmt(c.cat, call); st != nil {
				w.stmts = append(w.stmts, st)
				w.note(st)
			} else if callee := valueflow.Callee(call.Common()); callee != nil {
				if _, ok := c.cat.Model(callee); ok {
					w.models = append(w.models, call)
					w.count++
					w.at = append(w.at, call)
				} else if _, ok := c.cat.ModelUpdate(callee); ok {
					w.count++ // an ORM's update: a durable write too
					w.at = append(w.at, call)
				}
			}
			c.noteCallee(w, call)
		}
	}
	return w
}

// builtStmt returns the statement a query builder runs: bun's (an
// INSERT of a model, NewInsert().Model(&fee).Exec(ctx), with the model's
// columns bound to its fields) or ent's, with its columns bound to the
// setters' arguments; or a raw statement of bun (NewRaw(text, args...)),
// with its text; gorm's Create is checkModel's.
func builtStmt(cat *catalog.Catalog, call ssa.CallInstruction) *effects.Stmt {
	callee := valueflow.Callee(call.Common())
	if callee == nil {
		return nil
	}
	_, bun := catalog.QueryBuilderOf(callee)
	_, _, ent := catalog.EntRunner(callee)
	if !bun && !ent {
		return nil
	}
	st := effects.ModelStmtOf(cat, call)
	if st == nil || bun && st.SQL.Kind == sqltext.Insert && st.ArgBase == nil && st.Args == nil {
		return nil // an INSERT whose columns are not known
	}
	return st
}

// keyColumn returns an inserted column that holds an operation key, and
// what the key is; opKey is false when it is only a value the caller
// gave.
func (c *checker) keyColumn(st *effects.Stmt, path *retried.Path) (col, what string, opKey bool) {
	keys := make([][]key, len(st.SQL.Columns))
	known := map[string]bool{} // columns the caller knows: each value is, or a constant
	for i, col := range st.SQL.Columns {
		known[strings.ToLower(col)] = true
		for _, p := range st.SQL.ArgsOf(i) {
			k, ok := c.argKey(st, p, path)
			keys[i] = append(keys[i], k)
			if !ok || k.fresh || !k.caller && k.what == "" {
				known[strings.ToLower(col)] = false
			}
		}
	}
	isKnown := func(col string) bool { return known[col] }
	for i, col := range st.SQL.Columns {
		for _, k := range keys[i] {
			switch {
			case k.fresh:
			case k.what != "":
				return col, k.what, true
			case k.caller:
				if key := c.cat.CallerKey(st.SQL.Table, col, isKnown); key != nil {
					return col, "the caller-known " + catalog.KeyName(key), false
				}
				if c.cat.IsOwnIdentity(st.SQL.Table, col) {
					return col, "the caller-known " + col, false
				}
			}
		}
	}
	return "", "", false
}

// sqlcQuery returns the name of the sqlc query whose text this is
// ("-- name: CreateOrder :exec"), or "".
func sqlcQuery(text string) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), "-- name: ")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, " ")
	return name
}

// repeatsPast reports whether the function makes, after st, a write
// computed from the current value (points = points + $2), which a retry
// would make again once st absorbed its duplicate, or hands st's handle
// to a call it does not know: st's failure is what stops it today.
func (c *checker) repeatsPast(st *effects.Stmt, w *writes) bool {
	return slices.ContainsFunc(w.stmts, func(o *effects.Stmt) bool {
		return o != st && o.SQL.Writes() && o.SQL.Arithmetic && effects.Dominates(st.Instr, o.Instr)
	}) || effects.HandsOnAfter(st, w.ownStmt)
}

// ownStmt reports whether instr runs one of the function's own
// statements (not a helper's).
func (w *writes) ownStmt(instr ssa.Instruction) bool {
	return slices.ContainsFunc(w.stmts, func(o *effects.Stmt) bool { return o.Callee == nil && o.Instr == instr })
}

func (c *checker) report(st *effects.Stmt, col, what string, opKey bool, path *retried.Path, keyAfter, repeats bool) {
	table := st.SQL.Table
	if q := sqlcQuery(st.Text); q != "" {
		table += " (sqlc query " + q + ")" // the query to change, when the code is generated
	}
	same := col
	if key, ok := strings.CutPrefix(what, "the caller-known "); ok {
		same = key // the key the column is in
	}
	d := analysis.Diagnostic{
		Pos: c.res.CallStart(st.Instr.Pos()),
		Message: fmt.Sprintf("a retry inserts the row for the same %s again, which fails or duplicates it: the INSERT into %s has no conflict handling for %s (%s)",
			same, table, what, path.Root.Describe()),
	}
	d.Related = check.Chain(path)
	if keyAfter {
		// Absorbing the duplicate would hide the failure and still
		// repeat the effect: the key row must come first.
		d.Message = fmt.Sprintf("a retry repeats the effect, then fails on the row for the same %s: the INSERT into %s runs after the writes it should guard and its error decides nothing; write it first, in their transaction, and stop when it exists (%s)",
			col, table, path.Root.Describe())
		c.rep.Report(d)
		return
	}
	if !c.fixable(st.SQL.Table, col, opKey) {
		// A key of the domain made of the caller's values (a desk and
		// a day) that another request can hold too: absorbing the
		// conflict would answer that request with this one's row.
		d.Message += c.remedy(st) + ", answering a row another request made as the conflict it is"
	} else if repeats {
		d.Message += c.remedy(st) + ", stopping before the writes after it when it exists"
	} else if f := c.conflictFix(st, col); f != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	} else if f := c.entConflictFix(st, col); f != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	} else if f := c.bunConflictFix(st); f != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	} else {
		d.Message += c.remedy(st)
	}
	c.rep.Report(d)
}

// fixable reports whether a fix may absorb a conflict on col: it holds
// an operation key (a message's or job's ID, the request's key), or the
// row's own identity. A key of the domain that the caller's values fill
// (UNIQUE (desk_id, day)) can be another request's, whose row a fix that
// absorbs the conflict would pass off as this one's.
func (c *checker) fixable(table, col string, opKey bool) bool {
	return opKey || c.cat.IsOwnIdentity(table, col)
}

// remedy says, for a finding without a fix, the conflict handling to
// add, in the statement's dialect when its text shows it.
func (c *checker) remedy(st *effects.Stmt) string {
	if fn := valueflow.Callee(st.Instr.Common()); fn != nil && catalog.IsEntPackage(fn.Pkg()) {
		// ent's builder: the conflict goes on its chain.
		return "; add OnConflictColumns(...).Ignore() (or DoNothing()) to the create and handle the existing row"
	}
	if st.ArgBase != nil {
		// A query builder's insert: the clause goes on its chain.
		return "; add On(\"CONFLICT DO NOTHING\") to the insert (ON CONFLICT DO NOTHING; Ignore() on MySQL) and handle the existing row"
	}
	return "; add " + conflictAdvice(fix.DialectOf(c.pass.Pkg, st.Text), st.SQL) + " and handle the existing row"
}
