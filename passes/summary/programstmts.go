package summary

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// The statement lists of retried roots hold their wired calls as place
// holders (valueflow.WiredStmt). A composition root puts in each place
// the statements of the implementations the program contains, so that
// the checks can judge the commit units of a handler whose writes are
// spread over the repositories it reaches through interfaces.

// maxProgramStmts bounds the statements of one root's expanded list.
const maxProgramStmts = 64

// A ProgramRoot is a retried root of another package with the
// statements its path runs, the implementations' in place of its wired
// calls.
type ProgramRoot struct {
	Root string // the root, as messages describe it
	// Wiring is where the composition root first refers to the root's
	// package: a driver that cannot report in that package reports
	// there.
	Wiring token.Pos
	Stmts  []ProgramStmt
	// Cut is set when the list could not be completed (too deep, too
	// long, or an implementation's list was cut): it is then no proof
	// that a statement is absent.
	Cut bool
	// External is set when the root's path makes an external call in
	// its own package, and externals are the places of the
	// implementations that make one: the lists do not say where such a
	// call runs among the statements (ExternalWith).
	External  bool
	externals [][]step
	// Attempts is PendingRoot.Attempts.
	Attempts bool
	// Keyless are the external calls of implementations whose key is a
	// field of a request that the wired call's caller builds without it.
	Keyless []ProgramDefect
	// Calls are the external calls (not notifications) that the
	// implementations of wired calls make, in the list's order.
	Calls []ProgramCall
	// stmtEntries are the wired calls (by entry, as ProgramCall.Entry
	// names them) one of whose implementations runs statements, or is
	// given a database handle to run them on.
	stmtEntries map[string]bool
}

// A ProgramCall is an external call an implementation of a wired call
// makes, on a root's path.
type ProgramCall struct {
	Effect valueflow.Effect
	// Before is how many statements of the root's list come before it.
	Before int
	// Entry names the wired call: its scope's key and its index there.
	Entry   string
	Through []Resolution
	Pos     token.Pos // the call, when its file is loaded
	// RootKey is set when the call's key is the root's operation key,
	// read by the caller: stable, but no record of the operation.
	RootKey bool
}

// Returns reports whether what the wired call entry returned may be the
// call's outcome: the call is entry's own, or is made inside entry's
// implementations (a decorator returns what the client it wraps
// returned).
func (c ProgramCall) Returns(entry string) bool {
	return c.Entry == entry || strings.HasPrefix(c.Entry, entry+".")
}

// A ProgramStmt is one statement of a root's expanded list.
type ProgramStmt struct {
	valueflow.SQLStmt
	// Parsed is SQL, read.
	Parsed *sqltext.Statement
	// Relative is set when the statement writes back a value the caller
	// computed from the one it read (acct.Balance -= amount, then
	// Save(ctx, acct)): Parsed is then Arithmetic.
	Relative bool
	// WriteBackOf names the wired calls (ProgramCall.Entry) whose
	// results the statement stores, through the wired call that runs it.
	WriteBackOf []string
	// fails is set on an INSERT with no conflict handling of a row
	// under an identity the root hands down (an accrual under the
	// order's ID): a retry after its commit fails there.
	fails bool
	// RecordsError is set when a value the statement stores is the
	// text of an error its callers were given (a delivery's last_error
	// set with attempts = attempts + 1): a record of the attempt, which
	// each retry is meant to add to.
	RecordsError bool
	// Unit names the statement's commit unit, equal for statements
	// that commit together; it is empty when unknown.
	Unit string
	// Pos is the statement's executor call in the run's file set, when
	// its file is loaded.
	Pos token.Pos
	// LitPos is where the literal that Lit describes starts, when its
	// file is loaded.
	LitPos token.Pos
	// Through are the wired calls from the root to the statement.
	Through []Resolution
	// Given says, for each of the statement's arguments, whether the
	// root hands it down: a parameter of each implementation between,
	// the root's own value at the top.
	Given []bool
	// fresh is set when an argument holds a value made anew on each
	// attempt: by the root, or by an implementation between.
	fresh bool
	// leftOnDuplicate is set when a caller on the way leaves without a
	// failure on the error the statement's duplicate is renamed to: the
	// rest of the root runs only when the row was new.
	leftOnDuplicate bool
	// Judged is set when an implementation the statement runs in is on
	// a retried path of its own package, whose checks judge it.
	Judged   bool
	judgedAt int // the length of the trail to that implementation
	trail    []step
	// registered is set on the statements of a root of another package
	// registered in the root's (PendingRoot.Registered): no package's
	// own checks judge them, as if they ran in a wired implementation.
	registered bool
	// failed, for a statement run only after a failure, is the failed
	// call's place: the list's trail and the entries of that list it
	// runs.
	failed failure
}

// A failure is the place of a call whose failure a statement runs
// after: entries of the list at trail.
type failure struct {
	trail   []step
	entries []int
}

// A step is one level of a statement's place: the entry of a list, and
// which implementation, when the entry was a wired call.
type step struct {
	index    int
	impl     int
	excl     []int // the entries of the same list that exclude this one
	absorbed bool  // the entry's duplicate is handled where it runs
	optional bool  // the entry's failure is only logged
	onFail   bool  // the entry runs only on the way out after a failure
	// stateGuarded: the entry runs only after a state guard's write
	stateGuarded bool
	// fromWork and work: the entry's handle or receiver comes from what
	// a unit of work hands its function, and the unit it commits in
	// when the unit of work runs the function in its transaction
	fromWork bool
	work     string
	// failureOf are the entries of the same list whose call's failure
	// an onFail entry runs after.
	failureOf []int
	// decided: the entry runs only past a guard: one of its list's, or
	// a wired call's whose implementations run one (WiredStmt.PastGuard,
	// Guards).
	decided bool
}

// Decided reports whether the statement runs only past a guard, in one
// of the lists on its way from the root: a retry the guard stops does
// not reach it.
func (s *ProgramStmt) Decided() bool {
	return slices.ContainsFunc(s.trail, func(st step) bool { return st.decided })
}

// Autocommit reports whether the statement commits on its own.
func (s *ProgramStmt) Autocommit() bool { return strings.HasPrefix(s.Unit, autoUnit) }

// autoUnit starts the unit of a statement that commits on its own.
const autoUnit = "auto#"

// Site names the statement for the findings of a run: where it runs and
// the table it writes, since one statement of a generic repository
// (Repo[T].Create) writes the table of each caller's type argument.
func (s *ProgramStmt) Site() string {
	if s.Parsed != nil {
		return s.At.String() + " " + s.Parsed.Table
	}
	return s.At.String()
}

// InWired reports whether the statement runs in an implementation of a
// wired call, not in the root's own package.
func (s *ProgramStmt) InWired() bool { return len(s.trail) > 1 || s.registered }

// Unjudged reports whether statement j runs in a wired implementation
// that no package's own checks judge, with no duplicate handled where
// it runs and no dedup guard before it: the composition root's to
// judge.
func (r *ProgramRoot) Unjudged(j int) bool {
	st := &r.Stmts[j]
	return st.InWired() && !st.Judged && !st.Absorbed && !r.GuardedBefore(j)
}

