package keytx

import (
	_ "embed"
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/summary"
)

//go:embed doc.go
var doc string

// Meta is the check's record.
var Meta = report.Meta{
	Name:     "keytx",
	Code:     "IDEM004",
	Title:    "report idempotency keys that do not commit with their effect",
	Default:  true,
	Severity: "warning",
}

// Analyzer is keytx with the default configuration.
var Analyzer = New(passes.Default())

// New returns keytx for the run whose shared passes are ps.
func New(ps *passes.Set) *analysis.Analyzer {
	return check.New(ps, Meta, doc, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep, reported: map[ssa.Instruction]bool{}}
		for _, fn := range res.SrcFuncs() {
			c.checkFunc(fn)
		}
	}, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep, reported: map[ssa.Instruction]bool{}}
		c.programRoots()
	})
}

type checker struct {
	pass     *analysis.Pass
	res      *summary.Result
	rep      *report.Reporter
	reported map[ssa.Instruction]bool
	top      *ssa.Function          // the function checkFunc compares
	roots    map[*ssa.Function]bool // the retried roots, once asked
}

// A stmt is a statement of a function or of a closure it defines; anchor
// is the instruction of the function that stands for it in dominance:
// the statement itself, or where the closure is made.
type stmt struct {
	*effects.Stmt
	anchor ssa.Instruction
}

// checkFunc compares the commit units of the key statements and the
// effect writes of one function and its closures (a transaction callback
// of pgx.BeginFunc or a withTx helper runs where it is passed).
func (c *checker) checkFunc(fn *ssa.Function) {
	var all, keys, writes []stmt
	c.top = fn
	c.collect(fn, nil, &all)
	parsed := make([]*sqltext.Statement, len(all))
	for i, st := range all {
		parsed[i] = st.SQL
	}
	markers := sqltext.MarkerTables(parsed)
	for _, st := range all {
		switch {
		case st.Durability == effects.DurUnknown:
		case c.isKeyTable(st.SQL) && st.SQL.Kind == sqltext.Delete:
			// Deleting expired keys is housekeeping: neither key nor effect.
		case c.isKey(st.SQL) || sqltext.IsMarker(markers, st.SQL):
			keys = append(keys, st)
		case st.SQL.Writes():
			writes = append(writes, st)
		}
	}
	ownFirst(writes)
	for _, k := range keys {
		if readsClaim(k, keys) || commitsWithWrite(k, writes) {
			continue
		}
		for _, w := range writes {
			if effects.SameCall(k.Stmt, w.Stmt) {
				// One call runs both: only the callee knows their order,
				// and it judges them where it decides their units.
				continue
			}
			if msg, ok := c.apart(k, w); ok && !c.reported[k.Instr] {
				c.reported[k.Instr] = true
				if k.Callee != nil || w.Callee != nil {
					c.reportAcross(k.Stmt, w.Stmt, msg)
				} else {
					c.report(k.Stmt, w.Stmt, msg)
				}
				break
			}
		}
	}
}

// collect gathers the statements of fn and of the closures it makes,
// anchored at anchor (nil: at themselves).
func (c *checker) collect(fn *ssa.Function, anchor ssa.Instruction, all *[]stmt) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			at := anchor
			if at == nil {
				at = instr
			}
			if mc, ok := instr.(*ssa.MakeClosure); ok {
				if !c.goroutine(mc) {
					c.collect(mc.Fn.(*ssa.Function), at, all)
				}
				continue
			}
			call, ok := instr.(ssa.CallInstruction)
			if !ok || c.res.InTestFile(call.Pos()) {
				continue
			}
			for _, arg := range call.Common().Args {
				if f, ok := arg.(*ssa.Function); ok && f.Parent() == fn && !c.launches(call) {
					c.collect(f, at, all) // a closure without free variables
				}
			}
			for _, st := range c.stmtsAt(call) {
				*all = append(*all, stmt{st, at})
			}
		}
	}
}

