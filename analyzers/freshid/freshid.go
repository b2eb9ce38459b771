package freshid

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/analyzers/internal/sqlfix"
	"github.com/idemlint/idemlint/internal/catalog"
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
	Name:       "freshid",
	Code:       "IDEM001",
	Title:      "report fresh IDs that make every retry a new operation",
	Default:    true,
	Severity:   "warning",
	Directives: true,
}

// Analyzer is freshid with the default configuration.
var Analyzer = New(passes.Default())

// New returns freshid for the run whose shared passes are ps.
func New(ps *passes.Set) *analysis.Analyzer {
	return check.New(ps, Meta, doc, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep, seen: map[string]bool{}}
		c.localDefects()
		c.importedDefects()
		c.localGenerated()
	}, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep, seen: map[string]bool{}}
		c.programDefects()
		c.programGenerated()
	})
}

type checker struct {
	pass *analysis.Pass
	res  *summary.Result
	rep  *report.Reporter
	seen map[string]bool // origins reported, one diagnostic per origin
}

// localDefects reports the fresh values made on a retried path of this
// package, at the generator call.
func (c *checker) localDefects() {
	var gens []*ssa.Call
	var purposes []string
	for _, d := range c.res.Defects {
		gens, purposes = append(gens, d.Call), append(purposes, d.Hits[0].Sink.Purpose())
	}
	purposes = summary.DistinctPurposes(gens, purposes)
	for i, d := range c.res.Defects {
		path, ok := c.res.Retried.On(d.Call)
		if !ok || d.Via != nil || c.res.InTestFile(d.Call.Pos()) || c.res.PastGuardsOnly(d.Call.Parent()) || summary.GuardedInClosure(d.Call) || summary.WiredDecided(c.res, d) {
			continue
		}
		hit := d.Hits[0]
		msg := fmt.Sprintf("%s: %s is fresh on every attempt (%s)", consequence(hit.Sink), summary.Called(d.Gen), path.Root.Describe())
		diag := analysis.Diagnostic{
			Pos:     c.res.CallStart(d.Call.Pos()),
			Message: msg,
			Related: c.related(path, hit),
		}
		var f *analysis.SuggestedFix
		if hit.Sink.Conflict != "" {
			// A derived value makes the retry's call fail with the
			// error: a fix that left it unhandled would fail the retry.
			diag.Message += c.advice(path.Root.Describe()) + ", and take " + shortName(hit.Sink.Conflict) + " from the call as done"
			c.rep.Report(diag)
			continue
		}
		if d.Hook != nil {
			// The hook makes the value: no expression here does.
			f = summary.HookFix(c.pass, c.res, d.Call, d.Hook, purposes[i])
		} else if !summary.Fills(c.res, d.Call) {
			if f = summary.InScopeFix(c.pass, c.res, d.Call, purposes[i]); f == nil {
				f = hoistFix(c.pass, c.res, path, d.Call)
			}
		}
		if f != nil {
			diag.SuggestedFixes = []analysis.SuggestedFix{*f}
		} else if d.Hook != nil {
			diag.Message += c.hookAdvice(d.Hook, path.Root.Describe())
		} else if path.Root.Attempts {
			diag.Message += "; make it once, before the retries"
		} else {
			diag.Message += c.advice(path.Root.Describe())
		}
		diag.Message += absorbAdvice(hit.Sink)
		c.rep.Report(diag)
	}
}

// absorbAdvice tells, for a row's identity, what the derived value
// needs besides: the INSERT that stores it has no conflict handling
// that absorbs a repeat (the sink would be none otherwise), so a retry
// after the first attempt committed fails at the key under a stable
// value, where it added a row under a fresh one; unless its conflict
// clause names the column (SinkInfo.Handled), which holds a fresh
// value now and absorbs a repeat of a derived one.
func absorbAdvice(s valueflow.SinkInfo) string {
	switch {
	case s.Handled:
		return "" // its conflict clause absorbs a repeat once the value is the operation's
	case s.Kind == valueflow.ColumnSink:
		return fmt.Sprintf("; absorb the repeat at the INSERT into %s too (ON CONFLICT (%s) DO NOTHING), or a retry after a commit fails at the key", s.Table, s.Column)
	case s.Kind == valueflow.ModelSink:
		return fmt.Sprintf("; absorb the repeat where the %s is created too (a conflict clause that does nothing on %s), or a retry after a commit fails at the key", s.Table, s.Column)
	}
	return ""
}