// Claims reports whether statement i claims the operation by what it
// does, whatever its table is called: an INSERT of a marker's row (a
// key and what it was for, sqltext.MarkerRow), of no value made fresh,
// that tolerates a duplicate and whose outcome decides whether the root
// goes on (a webhook's event ID recorded, then the rest only when it
// was new), or whose duplicate a caller leaves on without a failure (if
// errors.Is(err, store.ErrDuplicate) { return nil }); not read back
// (what a read-back row holds lets a retry go on), and not undone when
// the work fails (a DELETE of its table on the way out).
func (r *ProgramRoot) Claims(i int) bool {
	st := &r.Stmts[i]
	p := st.Parsed
	if st.ReadBack || p == nil || p.Kind != sqltext.Insert || p.Upsert || !sqltext.MarkerRow(p) {
		return false
	}
	if !(st.Guard && p.Conflict) && !(st.leftOnDuplicate && !p.Conflict) {
		return false
	}
	// No value of the row is made anew on each attempt: a row under an
	// ID of its own (an invoice's, made fresh) is the work itself.
	return !st.fresh && !r.Undone(i)
}

// Undone reports whether the row statement i writes is deleted when the
// work after it fails (a claim forgotten on the way out), so that the
// retry finds none.
func (r *ProgramRoot) Undone(i int) bool {
	p := r.Stmts[i].Parsed
	return p != nil && slices.ContainsFunc(r.Stmts, func(u ProgramStmt) bool {
		return u.OnFailure && u.Parsed != nil && u.Parsed.Kind == sqltext.Delete && u.Parsed.Table == p.Table
	})
}

// StoresReply reports whether statement w stores what a wired call
// made after statement k returned, a call that runs none of the root's
// statements: a client's reply (the message ID a gateway answered to
// what k let through), not a row a repository read nor what a parser
// made of the request before k.
func (r *ProgramRoot) StoresReply(k, w int) bool {
	return slices.ContainsFunc(r.Stmts[w].WriteBackOf, func(entry string) bool {
		return r.Stmts[k].before(entry) && !slices.ContainsFunc(r.Stmts, func(st ProgramStmt) bool { return st.runsIn(entry) })
	})
}

// runsIn reports whether the statement runs in an implementation of the
// wired call entry (a scope's key and its index there).
func (s *ProgramStmt) runsIn(entry string) bool {
	key := "root"
	for _, st := range s.trail[:max(len(s.trail)-1, 0)] {
		if key+"/"+strconv.Itoa(st.index) == entry {
			return true
		}
		key += "/" + strconv.Itoa(st.index) + "." + strconv.Itoa(st.impl)
	}
	return false
}

// before reports whether the statement runs before the wired call
// entry: at the first level where their places differ, its entry comes
// first.
func (s *ProgramStmt) before(entry string) bool {
	steps := strings.Split(strings.TrimPrefix(entry, "root/"), "/")
	for l, st := range s.trail {
		if l >= len(steps) {
			return false
		}
		idx, impl, _ := strings.Cut(steps[l], ".")
		i, err := strconv.Atoi(idx)
		if err != nil || i != st.index {
			return err == nil && st.index < i
		}
		if impl == "" || impl != strconv.Itoa(st.impl) {
			return false // the entry itself, or another implementation
		}
	}
	return false
}

// GuardedBefore reports whether a dedup guard of the root's list can
// run before statement j in the same execution.
func (r *ProgramRoot) GuardedBefore(j int) bool {
	for g := range j {
		if r.Stmts[g].Guard && r.Reaches(g, j) && !r.Exclusive(g, j) {
			return true
		}
	}
	return false
}

// Reaches reports whether the outcome of guard g decides whether
// statement j runs: j runs in g's function, or g's function tells its
// caller what g found (SQLStmt.Hidden).
func (r *ProgramRoot) Reaches(g, j int) bool {
	return !r.Stmts[g].Hidden || r.Stmts[g].At.Func == r.Stmts[j].At.Func
}

// ExternalWith reports whether an external call can run in one
// execution with statements i and j: the root's own, or one of an
// implementation whose place excludes neither.
func (r *ProgramRoot) ExternalWith(i, j int) bool {
	if r.External {
		return true
	}
	return slices.ContainsFunc(r.externals, func(t []step) bool {
		return !exclusive(r.Stmts[i].trail, t) && !exclusive(r.Stmts[j].trail, t)
	})
}

// ExternalBetween reports whether an external call may run after
// statement i and before statement j in one execution: the root's own
// (whose place among the statements is not known), or one of an
// implementation not known to run before i or after j.
func (r *ProgramRoot) ExternalBetween(i, j int) bool {
	if r.External {
		return true
	}
	a, b := r.Stmts[i].trail, r.Stmts[j].trail
	return slices.ContainsFunc(r.externals, func(t []step) bool {
		return !exclusive(a, t) && !exclusive(b, t) && !runsBefore(t, a) && !runsBefore(b, t)
	})
}

// runsStmts records that the wired call at here, in scope sc, runs
// statements.
func (r *ProgramRoot) runsStmts(sc *scope, here []step) {
	if r.stmtEntries == nil {
		r.stmtEntries = map[string]bool{}
	}
	r.stmtEntries[sc.key+"/"+strconv.Itoa(here[len(here)-1].index)] = true
}

// takesHandle reports whether one of fn's parameters is a database
// handle, or its receiver holds one (a repository that embeds a generic
// store over *gorm.DB): fn's work is the database's, whatever its list
// shows.
func (p *program) takesHandle(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	params := sig.Params()
	for i := range params.Len() {
		if p.isHandle(params.At(i).Type()) {
			return true
		}
	}
	return sig.Recv() != nil && p.holdsHandle(sig.Recv().Type(), 0)
}

func (p *program) isHandle(t types.Type) bool {
	return effects.IsHandle(p.cat, t) || catalog.IsORMHandle(t)
}

// holdsHandle reports whether a struct t is, or points to, has a
// database handle among its fields or those of the structs it embeds.
func (p *program) holdsHandle(t types.Type, depth int) bool {
	s, ok := valueflow.Deref(t).Underlying().(*types.Struct)
	if !ok || depth > 2 {
		return false
	}
	for i := range s.NumFields() {
		f := s.Field(i)
		if p.isHandle(f.Type()) || f.Embedded() && p.holdsHandle(f.Type(), depth+1) {
			return true
		}
	}
	return false
}

// StoresAnswer reports whether statement j stores what a wired call
// returned none of whose implementations runs statements: a client's
// answer, perhaps a provider's, which the list does not show being
// made. Such a write is that call's outcome record.
func (r *ProgramRoot) StoresAnswer(j int) bool {
	return slices.ContainsFunc(r.Stmts[j].WriteBackOf, func(e string) bool { return !r.stmtEntries[e] })
}

// runsBefore reports whether the place a runs before the place b: an
// earlier entry of the first list that holds both.
func runsBefore(a, b []step) bool {
	for l := 0; l < len(a) && l < len(b); l++ {
		if a[l].index != b[l].index {
			return a[l].index < b[l].index
		}
		if a[l].impl != b[l].impl {
			return false
		}
	}
	return false
}

// Exclusive reports whether statements i and j of the root never run
// in one execution: they lie on exclusive branches of a list, or in two
// implementations of one wired call.
func (r *ProgramRoot) Exclusive(i, j int) bool {
	return exclusive(r.Stmts[i].trail, r.Stmts[j].trail)
}

// exclusive reports whether the places a and b of a root's list cannot
// both run in one execution.
func exclusive(a, b []step) bool {
	for l := 0; l < len(a) && l < len(b); l++ {
		switch {
		case a[l].index != b[l].index:
			return slices.Contains(a[l].excl, b[l].index)
		case a[l].impl != b[l].impl:
			return true
		}
	}
	return false
}

// SameCall reports whether statements i and j run within one call of
// one implementation that its own package judges.
func (r *ProgramRoot) SameCall(i, j int) bool {
	a, b := r.Stmts[i], r.Stmts[j]
	if !a.Judged || !b.Judged || a.judgedAt != b.judgedAt {
		return false
	}
	for l := range a.judgedAt {
		if a.trail[l].index != b.trail[l].index || a.trail[l].impl != b.trail[l].impl {
			return false
		}
	}
	return true
}

