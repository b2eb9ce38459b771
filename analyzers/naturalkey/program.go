package naturalkey

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/analyzers/internal/sqlfix"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/summary"
)

// programRoots judges, in a composition root, the INSERTs that retried
// roots of the packages it links run in the implementations of the
// interfaces they call: a consumer that hands the decoded event to a
// service, whose repository inserts it under the event's ID with no
// conflict handling. The row's identity is a value the implementation
// is given; a fresh one is freshid's. Where the run loads the
// implementation's source, the finding is reported there and carries
// the edit of its SQL that the package's own finding would.
func (c *checker) programRoots() {
	var m check.Merger
	defer m.Report(c.rep)
	fresh := c.freshSinks()
	for i := range c.res.ProgramRoots {
		r := &c.res.ProgramRoots[i]
		if r.Cut {
			continue // a guard may be among the statements left out
		}
		for j := range r.Stmts {
			st := &r.Stmts[j]
			if !r.Unjudged(j) || st.StateGuarded || st.Optional {
				// Its package judges it, or a retry leaves at the test
				// of what it wrote, or the root goes on when it fails
				// (its error only logged): a repeat's failure at the
				// key fails nothing.
				continue
			}
			parsed := st.Parsed
			if parsed.Kind != sqltext.Insert || parsed.Conflict || deletedFirst(r, j) {
				continue
			}
			if col, name := c.givenIdentity(parsed, st.Given, fresh[rootKey(r.Root)]); col != "" {
				c.reportProgram(&m, r, st, parsed, col, name, st.HandsOn || c.repeatsAfter(r, j, fresh[rootKey(r.Root)]))
			}
		}
	}
}

// deletedFirst reports whether the INSERT at j of a root's list runs
// after a DELETE of its table whose condition names only columns the
// INSERT fills (a claim's lines deleted, then inserted again): the rows
// a retry would collide with are gone by then. Whether the two commit
// together is partialtx's question.
func deletedFirst(r *summary.ProgramRoot, j int) bool {
	ins := r.Stmts[j].Parsed
	for k := range j {
		del := r.Stmts[k].Parsed
		where := del.WhereColumns()
		if del.Kind != sqltext.Delete || !strings.EqualFold(del.Table, ins.Table) || len(where) == 0 || !r.Reaches(k, j) || r.Exclusive(k, j) {
			continue
		}
		if !slices.ContainsFunc(where, func(c string) bool {
			return !slices.ContainsFunc(ins.Columns, func(col string) bool { return strings.EqualFold(col, c) })
		}) {
			return true
		}
	}
	return false
}

// givenIdentity returns an inserted column that is the identity of the
// table's own rows and whose value the root hands down, through the
// parameters of each implementation between, unless a fresh value is
// known to fill it; name names the key it is in.
func (c *checker) givenIdentity(st *sqltext.Statement, given []bool, fresh map[string]bool) (col, name string) {
	known := map[string]bool{} // columns the root hands down, or constants
	for i, col := range st.Columns {
		known[strings.ToLower(col)] = !fresh[st.Table+"."+col] && !slices.ContainsFunc(st.ArgsOf(i), func(p sqltext.Param) bool {
			return p.Index < 0 || p.Index >= len(given) || !given[p.Index]
		})
	}
	isKnown := func(col string) bool { return known[col] }
	for i, col := range st.Columns {
		if fresh[st.Table+"."+col] {
			continue
		}
		name := col
		if key := c.cat.CallerKey(st.Table, col, isKnown); key != nil {
			name = catalog.KeyName(key)
		} else if !c.cat.IsOwnIdentity(st.Table, col) {
			continue
		}
		for _, p := range st.ArgsOf(i) {
			if p.Index >= 0 && p.Index < len(given) && given[p.Index] {
				return col, name
			}
		}
	}
	return "", ""
}

// freshSinks lists, by root, the identities the composition root found
// filled with fresh values: freshid's findings, not this check's.
func (c *checker) freshSinks() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, d := range c.res.Program {
		if d.Kind != valueflow.FreshIdentity {
			continue
		}
		root := rootKey(d.Root)
		if out[root] == nil {
			out[root] = map[string]bool{}
		}
		if d.Sink.Kind == valueflow.ModelSink {
			// A model's field: the column gorm names it, of the
			// table gorm stores the model in.
			out[root][cmp.Or(d.Sink.Stored, catalog.GormTable(d.Sink.Table))+"."+catalog.GormColumn(d.Sink.Column)] = true
			continue
		}
		out[root][d.Sink.Table+"."+d.Sink.Column] = true
	}
	return out
}

// rootKey names a root as both descriptions of it do: a method bound
// where another package registers it is described with its package and
// the place ("HTTP handler httpapi.SwapHandler.Complete, bound at
// router.go:60:34") by the list of its statements, and without them by
// the fresh values of its pending calls.
func rootKey(root string) string {
	kind, name := catalog.RootKind(root)
	if strings.Count(name, ".") == 2 {
		name = name[strings.Index(name, ".")+1:]
	}
	return kind + "|" + name
}