// goroutine reports whether a closure runs on a goroutine of its own
// (a go statement, errgroup's Go): its statements run apart from those
// around it, so they are compared among themselves, when checkFunc
// takes the closure, and not with its maker's.
func (c *checker) goroutine(mc *ssa.MakeClosure) bool {
	for _, ref := range *mc.Referrers() {
		if call, ok := ref.(ssa.CallInstruction); ok && c.launches(call) && slices.Contains(call.Common().Args, ssa.Value(mc)) {
			return true
		}
		if g, ok := ref.(*ssa.Go); ok && g.Call.Value == mc {
			return true
		}
	}
	return false
}

// launches reports whether a call runs a function it is passed on a
// goroutine of its own.
func (c *checker) launches(call ssa.CallInstruction) bool {
	callee := call.Common().StaticCallee()
	if callee == nil {
		return false
	}
	fn, ok := callee.Object().(*types.Func)
	return ok && c.res.Env.Catalog.IsGoLauncher(fn)
}

// isKey reports whether a statement writes or checks an idempotency key.
func (c *checker) isKey(st *sqltext.Statement) bool {
	switch st.Kind {
	case sqltext.Insert, sqltext.Update, sqltext.Merge, sqltext.Select:
	default:
		return false // deleting expired keys is housekeeping
	}
	if c.isKeyTable(st) {
		return true
	}
	// A row of another table that stores a key column is the effect
	// itself (a natural key); a check may look a key up anywhere.
	if st.Kind == sqltext.Select {
		for _, col := range st.WhereColumns() {
			if c.res.Catalog.IsKeyTable(col) {
				return true
			}
		}
	}
	return false
}

func (c *checker) isKeyTable(st *sqltext.Statement) bool {
	return c.res.Catalog.IsKeyTable(st.Table)
}

// What a retry does when a key and its effect do not commit together.
const (
	checkApart  = "a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect"
	keyFirst    = "a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards"
	effectFirst = "a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards"
	// aroundHandler: a middleware that looks the key up, runs the
	// route's handler, then stores the key.
	aroundHandler = "a crash after the handler commits and before the key is stored repeats the handler's effects on the retry, and a retry that arrives while the first attempt runs passes the same lookup: the key is looked up before the handler this middleware runs and stored after it, apart from the handler's commits"
)

// remedy says, for a finding without a fix, what to change: the
// spec's edit, which the code's shape did not let a fix make.
var remedy = map[string]string{
	checkApart:    "; claim the key in the effect's transaction instead, with an INSERT ... ON CONFLICT DO NOTHING whose rows affected decide whether the effect runs",
	keyFirst:      "; write the key in the effect's transaction, before it commits",
	effectFirst:   "; write the key in the effect's transaction, before it commits",
	aroundHandler: "; claim the key before the handler runs (an INSERT ... ON CONFLICT DO NOTHING that marks it in progress, answering a request that finds it in progress with 409), and store the response on it after",
}

// apart decides whether a key statement and an effect write do not commit
// together, and says what a crash or a concurrent retry then does.
func (c *checker) apart(k, w stmt) (string, bool) {
	if !together(k, w) {
		return "", false
	}
	if k.SQL.Kind == sqltext.Select {
		if !before(k, w) || effects.SameTx(k.Stmt, w.Stmt) {
			return "", false
		}
		return checkApart, true
	}
	if effects.SameTx(k.Stmt, w.Stmt) {
		return "", false
	}
	if before(k, w) && c.externalBetween(k, w) {
		// A key recorded before an external call is that call's intent
		// record: intentfirst's, not a key apart from a local effect.
		return "", false
	}
	if before(k, w) {
		if claimedInCallback(k, w) {
			return "", false
		}
		return keyFirst, true
	}
	return effectFirst, true
}

// readsClaim reports whether k, a SELECT of a key table, reads back the
// row a claim of the same table has just inserted or found (a helper's
// INSERT IGNORE, then the SELECT of the stored resource): the claim, not
// the read, is what a concurrent retry meets.
func readsClaim(k stmt, keys []stmt) bool {
	if k.SQL.Kind != sqltext.Select {
		return false
	}
	return slices.ContainsFunc(keys, func(s stmt) bool {
		if s.SQL.Kind != sqltext.Insert || !s.SQL.Conflict || s.SQL.Table != k.SQL.Table {
			return false
		}
		if k.Callee != nil && s.Callee != nil {
			return effects.SameCall(s.Stmt, k.Stmt) && s.Callee.Index < k.Callee.Index
		}
		return s.Instr.Parent() == k.Instr.Parent() && effects.Dominates(s.Instr, k.Instr)
	})
}