// SameScope reports whether statements i and j lie in one list: the
// root's own, or one implementation's for one wired call (its static
// callees' included), which that implementation's package judges as a
// function of its own. A statement of the work a unit of work is handed
// is not: its package does not know the unit's transaction.
func (r *ProgramRoot) SameScope(i, j int) bool {
	a, b := r.Stmts[i].trail, r.Stmts[j].trail
	if len(a) != len(b) || a[len(a)-1].fromWork || b[len(b)-1].fromWork {
		return false
	}
	for l := range len(a) - 1 {
		if a[l].index != b[l].index || a[l].impl != b[l].impl {
			return false
		}
	}
	return true
}

// A scope is the list being expanded: the root's, or an
// implementation's in place of a wired call.
type scope struct {
	key  string // names the list's place, for its transactions' units
	pkg  string // the import path of the list's function, "" unknown
	recv types.Type
	// registered marks the list of a root of another package
	// registered in the root's.
	registered bool
	// pools are the paths from the receiver to handles that its type's
	// package fills with a pool (PoolFields), through the embedded
	// field whose method runs, when it is promoted.
	pools   []string
	parent  *scope
	handles []valueflow.ArgHandle // the handles the wired call passes
	// bound is the transaction the receiver was bound to, in the
	// parent's terms (WiredStmt.Bound), or nil.
	bound *valueflow.Handle
	// discarded: a call on the way here had its results dropped
	// (WiredStmt.Discarded): the guards below decide nothing for the
	// lists above.
	discarded bool
	args      []valueflow.ArgSource // where the wired call's arguments come from
	produced  []valueflow.ArgSource // the arguments (and fields) another wired call made, or a fresh value
	freshIn   []valueflow.ArgSource // those of them the root made fresh
	// fresh are, at the root, by wired call (At and wiredKey), the
	// arguments and fields that hold a value the root makes fresh.
	fresh     map[string][]valueflow.ArgSource
	fields    []valueflow.FieldSource // the fields of arguments built in place
	sealed    []int                   // the arguments built in place that only the call is given
	relative  []valueflow.ArgSource   // the fields of arguments the caller set from their own value
	errorText []int                   // the arguments that hold an error's text
	// stable are the arguments (and fields) that hold the identity of
	// a row a lookup the caller made by values it was given returned:
	// the same row on every attempt.
	stable   []valueflow.ArgSource
	list     []valueflow.SQLStmt // the scope's own list
	trail    []step
	through  []Resolution
	judged   bool
	judgedAt int
	// absorbed is set when a duplicate is handled around the wired
	// call: its caller tests for a unique violation, or a guard runs
	// before it.
	absorbed bool
	// answered are the errors that callers on the way test the wired
	// calls' errors for and answer with a failure of their own (if
	// errors.Is(err, store.ErrDuplicate) { return ErrConflict }): a
	// duplicate renamed to one of them fails this path, whatever other
	// code does with it.
	answered []string
	// left are the errors that callers on the way test the wired calls'
	// errors for and leave on without a failure (if errors.Is(err,
	// store.ErrDuplicate) { return nil }).
	left []string
	// writeBackOf names the wired calls whose results the wired call
	// that leads here is handed.
	writeBackOf []string
	// fromWork is set in the lists of the implementations reached
	// through what a unit of work hands its function; work, when the
	// unit of work runs it in a transaction it begins, names that
	// transaction's unit.
	fromWork bool
	work     string
	// chosen is set in the list of an implementation whose receiver
	// holds the handle a context chose (WiredStmt.Chosen): the unit of
	// work's transaction when the list is fromWork, else the database.
	chosen bool
	// optional, onFail and stateGuarded are the wired call's (and its
	// callers') valueflow.SQLStmt flags, which its implementations'
	// statements inherit.
	optional, onFail, stateGuarded bool
	// attempt is set when the wired call writes the attempt's own row
	// (WiredStmt.Attempt): its statements record the attempt.
	attempt bool
	failed  failure
	// lasting is set when the list's receiver is a dependency the
	// program built before the deliveries came: the receiver of a
	// root's method, a field of it, a field of that, and so on.
	lasting bool
}

// rootStmts expands the statement lists of the pending roots.
func (p *program) rootStmts(pending []*valueflow.Pending) []ProgramRoot {
	var out []ProgramRoot
	for _, pend := range pending {
		for _, pr := range pend.Roots {
			root := ProgramRoot{Root: pr.Root, Wiring: p.wiring(pr.Pkg), External: pr.External, Attempts: pr.Attempts}
			sc := &scope{key: "root", pkg: pr.Pkg, lasting: pr.Bound, registered: pr.Registered, fresh: freshArgs(pend, pr.Root)}
			if named := p.named(pr.Recv); named != nil {
				sc.recv, sc.lasting = types.NewPointer(named), true
			}
			p.expand(&root, pr.Stmts, sc, 0)
			out = append(out, root)
		}
	}
	return out
}

// freshArgs returns, by wired call of a root, the arguments (and fields)
// that hold a value the root makes fresh on each attempt (FreshArg): not
// a value its caller hands it.
func freshArgs(pend *valueflow.Pending, root string) map[string][]valueflow.ArgSource {
	out := map[string][]valueflow.ArgSource{}
	for _, pc := range pend.Calls {
		if pc.Root != root {
			continue
		}
		k := pc.Call.At.String() + " " + wiredKey(pc.Call)
		for _, fa := range pc.Fresh {
			out[k] = append(out[k], valueflow.ArgSource{Param: fa.Arg, Path: fa.Path})
		}
	}
	return out
}

// pastGuard reports whether a wired entry of a list runs only past a
// guard: one of the list's, or one its implementations run first.
func (p *program) pastGuard(st valueflow.SQLStmt) bool {
	return st.Wired != nil && (st.Wired.PastGuard || p.guarded(st.Wired.Guards, false))
}