// repeatsAfter reports whether, after statement j of a root's list,
// the root makes a write that a retry would make again once the INSERT
// absorbed its duplicate: one computed from the current value (points =
// points + $2), or an INSERT with no conflict handling of a row the
// root does not name (a ledger entry under a new ID; not a log row the
// database numbers, meant to be added on every attempt). The INSERT's
// failure is what stops it today. Calls after it are left to the checks
// of calls; a duplicate publish is often what a retry should do.
func (c *checker) repeatsAfter(r *summary.ProgramRoot, j int, fresh map[string]bool) bool {
	return slices.ContainsFunc(r.Stmts[j+1:], func(st summary.ProgramStmt) bool {
		switch p := st.Parsed; {
		case p.Writes() && p.Arithmetic:
			return true
		case p.Kind == sqltext.Insert && !p.Conflict && !st.StateGuarded && !catalog.IsAttemptLog(p.Table):
			col, _ := c.givenIdentity(p, st.Given, fresh)
			return col == "" && slices.ContainsFunc(p.Columns, func(col string) bool { return c.cat.IsOwnIdentity(p.Table, col) })
		}
		return false
	})
}

// reportProgram reports an INSERT of a root's expanded list; repeats
// says that what runs after it would run again past an absorbed
// duplicate, so that no edit of the INSERT alone is offered.
func (c *checker) reportProgram(m *check.Merger, r *summary.ProgramRoot, st *summary.ProgramStmt, parsed *sqltext.Statement, col, name string, repeats bool) {
	p, ok := check.PlaceAt(Meta, check.Site{Pos: st.Pos, Wiring: r.Wiring, Ignores: st.Ignores, Through: st.Through})
	if !ok {
		return
	}
	if m.Seen(st.Site()) {
		m.Also(st.Site(), r.Root, p) // another root reaches the same INSERT
		return
	}
	where, root := st.At.Func, r.Root
	if p.Wired {
		where, root = st.At.String(), root+", wired here"
	}
	d := analysis.Diagnostic{
		Pos: p.Pos,
		Message: fmt.Sprintf("a retry inserts the row for the same %s again, which fails or duplicates it: the INSERT into %s in %s has no conflict handling for the caller-known %s (%s); add %s and handle the existing row",
			name, parsed.Table, where, name, root, conflictAdvice(sqlfix.ProgramDialect(c.pass.Pkg, st), parsed)),
		Related: p.Related,
	}
	if !c.fixable(parsed.Table, col, false) {
		d.Message += ", answering a row another request made as the conflict it is"
	} else if repeats {
		d.Message += ", stopping before the writes after it when it exists"
	} else if f := c.programConflictFix(st, col); f != nil && !p.Wired {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	}
	m.Add(st.Site(), r.Root, d)
}

// programConflictFix is the conflict clause of a statement of a root's
// expanded list, when the run loads the file that holds its SQL: the
// edit is in the implementation's package, where the finding is
// reported; a driver that analyses one package at a time reports at the
// wiring, which no edit of the SQL can be attached to.
func (c *checker) programConflictFix(st *summary.ProgramStmt, col string) *analysis.SuggestedFix {
	if st.Lit == nil || !st.LitPos.IsValid() || st.Lit.Clauses != "" {
		return nil // an ORM's create: its clause is freshid's fix alone
	}
	if st.Lit.Builder != "" {
		qb, ok := catalog.QueryBuilderAt(st.Lit.Builder)
		if !ok {
			return nil
		}
		return builderConflictFix(qb, sqlfix.ProgramDialect(c.pass.Pkg, st), st.LitPos)
	}
	target, ok := c.cat.ConflictTarget(st.Parsed.Table, st.Parsed.Columns, col)
	if !ok {
		return nil // no key of the schema that the INSERT fills holds col
	}
	d := sqlfix.ProgramDialect(c.pass.Pkg, st)
	edit := func(text string, parsed *sqltext.Statement) (sqlfix.Edit, bool) {
		return sqlfix.Conflict(text, parsed, d, st.Lit.Rows, col, target)
	}
	text := cmp.Or(st.Lit.Text, st.SQL)
	e, ok := edit(text, st.Parsed)
	if !ok {
		return nil
	}
	return sqlfix.WithSQLC(c.pass.Fset, e.At(st.LitPos), st.LitPos, text, e, edit, st.Parsed)
}

// conflictAdvice names the conflict handling to add in dialect d, or
// both dialects' when it is unknown.
func conflictAdvice(d fix.Dialect, parsed *sqltext.Statement) string {
	if clause := strings.TrimSpace(fix.ConflictClause(d, firstColumn(parsed))); clause != "" {
		return clause
	}
	return "ON CONFLICT DO NOTHING (ON DUPLICATE KEY UPDATE on MySQL)"
}

// firstColumn is the first column an INSERT names, or "id".
func firstColumn(parsed *sqltext.Statement) string {
	if len(parsed.Columns) > 0 {
		return parsed.Columns[0]
	}
	return "id"
}