// commitsWithWrite reports whether the transaction of key statement k
// commits a write of its own: that is the effect the key guards,
// whatever runs after it commits (a charge keyed by the row it
// inserted, completed in another transaction).
func commitsWithWrite(k stmt, writes []stmt) bool {
	return k.Durability == effects.DurTx && slices.ContainsFunc(writes, func(w stmt) bool { return effects.SameTx(k.Stmt, w.Stmt) })
}

// claimedInCallback reports whether k claims its key with conflict
// handling in a function literal (a transaction's callback) that w runs
// after, outside it: the claim answers "already there" without an
// error, which the literal's caller cannot tell from success, so a
// retry goes on to w whatever the claim found; the key skips nothing.
func claimedInCallback(k, w stmt) bool {
	lit := k.Instr.Parent()
	if !k.SQL.Conflict || lit.Parent() == nil {
		return false
	}
	for f := w.Instr.Parent(); f != nil; f = f.Parent() {
		if f == lit {
			return false // w runs in the literal, where the claim's answer is seen
		}
	}
	return true
}

// before reports whether k runs before w on every path: within one
// function by dominance, else by the dominance of their anchors.
func before(k, w stmt) bool {
	if k.Instr.Parent() == w.Instr.Parent() {
		return effects.Dominates(k.Instr, w.Instr)
	}
	return k.anchor != w.anchor && effects.Dominates(k.anchor, w.anchor)
}

// together reports whether k and w can run in one execution: one can
// run after the other, within their function, or else between their
// anchors. Statements of exclusive branches (two subcommands of a
// switch) cannot, and are neither a check-then-act nor a split commit.
func together(k, w stmt) bool {
	a, b := ssa.Instruction(k.Instr), ssa.Instruction(w.Instr)
	if a.Parent() != b.Parent() {
		if k.anchor == w.anchor {
			return true // two closures made at one place: as one
		}
		a, b = k.anchor, w.anchor
	}
	return effects.Reaches(a, b) || effects.Reaches(b, a)
}

// externalBetween reports whether an external call can run after k and
// before w: in their function, or between their anchors.
func (c *checker) externalBetween(k, w stmt) bool {
	from, to := ssa.Instruction(k.Instr), ssa.Instruction(w.Instr)
	if from.Parent() != to.Parent() {
		from, to = k.anchor, w.anchor
	}
	if from == nil || to == nil || from.Parent() != to.Parent() {
		return false
	}
	return effects.ExternalBetween(c.res.Env.Catalog, []ssa.Instruction{from}, []ssa.Instruction{to})
}

// report reports a key statement and an effect of the function itself
// (or of closures it passes to transaction helpers), with a fix when one
// is exact (localFix).
func (c *checker) report(k, w *effects.Stmt, msg string) {
	d := c.diagnostic(k, w, msg)
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: w.Instr.Pos(), Message: "the effect is written here"})
	if f := c.localFix(k, w); f != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	} else {
		d.Message += remedy[msg]
	}
	c.rep.Report(d)
}

// diagnostic returns the finding at the key statement k, with the
// retried root and the chain from it when k runs on a retried path
// (keytx reports off them too).
func (c *checker) diagnostic(k, w *effects.Stmt, msg string) analysis.Diagnostic {
	where := ""
	var related []analysis.RelatedInformation
	if path, ok := c.res.Retried.On(k.Instr); ok {
		where = "; " + path.Root.Describe()
		related = check.Chain(path)
	}
	return analysis.Diagnostic{
		Pos:     c.res.CallStart(k.Instr.Pos()),
		Message: fmt.Sprintf("%s (%s on %s, the effect on %s%s)", msg, k.SQL.Table, unit(k), unit(w), where),
		Related: related,
	}
}

// unit names the commit unit a statement runs in, for the message.
func unit(s *effects.Stmt) string {
	if s.Durability == effects.DurAutocommit {
		return "a handle that commits each statement"
	}
	return "a transaction"
}