// expand appends the statements of list to root, each wired call
// replaced by its implementations' lists.
func (p *program) expand(root *ProgramRoot, list []valueflow.SQLStmt, sc *scope, depth int) {
	sc.list = list
	runs := map[int][]int{}    // each wired entry's arguments that all its implementations run
	inTx := map[int][]int{}    // and those they run in a transaction they begin
	within := map[int]string{} // the unit of work each wired entry runs in, if any
	for i, st := range list {
		if st.Callback > 0 && !slices.Contains(runs[st.Callback-1], st.CallbackArg) {
			continue // a function literal the implementations are not known to run
		}
		decided := st.Absorbed || p.pastGuard(st)
		if st.Callback > 0 {
			// A function literal runs where the wired call that runs it
			// does: past a guard when that call is.
			decided = decided || p.pastGuard(list[st.Callback-1])
		}
		here := append(slices.Clip(sc.trail), step{index: i, excl: st.Exclusive, absorbed: st.Absorbed, optional: st.Optional, onFail: st.OnFailure, stateGuarded: st.StateGuarded || p.stateSet(list, &list[i]), failureOf: st.FailureOf, decided: decided})
		if st.FromWork && (st.Callback > 0 || sc.fromWork) {
			here[len(here)-1].fromWork = true
			here[len(here)-1].work = sc.work
			if st.Callback > 0 && slices.Contains(inTx[st.Callback-1], st.CallbackArg) {
				// A unit of work called within another's work joins
				// its transaction, as units of work that carry it in
				// the context do (and gorm's nested Transaction, a
				// savepoint, commits with the outer one).
				here[len(here)-1].work = cmp.Or(within[st.Callback-1], sc.key+"#work"+strconv.Itoa(st.Callback-1))
			}
		}
		if st.Wired != nil {
			if last := here[len(here)-1]; last.fromWork {
				within[i] = last.work
			} else if sc.fromWork {
				within[i] = sc.work
			}
		}
		if w := st.Wired; w != nil {
			runs[i], inTx[i] = p.expandWired(root, w, sc, here, depth)
			continue
		}
		if len(root.Stmts) == maxProgramStmts {
			root.Cut = true
			return
		}
		ps := ProgramStmt{SQLStmt: st, Through: sc.through, Judged: sc.judged, judgedAt: sc.judgedAt, trail: here, registered: sc.registered && sc.parent == nil}
		ps.Exclusive, ps.Wired, ps.FailureOf = nil, nil, nil // their indices are the list's
		ps.failed = sc.failedAt(here[len(here)-1])
		if ps.AbsorbedByName && slices.ContainsFunc(st.Renamed, func(n string) bool { return slices.Contains(sc.answered, n) }) {
			ps.Absorbed = false
		}
		ps.leftOnDuplicate = slices.ContainsFunc(st.Renamed, func(n string) bool { return slices.Contains(sc.left, n) })
		ps.Absorbed = ps.Absorbed || sc.absorbed
		ps.Optional = ps.Optional || sc.optional
		ps.OnFailure = ps.OnFailure || sc.onFail
		ps.StateGuarded = ps.StateGuarded || sc.stateGuarded
		ps.Guard = ps.Guard && !sc.discarded
		ps.Parsed = sqltext.Parse(st.SQL)
		if ps.Parsed.Writes() && !ps.Parsed.Arithmetic && slices.ContainsFunc(st.Args, sc.relativeArg) {
			// A row written back with a value the caller computed from
			// the one it read: a retry computes it again.
			parsed := *ps.Parsed
			parsed.Arithmetic = true
			ps.Parsed, ps.Relative = &parsed, true
		}
		ps.RecordsError = ps.Parsed.Writes() && (sc.attempt || slices.ContainsFunc(st.Args, sc.errorArg))
		ps.WriteBackOf = sc.writeBackOf
		for _, j := range st.ProducedBy {
			ps.WriteBackOf = append(slices.Clip(ps.WriteBackOf), sc.key+"/"+strconv.Itoa(j))
		}
		ps.Unit = p.unit(sc, st.Handle, fmt.Sprint(len(root.Stmts)))
		if st.Context > 0 && (st.Assumed || st.Nested) {
			// The transaction the context carries, when a caller put
			// one there (storage.WithTx(ctx, tx)).
			if u := p.unit(sc, valueflow.Handle{Kind: valueflow.HandleParam, Param: st.Context - 1}, fmt.Sprint(len(root.Stmts))); strings.Contains(u, "#tx") {
				ps.Unit = u
			}
		}
		if last := here[len(here)-1]; (last.fromWork || sc.fromWork) && (st.Assumed || st.Nested || st.Handle.Context || ps.Unit == "") {
			// A handle the unit of work hands its function: the
			// unit of work's transaction, or unknown.
			ps.Unit = cmp.Or(last.work, sc.work)
		} else if last.fromWork && last.work != "" && st.Handle.Kind == valueflow.HandleAutocommit {
			// A database handle read from what the unit of work hands
			// its function (idem.ClaimTx(r.Tx, ...), where every
			// implementation builds r on the transaction it runs the
			// function in): that transaction.
			ps.Unit = last.work
		} else if ps.Unit == "" && (st.Assumed || sc.chosen) {
			// An ORM's handle no caller decides, or the handle a
			// context without a unit of work's transaction chose: the
			// database, for want of a transaction's origin.
			ps.Unit = autoUnit + fmt.Sprint(len(root.Stmts))
		}
		for _, a := range st.Args {
			ps.Given = append(ps.Given, sc.given(a))
			ps.fresh = ps.fresh || sc.madeFresh(a)
		}
		if parsed := ps.Parsed; parsed.Kind == sqltext.Insert && !parsed.Conflict && !ps.Absorbed && !ps.Optional && ps.Wired == nil {
			ps.fails = p.identityGiven(parsed, func(i int) bool { return i < len(ps.Given) && ps.Given[i] })
		}
		if p.cat.Config().WholeProgram {
			if ps.Pos = p.locate(st.At, sc.pkg); !ps.Pos.IsValid() {
				ps.Pos = p.locate(st.At, "")
			}
			if st.Called.Func != "" {
				// A generic helper's statement, at the call that
				// decides it.
				if at := p.locate(st.Called, ""); at.IsValid() {
					ps.Pos = at
				}
			}
			if st.Lit != nil && ps.Pos.IsValid() {
				ps.LitPos = p.locate(valueflow.Frame{Func: st.At.Func, Pos: st.Lit.Pos}, "")
			}
		}
		root.Stmts = append(root.Stmts, ps)
	}
}

// promotedTwice reports whether im is a method promoted from an embedded
// field whose own type is among the implementations too, and one the
// call's field can hold (a store that embeds the repository it is, on
// the pool).
func promotedTwice(ims []impl, im impl, holds func(impl) bool) bool {
	return im.embed != "" && slices.ContainsFunc(ims, func(o impl) bool { return o.fn == im.fn && o.embed == "" && holds(o) })
}

// decorates reports whether the chain of resolutions already runs
// implementation impl of the wired call's method: a decorator that calls
// the value it wraps through the same interface.
func decorates(through []Resolution, call valueflow.WiredCall, impl string) bool {
	return slices.ContainsFunc(through, func(r Resolution) bool { return r.Impl == impl && wiredKey(r.Call) == wiredKey(call) })
}

// withoutArgs returns a copy of w that says nothing of its arguments:
// what a method a forwarding literal reorders them for is given, place
// by place, is not known.
func withoutArgs(w *valueflow.WiredStmt) *valueflow.WiredStmt {
	c := *w
	c.Relays, c.Handles, c.Args, c.Empty, c.Forwards, c.Produced, c.ProducedBy = nil, nil, nil, nil, nil, nil, nil
	c.Decoded, c.Fills, c.Keyed, c.Fields, c.Relative, c.Lookups, c.ErrorText, c.Sealed = nil, nil, nil, nil, nil, nil, nil, nil
	return &c
}

// decorator reports whether s, the summary of an implementation of
// call's method, makes the same call through the interface (a logging
// or metrics decorator handing the call to the value it wraps): the
// chain of decorators costs no depth, as each runs once in it
// (decorates).
func decorator(s *valueflow.Summary, call valueflow.WiredCall) bool {
	return slices.ContainsFunc(s.Wired, func(c valueflow.WiredCall) bool { return wiredKey(c) == wiredKey(call) })
}