// importedDefects reports, at the first call of the chain in this
// package, the fresh values made in other packages' helpers that a root
// of this package reaches; and those of roots registered here.
func (c *checker) importedDefects() {
	funcs := c.res.SrcFuncs()
	for _, r := range c.res.Retried.Roots() {
		if r.Fn != nil && r.Fn.Synthetic != "" && !slices.Contains(funcs, r.Fn) {
			// The wrapper of a method value bound where it is
			// registered (Handle(p.Settlements.Settle)), which calls
			// the method: no source function of the package.
			funcs = append(slices.Clip(funcs), r.Fn)
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				path, ok := c.res.Retried.On(instr)
				if !ok || c.res.InTestFile(instr.Pos()) || summary.GuardedInClosure(instr) {
					continue
				}
				pos := instr.Pos()
				if !pos.IsValid() {
					pos = path.Root.Pos // a bound method's wrapper: where it is bound
				}
				for _, d := range summary.ImportedDefects(c.res, instr, valueflow.FreshIdentity) {
					c.reportImported(pos, path, d)
				}
			}
		}
	}
	for _, r := range c.res.Retried.Roots() {
		if r.Extern == nil {
			continue
		}
		if s := c.res.Imported(r.Extern); s != nil {
			for _, d := range s.Defects {
				if !d.Reported && d.Kind == valueflow.FreshIdentity && d.Via == nil {
					c.reportImported(r.Pos, &retried.Path{Root: r}, d)
				}
			}
		}
	}
}

func (c *checker) reportImported(pos token.Pos, path *retried.Path, d valueflow.Defect) {
	if c.seen[d.Origin.At.String()] {
		return
	}
	c.seen[d.Origin.At.String()] = true
	related := c.related(path, valueflow.Hit{})
	made := fmt.Sprintf("%s in %s", summary.Called(d.Origin.Call), d.Origin.At)
	at := c.res.Locate(d.Origin.At)
	if at.IsValid() {
		// A run that loads the value's package reports it there, as
		// the composition root's findings are.
		made = summary.Called(d.Origin.Call)
		if pos != path.Root.Pos {
			related = append(related, analysis.RelatedInformation{Pos: pos, Message: report.ChainStep})
		}
	}
	msg := fmt.Sprintf("%s: %s is fresh on every attempt (%s)", consequence(d.Sink), made, path.Root.Describe()) + c.originAdvice(d.Origin, path.Root.Describe()) + absorbAdvice(d.Sink)
	for _, f := range append(d.Chain, d.Sink.At) {
		if !f.Placed() {
			continue
		}
		step := pos
		if l := c.res.Locate(f); at.IsValid() && l.IsValid() {
			step = l
		}
		related = append(related, analysis.RelatedInformation{Pos: step, Message: "via " + f.String()})
	}
	c.rep.Report(analysis.Diagnostic{Pos: cmp.Or(at, pos), Message: msg, Related: related})
}

// programDefects reports, in a composition root of a whole-program run,
// the fresh values that retried paths of the packages it links pass
// through wired interface calls to an implementation that makes them an
// identity, and those made inside such implementations. The finding is
// at the fresh value, in its own package's file; the chain names each
// interface and the implementation the program wires.
func (c *checker) programDefects() {
	var m check.Merger
	defer m.Report(c.rep)
	for _, d := range summary.FixedFirst(c.res.Program) {
		site := d.Origin.At.String()
		if d.Kind != valueflow.FreshIdentity || d.Logs || d.FailsFirst || c.seen[site] && !m.Seen(site) {
			continue // a log of an unkeyed external call's outcome: that call's finding; or one the package reported
		}
		if d.Tolerated && isRow(d.Sink) {
			continue // a record kept beside the work, which goes on without it: one per delivery is what it keeps
		}
		p, ok := check.Place(Meta, d)
		if !ok {
			continue
		}
		if m.Seen(site) {
			m.Also(site, d.Root, p) // another root reaches the same value
			continue
		}
		c.seen[site] = true
		msg := fmt.Sprintf("%s: %s is fresh on every attempt (%s)", consequence(d.Sink), summary.Called(d.Origin.Call), d.Root)
		if p.Wired {
			msg = fmt.Sprintf("%s: %s in %s is fresh on every attempt (%s, wired here)", consequence(d.Sink), summary.Called(d.Origin.Call), d.Origin.At, d.Root)
		}
		sinkAt := d.SinkAt
		if !sinkAt.IsValid() || p.Wired {
			sinkAt = p.Pos
		}
		related := append(p.Related, analysis.RelatedInformation{Pos: sinkAt, Message: "becomes " + sinkName(d.Sink) + " at " + d.Sink.At.String()})
		diag := analysis.Diagnostic{Pos: p.Pos, Message: msg, Related: related}
		absorbed := false
		if f := c.keyFix(d, p.Wired); f != nil {
			if a := c.absorbFix(d); a != nil {
				f.Message += "; " + a.Message
				f.TextEdits, absorbed = append(f.TextEdits, a.TextEdits...), true
			}
			diag.SuggestedFixes = []analysis.SuggestedFix{*f}
		} else if d.Repeats {
			diag.Message += "; first put the writes before it in one transaction with it (a retry repeats them), then" + strings.TrimPrefix(c.originAdvice(d.Origin, d.Root), ";")
		} else {
			diag.Message += c.originAdvice(d.Origin, d.Root)
		}
		if !absorbed {
			diag.Message += absorbAdvice(d.Sink)
		}
		m.Add(site, d.Root, diag)
	}
}