// expandWired puts the lists of a wired call's implementations in its
// place, and returns the call's arguments (by index, the receiver left
// out) that every implementation runs before it returns.
func (p *program) expandWired(root *ProgramRoot, w *valueflow.WiredStmt, sc *scope, here []step, depth int) (runs, inTx []int) {
	if depth >= maxWiredDepth {
		root.Cut = true
		return nil, nil
	}
	known := true // every implementation says what it runs
	ims := p.implementations(w.Call)
	holds := p.heldBy(sc, w, ims)
	first := true // the first implementation expanded
	call := w
	for k, im := range ims {
		w := call
		if im.reordered {
			w = withoutArgs(call)
		}
		if !holds(im) {
			continue // not what the field the call is made through holds
		}
		if promotedTwice(ims, im, holds) {
			// A store that embeds the repository it is, on the pool,
			// runs the repository's own method: the receiver the call
			// is given says which handle it runs on. The work a unit
			// of work runs, and the repositories it binds to what it
			// is given (With(q)), are given what the unit builds on
			// its transaction (fn(&Repo{db: tx})), not the store.
			continue
		}
		if decorates(sc.through, w.Call, im.name) {
			// A decorator of the interface, reached again through
			// the value it wraps: its list is already in place.
			continue
		}
		if p.takesHandle(im.fn) {
			root.runsStmts(sc, here)
		}
		s := p.summary(im.fn)
		if s == nil {
			known = false
			continue
		}
		var args, txArgs []int
		for _, r := range s.Runs {
			if r > 0 && (first || slices.Contains(runs, r-1)) {
				args = append(args, r-1) // the receiver is parameter 0
			}
		}
		for _, r := range s.RunsInTx {
			if r > 0 && (first || slices.Contains(inTx, r-1)) {
				txArgs = append(txArgs, r-1)
			}
		}
		if im.reordered {
			args, txArgs = nil, nil // its parameters are not the call's
		}
		runs, inTx, first = args, txArgs, false
		root.Cut = root.Cut || s.StmtsCut
		if len(s.Stmts) > 0 || s.StmtsCut {
			root.runsStmts(sc, here)
		}
		if len(s.Effects) > 0 {
			place := slices.Clone(here)
			place[len(place)-1].impl = k
			root.externals = append(root.externals, place)
		}
		p.keyless(root, w, s, sc, im)
		if !s.Retried && !slices.ContainsFunc(s.Stmts, func(st valueflow.SQLStmt) bool { return st.Wired == nil && sqltext.Parse(st.SQL).Writes() }) {
			// An implementation that writes too may write its intent
			// before its call: the list cannot order them.
			for _, eff := range s.Effects {
				if eff.Notification {
					continue
				}
				// Keyed only from a field this call leaves empty: no key.
				eff.Absent = eff.Absent || leavesKeyEmpty(w, eff)
				if eff.Absent && eff.KeyPath == "" && (filledBodyKey(w, dedupOnly) || sc.dedupGiven(w, dedupOnly)) {
					// A body this call builds with its dedup field set,
					// or that a decorator hands on as its caller built
					// it, for a client with no key of its own to send.
					eff.Absent, eff.KeyUnknown = false, true
				}
				c := ProgramCall{Effect: eff, Before: len(root.Stmts), Entry: sc.key + "/" + strconv.Itoa(here[len(here)-1].index),
					Through: append(slices.Clip(sc.through), p.resolution(w.Call, im)),
					RootKey: eff.KeyPath != "" && eff.KeyParam >= 1 && slices.Contains(w.Keyed, valueflow.ArgSource{Param: eff.KeyParam - 1, Path: eff.KeyPath})}
				if p.cat.Config().WholeProgram {
					c.Pos = p.locate(eff.At, im.fn.Pkg().Path())
				}
				root.Calls = append(root.Calls, c)
			}
		}
		trail := slices.Clone(here)
		trail[len(trail)-1].impl = k
		sub := &scope{
			key:          sc.key + "/" + strconv.Itoa(here[len(here)-1].index) + "." + strconv.Itoa(k),
			recv:         im.fn.Type().(*types.Signature).Recv().Type(),
			pools:        p.pools(im),
			parent:       sc,
			handles:      w.Handles,
			args:         w.Args,
			produced:     append(slices.Clip(w.Produced), sc.fresh[w.Call.At.String()+" "+wiredKey(w.Call)]...),
			freshIn:      sc.fresh[w.Call.At.String()+" "+wiredKey(w.Call)],
			fields:       w.Fields,
			sealed:       w.Sealed,
			relative:     w.Relative,
			errorText:    w.ErrorText,
			stable:       p.stableLookups(sc, w),
			trail:        trail,
			through:      append(slices.Clip(sc.through), p.resolution(w.Call, im)),
			judged:       sc.judged || s.Retried,
			judgedAt:     sc.judgedAt,
			absorbed:     sc.absorbed || here[len(here)-1].absorbed,
			answered:     append(slices.Clip(sc.answered), sc.list[here[len(here)-1].index].Answers...),
			left:         append(slices.Clip(sc.left), sc.list[here[len(here)-1].index].Leaves...),
			optional:     sc.optional || here[len(here)-1].optional,
			attempt:      sc.attempt || w.Attempt,
			onFail:       sc.onFail || here[len(here)-1].onFail,
			stateGuarded: sc.stateGuarded || here[len(here)-1].stateGuarded,
			lasting:      sc.lasting && w.Held(),
			writeBackOf:  append(slices.Clip(sc.writeBackOf), producedBy(sc, w)...),
			fromWork:     sc.fromWork || here[len(here)-1].fromWork,
			chosen:       w.Chosen,
			bound:        w.Bound,
			discarded:    w.Discarded,
			work:         cmp.Or(here[len(here)-1].work, sc.work),
			failed:       sc.failedAt(here[len(here)-1]),
		}
		if !sub.fromWork && p.txDecorated(w.Call) {
			// The handler a transactional decorator wraps where it
			// is wired: what its context chooses is the decorator's
			// transaction.
			sub.fromWork, sub.work = true, sc.key+"#decorated"+strconv.Itoa(len(trail))
		}
		if !sc.judged && s.Retried {
			sub.judgedAt = len(trail)
		}
		if im.fn.Pkg() != nil {
			sub.pkg = im.fn.Pkg().Path()
		}
		stmts := s.Stmts
		if im.targs != nil {
			stmts = make([]valueflow.SQLStmt, len(s.Stmts))
			s.Instantiate(typeArgStrings(im.targs))
			for i, st := range s.Stmts {
				stmts[i] = effects.InstantiateTypes(st, im.targs)
			}
		}
		next := depth + 1
		if decorator(s, w.Call) {
			next = depth // a decorator hands the call on: no step down
		}
		p.expand(root, stmts, sub, next)
	}
	if !known {
		return nil, nil
	}
	return runs, inTx
}

// failedAt returns the failed call's place for an entry of the scope's
// list: the entry's own, when it runs after the failure of entries of
// the list, or else the scope's.
func (sc *scope) failedAt(e step) failure {
	if e.onFail {
		if len(e.failureOf) == 0 {
			return failure{} // a call of no entry: nothing it undoes is known
		}
		return failure{trail: sc.trail, entries: e.failureOf}
	}
	return sc.failed
}

// Undoes reports whether statement k undoes statement a when statement
// b fails: k runs only after the failure of the call that runs b, and
// deletes from a's table.
func (r *ProgramRoot) Undoes(k, a, b int) bool {
	sk, sa := &r.Stmts[k], &r.Stmts[a]
	if !sk.OnFailure || sk.Parsed.Kind != sqltext.Delete || sk.Parsed.Table != sa.Parsed.Table {
		return false
	}
	f, tb := sk.failed, r.Stmts[b].trail
	if len(f.entries) == 0 || len(tb) <= len(f.trail) {
		return false
	}
	for l, st := range f.trail {
		if tb[l].index != st.index || tb[l].impl != st.impl {
			return false
		}
	}
	return slices.Contains(f.entries, tb[len(f.trail)].index)
}

// given reports whether the value at a of the scope's function is one
// the root hands down: a parameter (not the receiver) filled by the
// wired call with a value given in the caller's scope, up to the root,
// whose values are its own, except those another wired call returned
// to it (a token a token maker made), which are the implementation's.
func (sc *scope) given(a valueflow.ArgSource) bool {
	if a.Param == valueflow.ConstParam {
		return sc.parent != nil // a constant an implementation stores: the same on every call
	}
	if sc.parent == nil {
		// The root's own values, in the list of a root no package of
		// its own judges (an activity registered in main): its
		// parameters past the receiver hold what the delivery gives,
		// and so do the values it decodes from them.
		return sc.registered && (a.Param >= 1 && a.Path != "" || a.Param == valueflow.DecodedParam)
	}
	if a.Param < 1 || a.Param-1 >= len(sc.args) {
		return false
	}
	if slices.ContainsFunc(sc.stable, func(s valueflow.ArgSource) bool {
		return s.Param == a.Param-1 && (a.Path == s.Path || strings.HasPrefix(a.Path, s.Path+"."))
	}) {
		return true
	}
	src := sc.args[a.Param-1] // the receiver is parameter 0
	if a.Path != "" && sc.unstored(a) {
		return false // a field of a struct built in place left zero: the database fills it
	}
	if sc.parent.parent == nil {
		// A struct a callee of the root builds in place is the
		// callee's, but for the fields it fills from the root's values.
		field := a.Path != "" && slices.ContainsFunc(sc.fields, func(f valueflow.FieldSource) bool {
			rest, ok := strings.CutPrefix(a.Path, f.Path)
			return f.Arg == a.Param-1 && ok && (rest == "" || strings.HasPrefix(rest, ".")) && f.Source.Param != valueflow.CalleeParam
		})
		return !slices.ContainsFunc(sc.produced, func(p valueflow.ArgSource) bool {
			if p.Path == "" {
				return p.Param == a.Param-1 && !field
			}
			return p.Param == a.Param-1 && (a.Path == p.Path || strings.HasPrefix(a.Path, p.Path+"."))
		})
	}
	if src.Param < 0 {
		// An argument built in place: its field holds what every
		// store into it stored.
		given, stored := true, false
		for _, f := range sc.fields {
			if rest, ok := strings.CutPrefix(a.Path, f.Path); ok && f.Arg == a.Param-1 && (rest == "" || strings.HasPrefix(rest, ".")) {
				stored = true
				given = given && (f.Source.Param == valueflow.ConstParam || f.Source.Param >= 0 && sc.parent.given(valueflow.ArgSource{Param: f.Source.Param, Path: f.Source.Path + rest}))
			}
		}
		if stored {
			return given
		}
	}
	return sc.parent.given(valueflow.ArgSource{Param: src.Param, Path: src.Path + a.Path})
}

// madeFresh reports whether the value at a of the scope's function is
// made anew on each attempt: by the root (freshIn), or by an
// implementation between, of its own making (CalleeParam).
func (sc *scope) madeFresh(a valueflow.ArgSource) bool {
	if a.Param == valueflow.CalleeParam {
		return true
	}
	if sc.parent == nil || a.Param < 1 || a.Param-1 >= len(sc.args) {
		return false
	}
	if sc.parent.parent == nil {
		return slices.ContainsFunc(sc.freshIn, func(p valueflow.ArgSource) bool {
			return p.Param == a.Param-1 && (p.Path == "" || a.Path == p.Path || strings.HasPrefix(a.Path, p.Path+"."))
		})
	}
	src := sc.args[a.Param-1]
	if src.Param < 0 {
		// An argument built in place: a field of it holds what a
		// store into it stored.
		return slices.ContainsFunc(sc.fields, func(f valueflow.FieldSource) bool {
			rest, ok := strings.CutPrefix(a.Path, f.Path)
			return ok && f.Arg == a.Param-1 && (rest == "" || strings.HasPrefix(rest, ".")) &&
				(f.Source.Param == valueflow.CalleeParam || f.Source.Param >= 0 && sc.parent.madeFresh(valueflow.ArgSource{Param: f.Source.Param, Path: f.Source.Path + rest}))
		})
	}
	return sc.parent.madeFresh(valueflow.ArgSource{Param: src.Param, Path: src.Path + a.Path})
}

// relativeArg reports whether a, an argument of a statement of the
// scope's list, is a field its callers set from its own value, at any
// wired call on the way to the scope.
func (sc *scope) relativeArg(a valueflow.ArgSource) bool {
	if sc.parent == nil || a.Param < 1 || a.Param-1 >= len(sc.args) {
		return false
	}
	if slices.ContainsFunc(sc.relative, func(r valueflow.ArgSource) bool {
		return r.Param == a.Param-1 && (a.Path == r.Path || strings.HasPrefix(a.Path, r.Path+"."))
	}) {
		return true
	}
	src := sc.args[a.Param-1] // the receiver is parameter 0
	if src.Param < 0 {
		return false
	}
	return sc.parent.relativeArg(valueflow.ArgSource{Param: src.Param, Path: src.Path + a.Path})
}

// stableLookups returns the arguments of w, a wired call of sc's list,
// that hold the identity of a row another wired call of the list
// returned (Lookup) when that call only reads and looks the row up by
// values sc is given: a retry finds the same row.
func (p *program) stableLookups(sc *scope, w *valueflow.WiredStmt) []valueflow.ArgSource {
	var out []valueflow.ArgSource
	for _, l := range w.Lookups {
		if l.Entry < 0 || l.Entry >= len(sc.list) || len(l.Keys) == 0 {
			continue
		}
		by := sc.list[l.Entry].Wired
		if by == nil || !p.readsOnly(by.Call, 0) && !p.derives(sc, by) {
			continue
		}
		if !slices.ContainsFunc(l.Keys, func(k int) bool { return !sc.holds(by, k) }) {
			out = append(out, l.Arg)
		}
	}
	return out
}

// holds reports whether argument k of w, a wired call of sc's list, is
// a value sc is given: at the root, one it has that no wired call made;
// below, a parameter its caller gave it.
func (sc *scope) holds(w *valueflow.WiredStmt, k int) bool {
	if k >= len(w.Args) {
		return false
	}
	if sc.parent == nil {
		return !slices.Contains(w.Produced, valueflow.ArgSource{Param: k})
	}
	src := w.Args[k]
	return src.Param >= 0 && sc.given(src)
}

// readsOnly reports whether every implementation of call only reads:
// it runs statements, each a read, and no external call, and makes no
// fresh value.
func (p *program) readsOnly(call valueflow.WiredCall, depth int) bool {
	ims := p.implementations(call)
	if len(ims) == 0 && depth > 0 && call.Method == "Scan" {
		// A row read through an interface of the program's that only
		// the driver's rows implement (sqlc's rowScanner over pgx's
		// Row): the read's own scan.
		return true
	}
	if len(ims) == 0 || depth > 2 {
		return false
	}
	for _, im := range ims {
		s := p.summary(im.fn)
		if depth > 0 && im.fn.Pkg() != p.pass.Pkg && (s == nil || idle(s)) {
			// An accessor on the way (s.store.Repairs()), which
			// hands out what reads: of a package analysed before,
			// whose summary, had it one, would be a fact.
			continue
		}
		if s == nil || !onlyReads(s, func(c valueflow.WiredCall) bool { return p.readsOnly(c, depth+1) }) {
			return false
		}
	}
	return true
}

// idle reports whether a function's summary says it does nothing the
// analysis follows: no statement, effect, wired call or fresh value.
func idle(s *valueflow.Summary) bool {
	return len(s.Stmts) == 0 && len(s.Effects) == 0 && len(s.Wired) == 0 && len(s.FreshResults) == 0 && !s.ORMReads
}