// keyFix is the fix the implementation's package prepared for a fresh
// value that the root's operation key, passed down, can replace; none
// when the finding is reported at the wiring, away from the value.
func (c *checker) keyFix(d summary.ProgramDefect, wired bool) *analysis.SuggestedFix {
	if wired {
		return nil
	}
	return d.SuggestedFix(c.pass.Fset)
}

// absorbFix returns the edit of the INSERT that a row's fresh identity
// becomes that absorbs a retry's duplicate once the fix derives the
// identity from the operation key: the schema's key that holds the
// column as the conflict target, so that a duplicate of another key
// fails as before. Without it a retry after the first attempt committed
// fails at the key. None when the schema does not declare the table,
// the statement's outcome decides what the root does next, the SQL is
// not a literal the run loads, or the statement is a generic helper's,
// which writes other tables too.
func (c *checker) absorbFix(d summary.ProgramDefect) *analysis.SuggestedFix {
	st := d.Insert
	if st == nil || st.Lit == nil || !st.LitPos.IsValid() || st.Lit.Builder != "" || st.Guard || !c.res.Catalog.DeclaresTable(st.Parsed.Table) {
		return nil
	}
	if st.Called.Func != "" || strings.Contains(st.At.Func, "[") {
		return nil // a generic helper's statement: its other tables may hold no such key
	}
	col := d.Sink.Column
	if d.Sink.Kind == valueflow.ModelSink {
		col = catalog.GormColumn(col)
	}
	target, ok := c.res.Catalog.ConflictTarget(st.Parsed.Table, st.Parsed.Columns, col)
	if !ok {
		return nil
	}
	if st.Lit.Clauses != "" {
		return sqlfix.ModelIdentity(c.pass.Fset, st.Lit, st.LitPos, target)
	}
	dialect := sqlfix.ProgramDialect(c.pass.Pkg, st)
	edit := func(text string, parsed *sqltext.Statement) (sqlfix.Edit, bool) {
		return sqlfix.Identity(text, parsed, dialect, st.Lit.Rows, strings.ToLower(col), target)
	}
	text := cmp.Or(st.Lit.Text, st.SQL)
	e, ok := edit(text, st.Parsed)
	if !ok {
		return nil
	}
	return sqlfix.WithSQLC(c.pass.Fset, e.At(st.LitPos), st.LitPos, text, e, edit, st.Parsed)
}

// advice tells, for a finding without a fix, what to make the value
// from instead: where the root's operation key is, handed down to the
// code that makes it.
func (c *checker) advice(root string) string {
	return "; derive it from " + c.res.Catalog.KeyPlace(root) + ", passed down to where it is made"
}

// originAdvice is advice, or hookAdvice where a model's create hook
// makes the value.
func (c *checker) originAdvice(o valueflow.Origin, root string) string {
	if o.Hook != nil {
		return c.hookAdvice(o.Hook, root)
	}
	return c.advice(root)
}

// hookAdvice says what to do where a model's create hook makes its ID
// and no fix sets it.
func (c *checker) hookAdvice(d *valueflow.CreateDefault, root string) string {
	field := d.Field[strings.LastIndex(d.Field, ".")+1:] // promoted from an embedded struct
	if d.Always {
		return "; the hook replaces an ID set before the write: make it keep one, and set " + field + " from " + c.res.Catalog.KeyPlace(root)
	}
	return "; set " + field + " before this write, derived from " + c.res.Catalog.KeyPlace(root) + " (the hook keeps one that is set)"
}

// related lists the root, the calls from it, and the sink.
func (c *checker) related(path *retried.Path, hit valueflow.Hit) []analysis.RelatedInformation {
	out := check.Chain(path)
	if hit.Pos.IsValid() {
		for _, call := range hit.Calls {
			out = append(out, analysis.RelatedInformation{Pos: call.Pos(), Message: "passed on here"})
		}
		out = append(out, analysis.RelatedInformation{Pos: hit.Pos, Message: "becomes " + sinkName(hit.Sink) + " here"})
	}
	return out
}

// shortName is pkg.Name of a "path/to/pkg.Name".
func shortName(full string) string {
	if i := strings.LastIndex(full, "/"); i >= 0 {
		return full[i+1:]
	}
	return full
}

// isRow reports whether a sink is a column of a row the value
// identifies, not a key sent to another system.
func isRow(s valueflow.SinkInfo) bool {
	return s.Kind == valueflow.ColumnSink || s.Kind == valueflow.ModelSink
}

func sinkName(s valueflow.SinkInfo) string {
	switch s.Kind {
	case valueflow.ColumnSink:
		return s.Table + "." + s.Column
	case valueflow.ModelSink:
		return s.Table + "." + s.Column
	}
	return s.What
}

// consequence says, concretely, what a retry does when a fresh value
// fills the sink.
func consequence(s valueflow.SinkInfo) string {
	switch s.Kind {
	case valueflow.ColumnSink:
		return fmt.Sprintf("a retry inserts a second %s row with a new %s", s.Table, s.Column)
	case valueflow.ModelSink:
		return fmt.Sprintf("a retry creates a second %s with a new %s", s.Table, s.Column)
	}
	return fmt.Sprintf("a retry sends a new value as %s, so the duplicate is not recognised", s.What)
}