// derives reports whether every implementation of w's call that the
// field it is made through can hold computes what
// it returns from its arguments alone (a webhook's parser): it runs no
// statement, no external call and no wired call, and makes no fresh
// value. An implementation of the package analysed, whose summary is
// not a fact yet, is not known to.
func (p *program) derives(sc *scope, w *valueflow.WiredStmt) bool {
	ims := p.implementations(w.Call)
	holds := p.heldBy(sc, w, ims)
	ims = slices.DeleteFunc(slices.Clone(ims), func(im impl) bool { return !holds(im) })
	for _, im := range ims {
		if im.fn.Pkg() == p.pass.Pkg {
			return false
		}
		var s valueflow.Summary
		if p.pass.ImportObjectFact(im.fn, &s) && !s.Pure() {
			return false
		}
	}
	return len(ims) > 0
}

// errorArg reports whether a, an argument of a statement of the
// scope's list, is the whole of an argument that holds an error's text,
// at any wired call on the way to the scope.
func (sc *scope) errorArg(a valueflow.ArgSource) bool {
	if sc.parent == nil || a.Param < 1 || a.Param-1 >= len(sc.args) {
		return false
	}
	if a.Path == "" && slices.Contains(sc.errorText, a.Param-1) {
		return true
	}
	src := sc.args[a.Param-1] // the receiver is parameter 0
	if src.Param < 0 {
		return false
	}
	return sc.parent.errorArg(valueflow.ArgSource{Param: src.Param, Path: src.Path + a.Path})
}

// unstored reports whether a names a field of an argument built in
// place (the wired call's literal, whose stores the scope's fields
// list, and nothing else is given) that no store fills.
func (sc *scope) unstored(a valueflow.ArgSource) bool {
	if !slices.Contains(sc.sealed, a.Param-1) {
		return false
	}
	built := false
	for _, f := range sc.fields {
		if f.Arg != a.Param-1 {
			continue
		}
		built = true
		if rest, ok := strings.CutPrefix(a.Path, f.Path); ok && (rest == "" || strings.HasPrefix(rest, ".")) {
			return false
		}
	}
	return built
}

// keyless records the external calls of an implementation whose key
// slot its caller leaves empty: the implementation sets the key from a
// field of a request it is given (only when the field is not empty),
// and the wired call passes a request literal without that field.
func (p *program) keyless(root *ProgramRoot, w *valueflow.WiredStmt, s *valueflow.Summary, sc *scope, im impl) {
	through := sc.through
	if s.Retried {
		return // its own package judges what reaches it there
	}
	// A claim before the call stops the retry: it runs once, but for
	// the retries of a client that retries itself.
	claimed := w.PastGuard || p.guarded(w.Guards, true) || p.failedBefore(root)
	body := emptyBodyKey(w, s)
	bodyKeyed := body == nil && (filledBodyKey(w, catalog.IsFilledKeyField) || sc.dedupGiven(w, catalog.IsFilledKeyField))
	for _, eff := range s.Effects {
		if root.Attempts && w.Captured && eff.Absent {
			// An attempt of a retry wrapper's operation hands on what
			// it captures (r.next.Send(ctx, m) in a retrying
			// decorator): the decorator's caller decides its key.
			continue
		}
		if bodyKeyed && eff.Absent {
			// A client with no key of its own to send, given a body
			// this call builds with its dedup field set
			// (sms.Message{ClientReference: ref}): keyed by the body.
			continue
		}
		if body != nil && eff.KeyUnknown && eff.KeyParam < 0 {
			// The request carries the key, in a body field or a
			// header, that the implementation fills from a field of
			// one of its parameters, which the wired call leaves empty.
			eff.KeyParam, eff.KeyPath, eff.Notification = body.Param, body.Path, false
			if body.Sink.Column != "" {
				eff.Keyless.Slot, eff.Keyless.Field = catalog.InputField, body.Sink.Column
			}
		}
		// A call with no key through a function of the package (a
		// post helper given ""), or keyed from a request field that
		// the wired call leaves empty.
		if eff.Notification || !leavesKeyEmpty(w, eff) && !eff.Absent || claimed && !eff.Keyless.Retries {
			continue
		}
		if leavesKeyEmpty(w, eff) && freshDefault(s, eff) {
			// The implementation makes the key afresh when the field
			// is empty (if job.MessageID == "" { job.MessageID =
			// uuid.NewString() }): the slot holds a fresh value,
			// which is freshid's finding, reported once, there.
			continue
		}
		d := ProgramDefect{
			Defect: valueflow.Defect{Kind: valueflow.KeylessEffect, Origin: valueflow.Origin{Call: eff.Call, At: eff.At}, Keyless: eff.Keyless, Sink: valueflow.SinkInfo{At: cmp.Or(eff.Origin, eff.At)}},
			Root:   root.Root, Wiring: root.Wiring,
			Through: append(slices.Clip(through), p.resolution(w.Call, im)),
		}
		if p.cat.Config().WholeProgram {
			d.Pos = p.locate(eff.At, im.fn.Pkg().Path())
		}
		if leavesKeyEmpty(w, eff) {
			d.Fix = p.fillFix(w, eff, through, root.Root)
		}
		root.Keyless = append(root.Keyless, d)
	}
}

// failedBefore reports whether the root's list, so far, inserts with no
// conflict handling a row under an identity the root hands down, whose
// failure fails the root (an accrual under the order's ID): a retry
// after the first attempt's commit fails there, before the calls that
// follow.
func (p *program) failedBefore(root *ProgramRoot) bool {
	return slices.ContainsFunc(root.Stmts, func(st ProgramStmt) bool { return st.fails && !st.StateGuarded })
}

// fillFix returns the fix that fills the request field a wired call
// leaves empty, from which the implementation's external call takes its
// key: with the key in scope where the call is, or with the key the root
// puts in the context it passes the first implementation, whose own call
// this is, when the root calls it once.
func (p *program) fillFix(w *valueflow.WiredStmt, eff valueflow.Effect, through []Resolution, root string) *valueflow.KeyFix {
	for _, ff := range w.Fills {
		if ff.Arg != eff.KeyParam-1 || !fills(ff, eff) {
			continue
		}
		if ff.Context == "" {
			f := ff.KeyFix
			return &f
		}
		if ff.Enters != "" {
			// Read from the context of a function the root entered,
			// which hands it to the wired call (enteredKeys).
			if len(through) != 0 {
				continue
			}
			for _, k := range p.keys[wiredKey(w.Call)] {
				if k.Context != catalog.Carried {
					continue
				}
				f := ff.KeyFix
				f.Param = k.Arg + 1
				if c := p.carried(f, w.Call, root); c != nil {
					return c
				}
			}
			continue
		}
		if len(through) != 1 {
			continue
		}
		call := through[0].Call
		if !slices.Contains(p.keys[wiredKey(call)], valueflow.KeyArg{Arg: ff.Param - 1, Context: catalog.Carried}) {
			continue // the root calls it more than once, or cannot put its key in
		}
		if f := p.carried(ff.KeyFix, call, root); f != nil {
			return f
		}
	}
	return nil
}

// fills reports whether ff fills the slot of eff: its field, or, for a
// slot of options, with the option that sets it.
func fills(ff valueflow.FieldFix, eff valueflow.Effect) bool {
	if ff.Option != "" {
		return valueflow.IsOptionsPath(eff.KeyPath) && ff.Option == eff.Keyless.Option
	}
	return ff.Path == eff.KeyPath
}

// leavesKeyEmpty reports whether a wired call leaves empty the request
// field from which an implementation's external call takes its key.
// emptyBodyKey returns the implementation's parameter sink that fills
// a request's key slot, a body's dedup field (client_reference) or a
// header (req.IdempotencyKey set as Idempotency-Key when not empty),
// from a field of a parameter, when the wired call w leaves that field
// empty, or nil.
func emptyBodyKey(w *valueflow.WiredStmt, s *valueflow.Summary) *valueflow.ParamSink {
	for i, ps := range s.ParamSinks {
		if ps.Sink.Kind == valueflow.SlotSink && ps.Param >= 1 && ps.Path != "" &&
			valueflow.LeavesEmpty(w.Empty, valueflow.ArgSource{Param: ps.Param - 1, Path: ps.Path}) {
			return &s.ParamSinks[i]
		}
	}
	return nil
}

// filledBodyKey reports whether the wired call w hands the
// implementation a request it builds in place with a field set that
// keyName says the receiver drops a repeat by (sms.Message{
// ClientReference: ref}): the body the implementation sends carries
// the key, whatever header it leaves out.
func filledBodyKey(w *valueflow.WiredStmt, keyName func(string) bool) bool {
	return setsDedupField(w.Fields, w.Empty, -1, keyName)
}

// dedupGiven reports whether the wired call w hands on, unchanged, a
// parameter of the scope's function that the call into the scope built
// in place with a dedup field set (a retrying decorator's next.Send(ctx,
// m), m the sender's sms.Message{ClientReference: ref}).
func (sc *scope) dedupGiven(w *valueflow.WiredStmt, keyName func(string) bool) bool {
	return slices.ContainsFunc(w.Args, func(a valueflow.ArgSource) bool {
		return a.Param >= 1 && a.Path == "" && setsDedupField(sc.fields, nil, a.Param-1, keyName)
	})
}

// dedupOnly says a field is there only for the receiver to drop a
// repeat (client_reference): a key the sender gives, where a reference
// by another name (a bank transfer's reference) may be none.
func dedupOnly(name string) bool { return catalog.IsDedupBodyField(name, "") }

// setsDedupField reports whether fields, of arguments built in place,
// set a field of argument arg (any, when arg < 0) that keyName says
// keys the request and that empty does not say is left empty. Of a
// struct with a field there only to drop a repeat by (requestReference
// beside a reference that names the order), only that field keys it.
func setsDedupField(fields []valueflow.FieldSource, empty []valueflow.ArgSource, arg int, keyName func(string) bool) bool {
	return slices.ContainsFunc(fields, func(f valueflow.FieldSource) bool {
		name, ok := strings.CutPrefix(f.Path, ".")
		return ok && (arg < 0 || f.Arg == arg) && !strings.Contains(name, ".") && keyName(cmp.Or(f.JSON, name)) &&
			(!f.DedupTyped || catalog.IsDedupBodyField(name, f.JSON)) &&
			!valueflow.LeavesEmpty(empty, valueflow.ArgSource{Param: f.Arg, Path: f.Path})
	})
}

// freshDefault reports whether s makes a fresh value, the identity of
// a slot, only when its caller leaves empty the field an effect takes
// its key from.
func freshDefault(s *valueflow.Summary, eff valueflow.Effect) bool {
	key := valueflow.ArgSource{Param: eff.KeyParam, Path: eff.KeyPath}
	return slices.ContainsFunc(s.Defects, func(d valueflow.Defect) bool {
		return d.Kind == valueflow.FreshIdentity && d.Sink.Kind == valueflow.SlotSink && slices.Contains(d.OnlyEmpty, key)
	})
}

func leavesKeyEmpty(w *valueflow.WiredStmt, eff valueflow.Effect) bool {
	return eff.KeyPath != "" && eff.KeyParam >= 1 && valueflow.LeavesEmpty(w.Empty, valueflow.ArgSource{Param: eff.KeyParam - 1, Path: eff.KeyPath})
}

// producedBy names the entries of the scope's list whose results a
// wired call is handed.
func producedBy(sc *scope, w *valueflow.WiredStmt) []string {
	var out []string
	for _, j := range w.ProducedBy {
		out = append(out, sc.key+"/"+strconv.Itoa(j))
	}
	return out
}

// ownPackage reports whether pkg is one of the program's own packages:
// of the module being analysed, when it is known, and a package that
// may implement its interfaces (mayImplement).
func (p *program) ownPackage(pkg *types.Package) bool {
	if p.pass.Module != nil && p.pass.Module.Path != "" && !inModule(pkg.Path(), p.pass.Module.Path) {
		return false
	}
	return p.mayImplement(pkg)
}

// unit names the commit unit of a statement on handle h in the scope's
// list; item tells apart statements that each commit on their own.
func (p *program) unit(sc *scope, h valueflow.Handle, item string) string {
	switch h.Kind {
	case valueflow.HandleAutocommit:
		return autoUnit + item
	case valueflow.HandleTx:
		return sc.key + "#tx" + strconv.Itoa(h.Tx)
	case valueflow.HandleParam:
		if h.Param == 0 && sc.recv != nil && sc.bound != nil && sc.parent != nil && h.Path != "" {
			// A handle the receiver was bound to (WithTx(tx)), an
			// ORM's among them (&topupRepo{db: tx}, db a *gorm.DB).
			if t, ok := effects.FieldType(sc.recv, h.Path); ok && (effects.IsHandle(p.cat, t) || catalog.IsORMHandle(t)) {
				return p.unit(sc.parent, *sc.bound, item)
			}
		}
		if h.Param == 0 && sc.recv != nil {
			// A field of the implementation's receiver: a pool
			// commits each statement; a transaction or an
			// interface held there could be either, unless the
			// receiver was built before any transaction began.
			if effects.FieldUnit(sc.recv, h.Path) == effects.DurAutocommit || slices.Contains(sc.pools, h.Path) || sc.lasting && p.builtWithPool(sc.recv, h.Path) {
				return autoUnit + item
			}
			return ""
		}
		if sc.parent == nil || h.Path != "" {
			return contextElse(h, item)
		}
		for _, ah := range sc.handles {
			if ah.Arg == h.Param-1 { // the receiver is parameter 0
				if u := p.unit(sc.parent, ah.Handle, item); u != "" {
					return u
				}
				return contextElse(h, item)
			}
		}
		return contextElse(h, item)
	}
	return ""
}

// contextElse is the unit of a statement on the handle a context
// chooses when no transaction is known to reach it (the root's request
// context): the database's, each statement on its own. Any other handle
// whose origin is unknown has no unit.
func contextElse(h valueflow.Handle, item string) string {
	if h.Context {
		return autoUnit + item
	}
	return ""
}

// builtWithPool reports whether the handle at path in a dependency the
// program built before the deliveries came (a lasting scope's
// receiver) commits each statement: a field of a database interface
// (sqlc's DBTX, sqlx.ExtContext) that only the libraries' pools and
// transactions implement. No transaction is open when the program
// wires its services, so the libraries' value held there is a pool; a
// type of the program's own that implements the interface (a wrapper
// that joins the transaction in the context) could be anything.
func (p *program) builtWithPool(recv types.Type, path string) bool {
	t, ok := effects.FieldType(recv, path)
	if ok && catalog.IsORMHandle(t) {
		// An ORM's handle (*gorm.DB) the program held before any
		// transaction began is its database's.
		return true
	}
	if !ok || !types.IsInterface(t) || catalog.IsTx(t) || !effects.IsHandle(p.cat, t) {
		return false
	}
	key := types.TypeString(t, nil)
	if v, ok := p.wrapped[key]; ok {
		return !v
	}
	iface := t.Underlying().(*types.Interface)
	wrapped := false
	for _, pkg := range p.pkgs {
		if !p.ownPackage(pkg) {
			continue
		}
		scope := pkg.Scope()
		for _, name := range p.scopeNames(pkg) {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
				continue
			}
			if types.Implements(tn.Type(), iface) || types.Implements(types.NewPointer(tn.Type()), iface) {
				wrapped = true
			}
		}
	}
	p.wrapped[key] = wrapped
	return !wrapped
}
