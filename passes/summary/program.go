package summary

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/opkey"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A composition root (a main package, in a run that loads the whole
// program) sees every package it links: the handlers' Pending facts and
// the implementations' summaries. It resolves each wired call to the
// implementations the program contains (class hierarchy analysis over the
// named types of the packages it imports, test and mock packages left
// out) and asks their summaries what the call does.

// maxWiredDepth bounds how many wired calls a resolution passes through.
const maxWiredDepth = 4

// A ProgramDefect is a defect a retried path of another package reaches
// through wired calls.
type ProgramDefect struct {
	valueflow.Defect
	// Pos is where the defect is, in the file set of the run: the fresh
	// value's generator call. It is NoPos when the file is not loaded.
	Pos     token.Pos
	Root    string            // the root, as messages describe it
	Chain   []valueflow.Frame // the calls from the root to the first wired call
	Through []Resolution      // the wired calls, outermost first
	Ignores []string          // checks the directives at Pos name
	// Fix, for a fresh value made in the implementation of the first
	// wired call, derives it from the operation key the root passes.
	Fix *valueflow.KeyFix
	// Repeats is set when a write that a retry repeats commits before
	// the INSERT the value becomes (repeatsBefore): no fix then.
	Repeats bool
	// Logs is set when the row logs the outcome of an external call
	// made without a key (logsOutcome): its fresh ID is no defect of its
	// own, but the identity is still fresh, not given.
	Logs bool
	// FailsFirst is set when the row is a model built in place whose
	// other set fields fill a key of its table (FreshArg.FailsFirst): a
	// retry fails there before the fresh ID adds a row, which is
	// naturalkey's finding; the identity is still fresh, not given.
	FailsFirst bool
	// Tolerated is set when the root goes on when a call on the way to
	// the write fails, its error only logged (PendingCall.Tolerated): the
	// row is a record kept beside the work, not the work.
	Tolerated bool
	// candidates are the fixes prepared for such a value, of which the
	// root's keys choose Fix.
	candidates []valueflow.KeyFix
	// ctx is the parameter (the receiver is 0) of the implementation
	// reached last at which the context that the root passes the first
	// wired call arrives, once per call of that one; 0 when it does not.
	// first is that parameter of the first implementation.
	ctx, first int
	// Wiring is where the composition root first refers to the package
	// of the retried path: a driver that cannot report at Pos (go vet,
	// gopls) reports there.
	Wiring token.Pos
	// ChainAt and InnerAt are where the frames of Chain and of the
	// defect's own chain are, in the file set of the run, when their
	// files are loaded (NoPos otherwise); SinkAt is where its sink is.
	ChainAt, InnerAt []token.Pos
	SinkAt           token.Pos
	// Insert, for a fresh identity of a row, is the root's INSERT that
	// stores it, when one statement of the root's list is that INSERT.
	Insert *ProgramStmt
}

// A Resolution is one wired call and the implementation it resolved to.
type Resolution struct {
	Call valueflow.WiredCall
	Impl string // the implementing type, "*postgres.Store"
	// Pos is where the call is, in the file set of the run, when its
	// file is loaded: a related position the user can go to.
	Pos token.Pos
}

// resolution is the Resolution of call to im, placed.
func (p *program) resolution(call valueflow.WiredCall, im impl) Resolution {
	r := Resolution{Call: call, Impl: im.name}
	if p.cat.Config().WholeProgram {
		r.Pos = p.locate(call.At, call.Pkg)
	}
	return r
}

// program is what a composition root knows of the program.
type program struct {
	pass *analysis.Pass
	// anonymous are the struct types without a name the root's code
	// makes of embedded values (anonymousImpls), found once.
	anonymous []*types.Struct
	cat       *catalog.Catalog
	// locator finds frames in the files of every package linked
	// (locator.pkgs, by path).
	locator
	impls map[string][]impl // memo: "iface.method" -> implementations
	// wirings memoises wiring.
	wirings map[string]token.Pos
	// taken are the errors the program's packages take: a statement
	// whose duplicate is renamed to one is handled (HandledErrors).
	taken map[string]bool
	// keys are, by wired method, the parts of its arguments in which
	// every retried call of it passes the operation key.
	keys map[string][]valueflow.KeyArg
	// wraps are, by wired method, how each root that calls it can put
	// its key in the context it passes (catalog.Carried).
	wraps map[string][]pendingWrap
	// covered are the wired methods that a root calls more than once
	// per operation with a context that comes through a place where
	// some root's wrap puts a key (PendingCall.Covered).
	covered map[string]bool
	// adapted are the method values the linked packages convert to
	// adapter types (adaptedImpls).
	adapted []valueflow.Adapted
	// decorated are the instances of interfaces the program wraps in
	// a decorator that runs them in a transaction (txDecorated).
	decorated []valueflow.TxDecorated
	// converted says, for each function type with methods the program
	// converts functions to ("pkg.Type"), whether every one of them
	// returns a fresh value (Pending.Converted).
	converted map[string]bool
	// wrapped memoises builtWithPool: by database interface, whether
	// a type of the program implements it.
	wrapped map[string]bool
	// stored are the types the program stores into fields of
	// interface type, and the Fills of fields of function type, by
	// field (FieldTypes).
	stored storedFields
	// returns are the Fills of what the program's functions that
	// return a function return, by catalog.FuncKey.
	returns map[string][]string
	// generators are the program's functions, not methods, that return
	// a fresh value (Generators), by catalog.FuncKey.
	generators map[string]bool
}

type impl struct {
	fn   *types.Func
	name string // "*postgres.Store"
	// recv and embed, for a method promoted from an embedded field: the
	// implementing type, and the path of the field whose method runs
	// (".Queries"), from which its receiver's handles are reached.
	recv  types.Type
	embed string
	// targs, for a generic type's method (a Repository[T] that
	// implements Store[T]), are the type arguments the wired call
	// instantiates it with: they name its statements' model tables.
	targs []types.Type
	// reordered, for a forwarding literal's method (Adapted.Reordered),
	// says the method is not given the call's arguments place by place.
	reordered bool
}

// resolveProgram resolves the wired calls of the packages the composition
// root links.
func resolveProgram(pass *analysis.Pass, cat *catalog.Catalog, taken map[string]bool) ([]ProgramDefect, []ProgramRoot) {
	// In the order of the packages' paths: the facts come in no order,
	// and the first root to reach a defect names it.
	facts := pass.AllPackageFacts()
	slices.SortFunc(facts, func(a, b analysis.PackageFact) int { return strings.Compare(a.Package.Path(), b.Package.Path()) })
	var pending []*valueflow.Pending
	var adapted []valueflow.Adapted
	var decorated []valueflow.TxDecorated
	converted := map[string]bool{}
	stored := storedFields{}
	returns := map[string][]string{}
	generators := map[string]bool{}
	for _, f := range facts {
		if g, ok := f.Fact.(*valueflow.Generators); ok {
			for _, key := range g.Funcs {
				generators[key] = true
			}
		}
		if ft, ok := f.Fact.(*valueflow.FieldTypes); ok {
			stored.add(ft)
			for _, r := range ft.Returns {
				returns[r.Field] = r.Types
			}
		}
		if p, ok := f.Fact.(*valueflow.Pending); ok {
			pending = append(pending, p)
			adapted = append(adapted, p.Adapted...)
			decorated = append(decorated, p.Decorated...)
			for _, c := range p.Converted {
				key := c.Pkg + "." + c.Type
				fresh, seen := converted[key]
				converted[key] = c.Fresh && (fresh || !seen)
			}
		}
	}
	if len(pending) == 0 {
		return nil, nil
	}
	p := &program{pass: pass, cat: cat, locator: locator{fset: pass.Fset, pkgs: map[string]*types.Package{}}, impls: map[string][]impl{}, wirings: map[string]token.Pos{}, adapted: adapted, decorated: decorated, converted: converted, wrapped: map[string]bool{}, taken: taken, stored: stored, returns: returns, generators: generators}
	p.link(pass.Pkg)
	pending = p.settleAwaiting(pending)
	p.keys = agreedKeys(cat, pending)
	p.wraps = wrapsOf(pending)
	p.covered = coveredMethods(pending, p.wraps)
	var out []ProgramDefect
	for _, pend := range pending {
		for _, pc := range pend.Calls {
			out = append(out, p.resolve(pc)...)
		}
		for _, id := range pend.Injected {
			out = append(out, p.injected(id)...)
		}
	}
	settleIntents(out)
	roots := p.rootStmts(pending)
	for i := range out {
		if out[i].Kind == valueflow.FreshIdentity && repeatsBefore(roots, &out[i]) {
			out[i].Fix, out[i].Repeats = nil, true
		}
		if out[i].Kind == valueflow.FreshIdentity && (out[i].Sink.Kind == valueflow.ColumnSink || out[i].Sink.Kind == valueflow.ModelSink) {
			out[i].Insert = sinkStmt(roots, &out[i])
		}
	}
	for _, r := range roots {
		out = append(out, r.Keyless...)
	}
	if cat.Config().WholeProgram {
		for i := range out {
			out[i].ChainAt = p.locateAll(out[i].Chain)
			out[i].InnerAt = p.locateAll(out[i].Defect.Chain)
			out[i].SinkAt = p.locate(out[i].Sink.At, "")
		}
	}
	return out, roots
}

// locateAll places each frame, by the package its function names.
func (p *program) locateAll(frames []valueflow.Frame) []token.Pos {
	out := make([]token.Pos, len(frames))
	for i, f := range frames {
		out[i] = p.locate(f, "")
	}
	return out
}

// repeatsBefore reports whether, on the defect's root, a write that a
// retry repeats with another result (an INSERT without conflict
// handling, an UPDATE or upsert that adds to a value) commits before
// the INSERT the fresh value becomes, apart from it: a value derived
// from the key would make the retry fail at that INSERT after repeating
// the write, each time, where the fresh value let it finish. The fix is
// then no fix; the writes belong in one transaction first.
func repeatsBefore(roots []ProgramRoot, d *ProgramDefect) bool {
	for i := range roots {
		r := &roots[i]
		if r.Root != d.Root {
			continue
		}
		for s := range r.Stmts {
			sink := &r.Stmts[s]
			if sink.At.Func != d.Sink.At.Func || sink.Parsed.Kind != sqltext.Insert || !sameWay(sink.Through, d.Through) {
				continue
			}
			for w := 0; w < s; w++ {
				st := &r.Stmts[w]
				if effects.Repeats(st.Parsed) && !r.Exclusive(w, s) && (st.Unit == "" || st.Unit != sink.Unit || st.Autocommit()) {
					return true
				}
			}
		}
	}
	return false
}

// sinkStmt returns the INSERT of the defect's root that its fresh value
// becomes the identity of: the one INSERT into the sink's table that
// fills its column, on the way of the defect's wired calls; nil when
// there is none or several.
func sinkStmt(roots []ProgramRoot, d *ProgramDefect) *ProgramStmt {
	table, col := d.Sink.Table, d.Sink.Column
	if d.Sink.Kind == valueflow.ModelSink {
		table, col = d.Sink.Stored, catalog.GormColumn(col) // a model's field, in the table its ORM stores it in
	}
	var found *ProgramStmt
	for i := range roots {
		if roots[i].Root != d.Root {
			continue
		}
		for s := range roots[i].Stmts {
			st := &roots[i].Stmts[s]
			if st.Parsed.Kind != sqltext.Insert || !strings.EqualFold(st.Parsed.Table, table) || !slices.ContainsFunc(st.Parsed.Columns, func(c string) bool { return strings.EqualFold(c, col) }) || !sameWay(st.Through, d.Through) {
				continue
			}
			if found != nil && found.Lit != st.Lit {
				return nil
			}
			found = st
		}
	}
	return found
}

// sameWay reports whether two chains of wired calls from a root agree
// as far as both go: a statement the defect's value reaches, not the
// same statement run by another call of its function.
func sameWay(a, b []Resolution) bool {
	for k := range min(len(a), len(b)) {
		if a[k].Call.At != b[k].Call.At || a[k].Impl != b[k].Impl {
			return false
		}
	}
	return true
}

// injected decides a fresh value that a root's package makes with an
// injected generator, or past wired calls that decide whether it is
// written: a defect when every generator the program wires there is
// fresh and no implementation of those calls is a guard.
func (p *program) injected(id valueflow.InjectedDefect) []ProgramDefect {
	def := id.Defect
	if def.Via != nil && !p.generates(*def.Via) || p.guarded(def.Guards, def.Sink.Kind == valueflow.SlotSink) || def.Sink.Kind != valueflow.SlotSink && p.failsGuard(def.Guards) || p.rereadBy(def.Rereads) {
		return nil
	}
	d := ProgramDefect{Defect: def, Root: id.Root, Chain: id.Chain, Wiring: p.wiring(id.Pkg), Fix: id.Fix}
	if p.cat.Config().WholeProgram {
		// The value is made in the root's package, or in one of the
		// functions it calls (importedRereads).
		d.Pos = cmp.Or(p.locate(def.Origin.At, id.Pkg), p.locate(def.Origin.At, ""))
	}
	return []ProgramDefect{d}
}

// rereadBy reports whether one of the wired calls, in every
// implementation the program wires, scans a stored row back into the
// field it is handed (its summary's ParamRereads): past it, the field
// holds the stored value on a retry, not the fresh one.
func (p *program) rereadBy(rs []valueflow.WiredReread) bool {
	for _, r := range rs {
		want := valueflow.ParamPath{Param: r.Arg + 1, Path: r.Path} // the receiver is parameter 0
		ims := p.implementations(r.Call)
		if len(ims) > 0 && !slices.ContainsFunc(ims, func(im impl) bool {
			s := p.summary(im.fn)
			return s == nil || !slices.Contains(s.ParamRereads, want)
		}) {
			return true
		}
	}
	return false
}

// accessedFor returns the fix that reads the key from a slot of the
// context that the program's middleware fills from the request
// (FreshArg.Accessed) where it holds for root: a root that is the
// function the value is made in, of a kind keyed by its request.
func accessedFor(f *valueflow.KeyFix, root string) *valueflow.KeyFix {
	if f == nil {
		return nil
	}
	kind, name := catalog.RootKind(root)
	if !catalog.RequestKeyed(kind) || f.Enters != name && !strings.HasSuffix(f.Enters, "."+name) {
		return nil
	}
	return f
}

// resolve follows one pending call into the implementations.
func (p *program) resolve(pc valueflow.PendingCall) []ProgramDefect {
	base := ProgramDefect{Root: pc.Root, Chain: pc.Chain, Wiring: p.wiring(pc.Call.Pkg), Tolerated: pc.Tolerated}
	var out []ProgramDefect
	for _, fa := range pc.Fresh {
		if pc.StateGuarded || fa.Via != nil && !p.generates(*fa.Via) {
			continue
		}
		d := base
		d.Ignores = fa.Ignores
		if p.cat.Config().WholeProgram {
			d.Pos = p.locate(fa.Origin.At, fa.Pkg)
		}
		for _, found := range p.freshArg(d, fa.Origin, pc.Call, fa.Arg, fa.Path, 0) {
			if p.guarded(fa.Guards, isKey(found)) || fa.Stopped(isKey(found)) || !isKey(found) && p.failsGuard(fa.Guards) {
				continue
			}
			found.Logs = !isKey(found) && p.logsOutcome(fa.OutcomeOf)
			found.FailsFirst = fa.FailsFirst && found.Defect.Sink.Kind == valueflow.ModelSink
			found.Fix = fa.Local
			if found.Fix == nil {
				found.Fix = accessedFor(fa.Accessed, pc.Root)
			}
			out = append(out, found)
		}
	}
	for _, d := range p.inside(base, pc.Call, pc.Empty, pc.Keyed, 0) {
		if pc.StateGuarded && d.Defect.Kind == valueflow.FreshIdentity {
			continue // a row inserted once: the guard's write commits with it or before it
		}
		if d.Defect.Kind == valueflow.FreshIdentity && (p.guarded(pc.Guards, isKey(d)) || p.workGuarded(pc.Work, isKey(d)) || !isKey(d) && p.failsGuard(pc.Guards)) {
			continue // a claim, or an INSERT that fails, before the call stops the retry that would insert it again
		}
		if d.Defect.Kind == valueflow.KeylessEffect && !d.Defect.Keyless.Retries && p.guarded(pc.Guards, true) {
			continue // a claim before the call stops the retry, not its client's
		}
		d.Fix = p.keyFix(d.candidates, pc.Call, pc.Root)
		out = append(out, d)
	}
	return out
}

func wiredKey(c valueflow.WiredCall) string {
	return c.Iface + "[" + strings.Join(c.TypeArgs, ",") + "]." + c.Method
}

// agreedKeys returns, by wired method, the parts of its arguments in
// which every pending call of it passes the operation key: a fix of the
// implementation serves every caller the program's retried paths show.
// A method that one root calls more than once gets none: one key would
// derive the same value for both calls.
func agreedKeys(cat *catalog.Catalog, pending []*valueflow.Pending) map[string][]valueflow.KeyArg {
	byMethod := map[string][]valueflow.PendingCall{}
	twice := map[string]bool{} // wired methods a root calls more than once
	calls := map[string]int{}  // calls of a wired method by one root
	for _, pend := range pending {
		for _, pc := range pend.Calls {
			k := wiredKey(pc.Call)
			byMethod[k] = append(byMethod[k], pc)
			calls[pc.Root+"|"+k]++
			twice[k] = twice[k] || calls[pc.Root+"|"+k] > 1
		}
	}
	out := map[string][]valueflow.KeyArg{}
	for k, pcs := range byMethod {
		if twice[k] {
			continue
		}
		var keys []valueflow.KeyArg
		for _, pc := range pcs {
			for _, a := range pc.Keys {
				if !slices.Contains(keys, a) {
					keys = append(keys, a)
				}
			}
		}
		out[k] = slices.DeleteFunc(keys, func(a valueflow.KeyArg) bool {
			return slices.ContainsFunc(pcs, func(pc valueflow.PendingCall) bool {
				return !slices.Contains(pc.Keys, a) && !elsewhereEmpty(cat, a, pc.Root)
			})
		})
	}
	return out
}

// elsewhereEmpty reports whether a key read from the context of roots
// of one kind reads empty in the context of root, a root of another
// kind, so that the fix keeps the fresh value there (a gRPC call's
// metadata is in no HTTP request's context): such a caller neither
// needs the key nor gets one value for several calls.
func elsewhereEmpty(cat *catalog.Catalog, a valueflow.KeyArg, root string) bool {
	if a.Context == catalog.Carried {
		return true // a caller that puts no key in reads none
	}
	if a.Context == "" || strings.HasPrefix(root, a.Context+" ") {
		return false
	}
	ck, ok := cat.ContextKey(a.Context)
	return ok && ck.MayBeEmpty
}

// keyFix returns the first of the fixes prepared for a fresh value made
// in the implementation of the wired call that derives it from a part of
// a parameter the call fills with the operation key.
// A fix that reads the key from a context serves only callers that pass
// the context of a root of its kind, in a program that links what it
// calls.
// A fix that reads a key the roots put in the context themselves edits
// their calls too, and comes last: the others edit the method alone.
func (p *program) keyFix(candidates []valueflow.KeyFix, call valueflow.WiredCall, root string) *valueflow.KeyFix {
	if i := slices.IndexFunc(candidates, func(f valueflow.KeyFix) bool { return f.Intent != nil }); i >= 0 {
		// The operation's record keys the value whatever the root's
		// caller sends; the others stand in where it is not one.
		f := candidates[i]
		f.Else = p.keyFix(slices.Delete(slices.Clone(candidates), i, i+1), call, root)
		return &f
	}
	keys := p.keys[wiredKey(call)]
	for _, carried := range []bool{false, true} {
		for i, f := range candidates {
			if (f.Context == catalog.Carried) != carried {
				continue
			}
			for _, k := range keys {
				if f.Param != k.Arg+1 || f.Path != k.Path || f.Context != k.Context || f.Needs != "" && !opkey.HasFunc(p.pass.Pkg, f.Needs) { // the receiver is parameter 0
					continue
				}
				if !carried {
					return &candidates[i]
				}
				if c := p.carried(f, call, root); c != nil {
					return c
				}
			}
		}
	}
	return nil
}

// guarded reports whether one of the wired calls that decide whether a
// fresh value goes on runs a dedup guard in every implementation: a
// conflict-tolerant INSERT whose outcome it returns (a key claimed, or
// not). A claim whose row is read back lets the retry go on while the
// row says the work is not done, and a fresh key that the path then
// hands another system is a new key on the retry: such a guard guards
// the rows the path inserts, not keys (key is set for a fresh value
// that becomes another system's dedup key).
func (p *program) guarded(calls []valueflow.WiredCall, key bool) bool {
	return p.guardedIn(calls, key, 0)
}

// guardedIn is guarded; an implementation whose guard is a wired call
// of its own whose results it uses (a repository's Claim returning what
// the queries' ClaimKey's rows affected say) runs one too, to a few
// levels.
func (p *program) guardedIn(calls []valueflow.WiredCall, key bool, depth int) bool {
	stops := func(st valueflow.SQLStmt) bool {
		if st.Wired != nil {
			return depth < 2 && !st.Wired.Discarded && p.guardedIn([]valueflow.WiredCall{st.Wired.Call}, key, depth+1)
		}
		return st.Guard && !(st.ReadBack && key)
	}
	for _, call := range calls {
		if call.Fails {
			continue // its failure stops the path, not its outcome
		}
		if p.runsInEvery(call, stops) {
			return true
		}
	}
	return false
}

// failsFirst reports whether one of the wired calls that s lists before
// sink, whose failure fails the function, inserts in every
// implementation a row under an identity the function s is of is given
// (a dispute under the provider's dispute ID), with no conflict
// handling: a retry fails there, before a fresh ID passed to sink makes
// a second row of its own.
func (p *program) failsFirst(s *valueflow.Summary, sink valueflow.WiredCall) bool {
	end := slices.IndexFunc(s.Stmts, func(st valueflow.SQLStmt) bool {
		return st.Wired != nil && st.Wired.Call.At == sink.At && wiredKey(st.Wired.Call) == wiredKey(sink)
	})
	if end < 0 {
		return false
	}
	for i := range s.Stmts[:end] {
		st := &s.Stmts[i]
		if st.Wired == nil || st.Optional || slices.Contains(st.Exclusive, end) || st.FailureOf != nil {
			continue
		}
		if p.runsInEvery(st.Wired.Call, func(x valueflow.SQLStmt) bool { return p.insertsGiven(s, x, st.Wired) }) {
			return true
		}
	}
	return false
}

// failsGuard reports whether one of the wired calls that decide whether
// a fresh value's path goes on (its guards) inserts, in every
// implementation, a row under an identity the call's arguments give
// that are the same on every delivery (WiredCall.Stable), with no
// conflict handling: a refund under the provider's refund ID before the
// ledger entry under a fresh ID; or runs a compare-and-set that fails
// when it changes no row (claimsRow), whatever its arguments. The retry
// fails there first, whichever function of the path the fresh value is
// made in.
func (p *program) failsGuard(guards []valueflow.WiredCall) bool {
	for _, g := range guards {
		if p.runsInEvery(g, func(x valueflow.SQLStmt) bool { return p.insertsStable(x, g.Stable) || claimsRow(x) }) {
			return true
		}
	}
	return false
}

// claimsRow reports whether x, a statement of an implementation of a
// wired call, is a compare-and-set UPDATE that returns the row it
// changed (UPDATE tickets SET status = 'weighed' WHERE id = $1 AND
// status = 'open' RETURNING ...): a retry after it committed finds no
// row, which its read answers with an error (no rows), failing there,
// unless the function that runs it takes that error (NoRowTaken). So
// does one whose function answers no row changed with an error of its
// own (NoRowFails: mustAffect's ErrNotFound). The row it names exists
// already, so the retry names it again.
func claimsRow(x valueflow.SQLStmt) bool {
	if x.Wired != nil || !x.Guard || x.Optional {
		return false
	}
	parsed := sqltext.Parse(x.SQL)
	if parsed.Kind != sqltext.Update || !effects.CompareAndSet(parsed) {
		return false
	}
	return parsed.Returning && !x.NoRowTaken || x.NoRowFails
}

// insertsStable reports whether x, a statement of an implementation of
// a wired call, inserts with no conflict handling a row whose identity
// is filled from arguments of the call in stable (the receiver is the
// implementation's parameter 0), whole or the field of one.
func (p *program) insertsStable(x valueflow.SQLStmt, stable []valueflow.ArgSource) bool {
	return p.plainInsertOf(x, func(i int) bool {
		if i >= len(x.Args) || x.Args[i].Param < 1 {
			return false
		}
		a := x.Args[i]
		return slices.ContainsFunc(stable, func(st valueflow.ArgSource) bool {
			return st.Param == a.Param-1 && (st.Path == "" || a.Path == st.Path || strings.HasPrefix(a.Path, st.Path+"."))
		})
	})
}

// insertsGiven reports whether x, a statement of an implementation of
// wired call w, inserts with no conflict handling a row whose own
// identity the caller of w gives: its parameters, or constants.
func (p *program) insertsGiven(s *valueflow.Summary, x valueflow.SQLStmt, w *valueflow.WiredStmt) bool {
	return p.plainInsertOf(x, func(i int) bool { return i < len(x.Args) && givenAt(s, w, x.Args[i]) })
}

// plainInsertOf reports whether x is an INSERT, with no conflict
// handling where it runs and whose failure fails its function, that
// fills its row's identity (identityGiven) with the arguments given
// says, by placeholder index.
func (p *program) plainInsertOf(x valueflow.SQLStmt, given func(i int) bool) bool {
	if x.Wired != nil || x.Absorbed || x.Optional {
		return false
	}
	parsed := sqltext.Parse(x.SQL)
	if parsed.Kind != sqltext.Insert || parsed.Conflict || parsed.Columns == nil {
		return false
	}
	return p.identityGiven(parsed, given)
}

// identityGiven reports whether an INSERT fills a column of its table's
// own identity, or every column of a key its schema declares, with
// arguments that given says (by placeholder index) the caller hands
// down.
func (p *program) identityGiven(parsed *sqltext.Statement, given func(i int) bool) bool {
	var cols []string // the columns the caller's values fill
	for i, col := range parsed.Columns {
		args := parsed.ArgsOf(i)
		if len(args) == 0 || slices.ContainsFunc(args, func(a sqltext.Param) bool { return a.Index < 0 || !given(a.Index) }) {
			continue
		}
		if p.cat.IsOwnIdentity(parsed.Table, col) {
			return true
		}
		cols = append(cols, col)
	}
	// A key the schema declares, which those columns fill (a permit
	// under UNIQUE (application_id)), whatever its own ID.
	return len(cols) > 0 && p.cat.FailsOnAnotherKey(parsed.Table, cols, "")
}

// givenAt reports whether a, an argument source of an implementation of
// w, a wired call of s (the receiver is parameter 0), is at the call a
// parameter of the caller, or a field of a struct built in place that
// one fills, or a constant, or the identity of a row a lookup of s found
// by the caller's parameters (o.ID of the order Get(ctx, orderID) found).
func givenAt(s *valueflow.Summary, w *valueflow.WiredStmt, a valueflow.ArgSource) bool {
	if a.Param < 1 || a.Param-1 >= len(w.Args) {
		return false
	}
	if w.Args[a.Param-1].Param >= 0 {
		return true
	}
	for _, l := range w.Lookups {
		// The row looked up, or a field of it (d.ID, where d is what
		// Get(ctx, donationID) returned).
		within := l.Arg.Param == a.Param-1 && (l.Arg.Path == a.Path || strings.HasPrefix(a.Path, l.Arg.Path+"."))
		if !within || l.Entry < 0 || l.Entry >= len(s.Stmts) || s.Stmts[l.Entry].Wired == nil || len(l.Keys) == 0 {
			continue
		}
		by := s.Stmts[l.Entry].Wired
		if !slices.ContainsFunc(l.Keys, func(k int) bool { return k >= len(by.Args) || by.Args[k].Param < 0 }) {
			return true
		}
	}
	for _, f := range w.Fields {
		if f.Arg == a.Param-1 && f.Path == a.Path {
			return f.Source.Param >= 0 || f.Source.Param == valueflow.ConstParam
		}
	}
	return false
}

// logsOutcome reports whether one of the wired calls, whose results a
// row stores beside a fresh ID, makes in every implementation an
// external call without a key and returns its outcome (the message ID
// a mail API gives, the status a webhook's endpoint answers): the row
// logs each attempt's call, and a retry that adds one logs a second
// call, which is that call's finding. A keyed call's outcome is the
// same on the retry, and a row under a fresh ID then duplicates it.
func (p *program) logsOutcome(calls []valueflow.WiredCall) bool {
	for _, call := range calls {
		impls := p.implementations(call)
		if len(impls) > 0 && !slices.ContainsFunc(impls, func(im impl) bool {
			s := p.summary(im.fn)
			return s == nil || !slices.ContainsFunc(s.Effects, func(e valueflow.Effect) bool { return e.Outcome && (e.Absent || e.NoSlot) })
		}) {
			return true
		}
	}
	return false
}

// isKey reports whether a fresh value's sink is another system's dedup
// key (a provider's idempotency key, a message's ID), not a row's.
func isKey(d ProgramDefect) bool {
	return d.Defect.Sink.Kind == valueflow.SlotSink
}

// freshArg finds where a fresh value passed to a wired call becomes an
// identity, in each implementation.
func (p *program) freshArg(d ProgramDefect, origin valueflow.Origin, call valueflow.WiredCall, arg int, at string, depth int) []ProgramDefect {
	var out []ProgramDefect
	param := arg + 1 // the receiver is parameter 0 of a method
	p.eachImpl(d, call, depth, func(step ProgramDefect, s *valueflow.Summary, im impl) {
		sunk := false
		for _, ps := range s.ParamSinks {
			if ps.Param == param && ps.Path == at {
				step.Defect = valueflow.Defect{Kind: valueflow.FreshIdentity, Origin: origin, Sink: ps.Sink, Chain: ps.Chain}
				out = append(out, step)
				sunk = true
			}
		}
		for _, e := range s.Effects {
			// The key of an external call the implementation makes
			// through a sender the tracer does not follow (a provider
			// package's c.http.Do(ctx, Request{Headers: ...})).
			if !sunk && e.KeyParam == param && e.KeyPath == at && !e.KeyUnknown && !e.NoSlot && !e.Absent {
				step.Defect = valueflow.Defect{Kind: valueflow.FreshIdentity, Origin: origin, Sink: valueflow.SinkInfo{Kind: valueflow.SlotSink, What: "the provider's idempotency key", At: cmp.Or(e.Origin, e.At)}, Chain: []valueflow.Frame{e.At}}
				out = append(out, step)
				sunk = true
			}
		}
		for _, st := range s.Stmts {
			// An INSERT the implementation renders from what it is
			// given (a generic repository's Create of the caller's
			// model), into the row's own identity.
			if sink, ok := p.insertsAsIdentity(st, param, at); ok && !sunk {
				step.Defect = valueflow.Defect{Kind: valueflow.FreshIdentity, Origin: origin, Sink: sink, Chain: []valueflow.Frame{st.At}}
				out = append(out, step)
				sunk = true
			}
			// A generic repository's insert of its type parameter's
			// model: the type argument names the identity field.
			if g := st.Model; g != nil && g.Param == param && genericInsert(g) && g.TypeArg < len(im.targs) {
				if sink, ok := valueflow.GenericModelSink(p.cat, im.targs[g.TypeArg], at); ok {
					sink.At = st.At
					step.Defect = valueflow.Defect{Kind: valueflow.FreshIdentity, Origin: origin, Sink: sink, Chain: []valueflow.Frame{st.At}}
					out = append(out, step)
				}
			}
		}
		for _, pw := range s.ParamsWired {
			if pw.Param == param && strings.HasPrefix(at, pw.Path) {
				found := p.freshArg(step, origin, pw.Call, pw.Arg, pw.ArgPath+strings.TrimPrefix(at, pw.Path), depth+1)
				out = append(out, slices.DeleteFunc(found, func(d ProgramDefect) bool {
					// Handed on past a claim of the key, or an INSERT
					// that fails a retry first: made once.
					return p.guarded(pw.Guards, isKey(d)) || !isKey(d) && p.failsGuard(pw.Guards)
				})...)
			}
		}
	})
	return out
}

// insertsAsIdentity returns the identity column of its table's own rows
// that st, a statement of an implementation, fills with its parameter
// param at path at, when st inserts without conflict handling and the
// other columns its caller's values fill are no key of the table (they
// are taken to repeat, as the fields of a model built elsewhere are:
// the retry would fail on that key first).
func (p *program) insertsAsIdentity(st valueflow.SQLStmt, param int, at string) (valueflow.SinkInfo, bool) {
	if st.Wired != nil || st.Absorbed || st.Optional || !slices.Contains(st.Args, valueflow.ArgSource{Param: param, Path: at}) {
		return valueflow.SinkInfo{}, false
	}
	parsed := sqltext.Parse(st.SQL)
	if parsed.Kind != sqltext.Insert || parsed.Conflict {
		return valueflow.SinkInfo{}, false
	}
	id := ""
	var others []string // the other columns the caller's values fill
	for i, col := range parsed.Columns {
		args := parsed.ArgsOf(i)
		if len(args) != 1 || args[0].Index < 0 || args[0].Index >= len(st.Args) || st.Args[args[0].Index].Param < 0 {
			continue
		}
		if st.Args[args[0].Index] == (valueflow.ArgSource{Param: param, Path: at}) && p.cat.IsOwnIdentity(parsed.Table, col) {
			id = col
		} else {
			others = append(others, col)
		}
	}
	if id == "" || p.cat.FailsOnAnotherKey(parsed.Table, others, id) {
		return valueflow.SinkInfo{}, false
	}
	return valueflow.SinkInfo{Kind: valueflow.ColumnSink, Table: parsed.Table, Column: id, At: st.At}, true
}

// genericInsert reports whether a generic model write inserts without
// conflict handling.
func genericInsert(g *valueflow.GenericModel) bool {
	return g.Kind == int(sqltext.Insert) && !g.Conflict && !g.Upsert && g.ConflictOpts == 0
}

// inside finds the defects made inside the implementations of a wired
// call, and inside those of the wired calls they make in turn; empty
// are the string fields of its arguments that the call leaves empty.
func (p *program) inside(d ProgramDefect, call valueflow.WiredCall, empty []valueflow.ArgSource, keyed []int, depth int) []ProgramDefect {
	var out []ProgramDefect
	p.eachImpl(d, call, depth, func(step ProgramDefect, s *valueflow.Summary, im impl) {
		if depth == 0 {
			step.ctx = soleContext(im.fn)
			step.first = step.ctx
		}
		for _, def := range s.Defects {
			if def.Reported || !leftEmpty(def.OnlyEmpty, empty) || def.Kind == valueflow.FreshIdentity && (p.guarded(def.Guards, def.Sink.Kind == valueflow.SlotSink) || p.rereadBy(def.Rereads) || def.Sink.Kind != valueflow.SlotSink && (p.failsGuard(def.Guards) || p.rowRolledBack(s, def.Sink))) {
				continue
			}
			if def.Kind == valueflow.KeylessEffect && slices.Contains(keyed, bodyArg(im, def)) {
				continue // a body the call builds with a field to drop a repeat by
			}
			if def.Via != nil && !p.generates(*def.Via) {
				continue // an injected generator the program fills with one that is not fresh
			}
			found := step
			found.Defect = def
			if depth == 0 {
				found.candidates = def.KeyFixes
			} else {
				found.candidates = carriedDown(def.KeyFixes, step)
			}
			if p.cat.Config().WholeProgram {
				found.Pos = p.locate(def.Origin.At, "")
			}
			out = append(out, found)
		}
		for _, fw := range s.FreshWired {
			// A fresh value the implementation makes and hands on, to
			// a call that runs past no guard, when the call leaves
			// empty what the value defaults.
			if fw.Via != nil && !p.generates(*fw.Via) || !leftEmpty(fw.OnlyEmpty, empty) {
				continue
			}
			d := step
			d.Ignores = fw.Ignores
			d.Tolerated = d.Tolerated || wiredTolerated(s, fw.Call)
			if depth == 0 {
				d.candidates = fw.KeyFixes
			}
			if p.cat.Config().WholeProgram {
				d.Pos = p.locate(fw.Origin.At, fw.Pkg)
			}
			for _, found := range p.freshArg(d, fw.Origin, fw.Call, fw.Arg, fw.Path, depth+1) {
				if !p.guarded(fw.Guards, isKey(found)) && !fw.Stopped(isKey(found)) && !p.wiredGuarded(s, fw.Call, isKey(found)) && !p.wiredStateGuarded(s, fw.Call) && (isKey(found) || !p.failsFirst(s, fw.Call) && !p.failsGuard(fw.Guards) && !p.wiredFails(s, fw.Call) && !p.wiredRolledBack(s, fw.Call)) {
					found.Logs = !isKey(found) && p.logsOutcome(fw.OutcomeOf)
					found.FailsFirst = fw.FailsFirst && found.Defect.Sink.Kind == valueflow.ModelSink
					out = append(out, found)
				}
			}
		}
		for _, wc := range s.Wired {
			next := step
			next.ctx = passesContext(s, wc, step.ctx)
			next.Tolerated = next.Tolerated || wiredTolerated(s, wc)
			found := p.inside(next, wc, wiredEmpty(s, wc), wiredKeyed(s, wc), depth+1)
			found = slices.DeleteFunc(found, func(d ProgramDefect) bool {
				switch d.Defect.Kind {
				case valueflow.FreshIdentity:
					return p.wiredStateGuarded(s, wc) || p.wiredGuarded(s, wc, isKey(d)) || p.failsFirst(s, wc) || !isKey(d) && (p.wiredFails(s, wc) || p.wiredRolledBack(s, wc))
				case valueflow.KeylessEffect:
					// A claim before the call stops the retry, unless
					// it is read back: then the call runs again while
					// the row says the work is not done. The retries of
					// a client that retries itself it does not stop. An
					// INSERT before it under the caller's identity fails
					// the retry first.
					return !d.Defect.Keyless.Retries && (p.wiredGuarded(s, wc, true) || p.failsFirst(s, wc))
				}
				return false
			})
			out = append(out, found...)
		}
	})
	return out
}

// generates reports whether every implementation of a wired call
// returns a fresh value as its first result (an injected ID
// generator's New), and there is one.
func (p *program) generates(call valueflow.WiredCall) bool {
	return p.generatesIn(call, map[string]bool{})
}

// generatesIn is generates; an implementation that returns what a wired
// call returns (a generator that prefixes another's IDs) is fresh when
// that call's implementations are, the calls being decided (deciding)
// taken as fresh, so that a decorator of the interface it implements
// is judged by the others. An adapter of a function to the interface
// (type Func func() string) is fresh when every function the program
// converts to it is; converted nowhere, it decides nothing by itself:
// it is left out, when other implementations decide.
func (p *program) generatesIn(call valueflow.WiredCall, deciding map[string]bool) bool {
	if call.Field != "" {
		return p.fieldGenerates(call.Field)
	}
	key := wiredKey(call)
	if deciding[key] {
		return true
	}
	deciding[key] = true
	defer delete(deciding, key)
	ims := p.implementations(call)
	decided := 0
	for _, im := range ims {
		s := p.summary(im.fn)
		switch {
		case s != nil && slices.ContainsFunc(s.FreshResults, func(fr valueflow.FreshResult) bool { return fr.Result == 0 && fr.Path == "" }):
		case s != nil && len(s.FreshVia) > 0 && !slices.ContainsFunc(s.FreshVia, func(w valueflow.WiredCall) bool { return !p.generatesIn(w, deciding) }):
		case s != nil && funcAdapter(im.fn, s):
			fresh, known := p.converted[adapterType(im.fn)]
			if known && !fresh {
				return false // an adapter of a function that is not fresh
			}
			if !known {
				continue
			}
		default:
			return false
		}
		decided++
	}
	return decided > 0
}

// adapterType names the function type whose method fn is ("pkg.Type").
func adapterType(fn *types.Func) string {
	named, ok := types.Unalias(fn.Signature().Recv().Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

// funcAdapter reports whether fn is the method of a function type that
// calls its receiver (func (f Func) New() string { return f() }).
func funcAdapter(fn *types.Func, s *valueflow.Summary) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	_, isFunc := recv.Type().Underlying().(*types.Signature)
	return isFunc && slices.Contains(s.Runs, 0)
}

// wiredStateGuarded reports whether the summary lists wired call wc as
// run only after a state guard's write (SQLStmt.StateGuarded, or a
// StateVia the program's implementations confirm): a row the call
// inserts is inserted once.
func (p *program) wiredStateGuarded(s *valueflow.Summary, wc valueflow.WiredCall) bool {
	st := wiredEntry(s, wc)
	return st != nil && (st.StateGuarded || p.stateSet(s.Stmts, st))
}

// stateSet reports whether one of the wired writes of the state tests
// that st, an entry of list, runs past (SQLStmt.StateVia) sets, in every implementation,
// the state the test leaves on: an UPDATE that sets the column to the
// constant (UPDATE pickups SET status = 'cancelled' past a test for
// "cancelled"), or to another when the test leaves on any other.
func (p *program) stateSet(list []valueflow.SQLStmt, st *valueflow.SQLStmt) bool {
	for _, v := range st.StateVia {
		if v.Entry >= len(list) || list[v.Entry].Wired == nil {
			continue
		}
		// The row the test read: an UPDATE of another table's status
		// (a submission superseded past the milestone's test) sets
		// nothing the test reads.
		read := func(table string) bool {
			r := v.ReadBy - 1
			return r < 0 || r >= len(list) || list[r].Wired == nil || p.runsInEvery(list[r].Wired.Call, func(x valueflow.SQLStmt) bool { return selectsFrom(x, table) })
		}
		if p.runsInEvery(list[v.Entry].Wired.Call, func(x valueflow.SQLStmt) bool { return setsColumn(x, v) && read(sqltext.Parse(x.SQL).Table) }) {
			return true
		}
	}
	return false
}

// selectsFrom reports whether x reads rows of table.
func selectsFrom(x valueflow.SQLStmt, table string) bool {
	parsed := sqltext.Parse(x.SQL)
	return x.Wired == nil && parsed.Kind == sqltext.Select && strings.EqualFold(parsed.Table, table)
}

// setsColumn reports whether x is an UPDATE that sets v's column to a
// constant, v's value when v is Done, another when not, on every path
// of its function.
func setsColumn(x valueflow.SQLStmt, v valueflow.StateSet) bool {
	if x.Wired != nil || x.Optional || x.OnFailure {
		return false
	}
	parsed := sqltext.Parse(x.SQL)
	if parsed.Kind != sqltext.Update {
		return false
	}
	tok, ok := parsed.Set[v.Column]
	if !ok || len(tok) < 2 || tok[0] != '\'' || tok[len(tok)-1] != '\'' {
		return false
	}
	return (tok[1:len(tok)-1] == v.Value) == v.Done
}

// wiredGuarded reports whether the summary lists wired call wc as run
// only past a dedup guard: one of the list's own, or a wired call that
// runs one in every implementation.
func (p *program) wiredGuarded(s *valueflow.Summary, wc valueflow.WiredCall, key bool) bool {
	st := wiredEntry(s, wc)
	if st == nil || st.Wired == nil {
		return false
	}
	return st.Wired.PastGuard || p.guarded(st.Wired.Guards, key) || p.workGuarded(workGuards(s, st), key)
}

// workGuarded reports whether the work a wired unit of work runs
// (s.tx.Do(ctx, func(ctx) error {...}) after a claim) runs past the
// runner's guards: every implementation runs the work once, in a
// transaction it begins, so a retry stops at the claim before the
// runner. A runner that runs it again when it fails does not stop the
// second run.
func (p *program) workGuarded(w *valueflow.WorkGuards, key bool) bool {
	if w == nil || !w.PastGuard && !p.guarded(w.Guards, key) {
		return false
	}
	return p.runsOnceInTx(w.Runner, w.Arg)
}

// runsOnceInTx reports whether every implementation of runner, of which
// there is one, runs its argument arg (a unit of work's function) once,
// in a transaction it begins.
func (p *program) runsOnceInTx(runner valueflow.WiredCall, arg int) bool {
	impls := p.implementations(runner)
	arg++ // the receiver is parameter 0
	return len(impls) > 0 && !slices.ContainsFunc(impls, func(im impl) bool {
		s := p.summary(im.fn)
		return im.reordered || s == nil || !slices.Contains(s.RunsInTx, arg) || slices.Contains(s.RunsAgain, arg)
	})
}

// rolledBack reports whether entry of s's list, a row's INSERT, runs in
// a unit of work whose every implementation runs it in a transaction
// beside, on every path, a plain INSERT of a row whose identity the
// caller gives (a transfer under the partner's transfer ID): a retry
// fails at that INSERT, which rolls back the row entry adds, whichever
// runs first.
func (p *program) rolledBack(s *valueflow.Summary, entry int) bool {
	st := &s.Stmts[entry]
	if !st.FromWork || st.Callback < 1 || st.Callback > len(s.Stmts) || s.Stmts[st.Callback-1].Wired == nil {
		return false
	}
	if !p.runsOnceInTx(s.Stmts[st.Callback-1].Wired.Call, st.CallbackArg) {
		return false
	}
	for i := range s.Stmts {
		x := &s.Stmts[i]
		if i == entry || !x.FromWork || x.Callback != st.Callback || x.Optional || x.OnFailure || slices.Contains(x.Exclusive, entry) {
			continue
		}
		if p.insertsFromCaller(*x) || x.Wired != nil && p.wiredInsertsGiven(s, x.Wired) {
			return true
		}
	}
	return false
}

// wiredInsertsGiven reports whether every implementation of wired entry
// w of s, of which there is one, inserts with no conflict handling a
// row whose identity the caller of w gives.
func (p *program) wiredInsertsGiven(s *valueflow.Summary, w *valueflow.WiredStmt) bool {
	return p.runsInEvery(w.Call, func(x valueflow.SQLStmt) bool { return p.insertsGiven(s, x, w) })
}

// runsInEvery reports whether every implementation of call, of which
// there is one, lists a statement that holds: a guard, an INSERT under
// the caller's identity, the write of a state.
func (p *program) runsInEvery(call valueflow.WiredCall, holds func(valueflow.SQLStmt) bool) bool {
	ims := p.implementations(call)
	return len(ims) > 0 && !slices.ContainsFunc(ims, func(im impl) bool {
		s := p.summary(im.fn)
		return s == nil || !slices.ContainsFunc(s.Stmts, holds)
	})
}

// wiredRolledBack reports whether the summary lists wired call wc in a
// unit of work that a retry fails and rolls back (rolledBack).
func (p *program) wiredRolledBack(s *valueflow.Summary, wc valueflow.WiredCall) bool {
	i := wiredIndex(s, wc)
	return i >= 0 && p.rolledBack(s, i)
}

// insertsFromCaller reports whether x inserts with no conflict handling
// a row whose identity is filled from the function's parameters.
func (p *program) insertsFromCaller(x valueflow.SQLStmt) bool {
	return len(x.Renamed) == 0 && p.plainInsertOf(x, func(i int) bool { return i < len(x.Args) && x.Args[i].Param >= 1 })
}

// rowRolledBack reports whether every INSERT into the table a fresh
// identity becomes, in s's list, is rolledBack.
func (p *program) rowRolledBack(s *valueflow.Summary, sink valueflow.SinkInfo) bool {
	if sink.Kind != valueflow.ColumnSink || sink.Table == "" {
		return false
	}
	found := false
	for i := range s.Stmts {
		parsed := sqltext.Parse(s.Stmts[i].SQL)
		if parsed.Kind != sqltext.Insert || !strings.EqualFold(parsed.Table, sink.Table) {
			continue
		}
		if !p.rolledBack(s, i) {
			return false
		}
		found = true
	}
	return found
}

// wiredFails reports whether the summary lists wired call wc past a
// wired call that fails a retry first (failsGuard).
func (p *program) wiredFails(s *valueflow.Summary, wc valueflow.WiredCall) bool {
	st := wiredEntry(s, wc)
	return st != nil && st.Wired != nil && p.failsGuard(st.Wired.Guards)
}

// leftEmpty reports whether a wired call leaves empty each string field
// of its arguments that a defect's path needs empty (fields count the
// implementation's receiver as parameter 0).
func leftEmpty(fields, empty []valueflow.ArgSource) bool {
	for _, f := range fields {
		if !valueflow.LeavesEmpty(empty, valueflow.ArgSource{Param: f.Param - 1, Path: f.Path}) {
			return false
		}
	}
	return true
}

// wiredEmpty returns the string fields of its arguments that the wired
// call wc of a summarised function leaves empty.
func wiredEmpty(s *valueflow.Summary, wc valueflow.WiredCall) []valueflow.ArgSource {
	if st := wiredEntry(s, wc); st != nil {
		return st.Wired.Empty
	}
	return nil
}

// wiredKeyed returns the arguments of wired call wc of a summary's list
// that are built in place with a field to drop a repeat by filled.
func wiredKeyed(s *valueflow.Summary, wc valueflow.WiredCall) []int {
	st := wiredEntry(s, wc)
	if st == nil {
		return nil
	}
	var out []int
	for i := range st.Wired.Args {
		if setsDedupField(st.Wired.Fields, st.Wired.Empty, i, catalog.IsFilledKeyField) {
			out = append(out, i)
		}
	}
	return out
}

// bodyArg is the argument of a call of im (the receiver left out) whose
// value a keyless call of im's own encodes as its body, or -1.
func bodyArg(im impl, def valueflow.Defect) int {
	if def.BodyArg <= 0 {
		return -1
	}
	if im.fn.Type().(*types.Signature).Recv() != nil {
		return def.BodyArg - 2 // SSA's parameters begin with the receiver
	}
	return def.BodyArg - 1
}

// wiredEntry returns the entry of a summary's statement list that stands
// for wired call wc, or nil.
func wiredEntry(s *valueflow.Summary, wc valueflow.WiredCall) *valueflow.SQLStmt {
	if i := wiredIndex(s, wc); i >= 0 {
		return &s.Stmts[i]
	}
	return nil
}

// wiredIndex returns the index of wired call wc in s's list, or -1.
func wiredIndex(s *valueflow.Summary, wc valueflow.WiredCall) int {
	return slices.IndexFunc(s.Stmts, func(st valueflow.SQLStmt) bool {
		return st.Wired != nil && st.Wired.Call.At == wc.At && wiredKey(st.Wired.Call) == wiredKey(wc)
	})
}

// wraps reports whether im already runs the method of call on the path
// through: a decorator (a retrying gateway whose next field is the
// gateway interface) calls the interface it implements, and what it
// wraps is another implementation, not itself again.
func wraps(through []Resolution, call valueflow.WiredCall, im impl) bool {
	return slices.ContainsFunc(through, func(r Resolution) bool {
		return r.Impl == im.name && wiredKey(r.Call) == wiredKey(call)
	})
}

// eachImpl calls f with each implementation's summary of a wired call,
// and d extended by the resolution, unless depth is past the bound.
func (p *program) eachImpl(d ProgramDefect, call valueflow.WiredCall, depth int, f func(step ProgramDefect, s *valueflow.Summary, im impl)) {
	if depth >= maxWiredDepth {
		return
	}
	for _, im := range p.implementations(call) {
		if wraps(d.Through, call, im) {
			continue
		}
		if s := p.summary(im.fn); s != nil {
			s.Instantiate(typeArgStrings(im.targs))
			step := d
			step.Through = append(slices.Clip(d.Through), p.resolution(call, im))
			f(step, s, im)
		}
	}
}

// wiring returns the first reference, in the composition root's own
// files, to an object of package path: where main builds the handler
// or registers it. Without one, it is the root's package clause.
func (p *program) wiring(path string) token.Pos {
	if pos, ok := p.wirings[path]; ok {
		return pos
	}
	pos := token.NoPos
	for _, f := range p.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || pos.IsValid() {
				return !pos.IsValid()
			}
			if obj := p.pass.TypesInfo.Uses[id]; obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == path {
				pos = id.Pos()
			}
			return true
		})
		if pos.IsValid() {
			break
		}
	}
	if !pos.IsValid() && len(p.pass.Files) > 0 {
		pos = p.pass.Files[0].Name.Pos()
	}
	p.wirings[path] = pos
	return pos
}

// summary returns the summary fact of an implementation's method.
func (p *program) summary(fn *types.Func) *valueflow.Summary {
	var s valueflow.Summary
	if fn.Pkg() == p.pass.Pkg || !p.pass.ImportObjectFact(fn, &s) {
		return nil
	}
	absorbRenamed(s.Stmts, p.taken)
	return &s
}

// implementations returns the methods that a wired call can run: those
// of the named types of the linked packages that implement the
// interface, in a stable order.
func (p *program) implementations(call valueflow.WiredCall) []impl {
	key := call.Iface + "[" + strings.Join(call.TypeArgs, ",") + "]." + call.Method
	if ims, ok := p.impls[key]; ok {
		return ims
	}
	p.impls[key] = nil // adapters of one interface's methods to another's may cycle
	var ims []impl
	if iface := p.iface(call.Iface); iface != nil {
		want := strings.Join(call.TypeArgs, ",")
		paths := make([]string, 0, len(p.pkgs))
		for path := range p.pkgs {
			paths = append(paths, path)
		}
		slices.Sort(paths)
		for _, path := range paths {
			pkg := p.pkgs[path]
			if !p.mayImplement(pkg) {
				continue
			}
			scope := pkg.Scope()
			for _, name := range p.scopeNames(pkg) {
				if im, ok := implementation(scope.Lookup(name), iface, call.Method, want); ok {
					ims = append(ims, im)
				} else if im, ok := p.genericImplementation(scope.Lookup(name), iface, call); ok {
					ims = append(ims, im)
				} else if im, ok := inferredImplementation(scope.Lookup(name), iface, call.Method); ok {
					ims = append(ims, im)
				}
			}
		}
	}
	if iface := p.iface(call.Iface); iface != nil && iface.TypeParams().Len() == 0 {
		ims = append(ims, p.anonymousImpls(iface, call.Method)...)
	}
	ims = append(ims, p.adaptedImpls(call)...)
	p.impls[key] = ims
	return ims
}

// anonymousImpls returns the implementations of the interface's method
// by the struct types without a name that the composition root's own
// code makes of embedded values (struct{ *store.Statements;
// *store.Trades }{...}, returned as a repository): the method promoted
// from the field that has it.
func (p *program) anonymousImpls(iface *types.Named, method string) []impl {
	if p.anonymous == nil {
		p.anonymous = anonymousStructs(p.pass.TypesInfo)
	}
	it, ok := iface.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []impl
	for _, st := range p.anonymous {
		var recv types.Type = st
		if !types.Implements(recv, it) {
			if recv = types.NewPointer(st); !types.Implements(recv, it) {
				continue
			}
		}
		sel, index, _ := types.LookupFieldOrMethod(recv, false, nil, method)
		if fn, ok := sel.(*types.Func); ok {
			out = append(out, impl{fn: fn.Origin(), name: types.TypeString(recv, (*types.Package).Name), recv: recv, embed: embeddedPath(recv, index), targs: methodTypeArgs(fn)})
		}
	}
	return out
}

// anonymousStructs returns the struct types without a name, with an
// embedded field, of the expressions of a package: each once.
func anonymousStructs(info *types.Info) []*types.Struct {
	var out []*types.Struct
	for _, tv := range info.Types {
		st, ok := types.Unalias(tv.Type).(*types.Struct)
		if !ok || !slices.ContainsFunc(slices.Collect(st.Fields()), (*types.Var).Embedded) {
			continue
		}
		if !slices.ContainsFunc(out, func(o *types.Struct) bool { return types.Identical(o, st) }) {
			out = append(out, st)
		}
	}
	return out
}

// iface finds the interface a wired call names: a generic one is
// returned uninstantiated, and implementation instantiates it for each
// candidate.
func (p *program) iface(name string) *types.Named {
	named := p.named(name)
	if named == nil {
		return p.literalIface(name)
	}
	if !types.IsInterface(named) {
		return nil
	}
	return named
}

// literalIface finds the interface literal that a struct's field holds,
// named "path.Service.fees" (literalField), as a named type of its own
// for the implementations to be judged against.
func (p *program) literalIface(name string) *types.Named {
	i := strings.LastIndex(name, ".")
	if i < 0 {
		return nil
	}
	owner := p.named(name[:i])
	if owner == nil {
		return nil
	}
	s, ok := owner.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range s.Fields() {
		if it, ok := f.Type().(*types.Interface); ok && f.Name() == name[i+1:] {
			return types.NewNamed(types.NewTypeName(token.NoPos, owner.Obj().Pkg(), owner.Obj().Name()+"."+f.Name(), nil), it, nil)
		}
	}
	return nil
}

// named finds the named type "path.Name" among the linked packages.
func (p *program) named(name string) *types.Named {
	i := strings.LastIndex(name, ".")
	if i < 0 {
		return nil
	}
	pkg := p.pkgs[name[:i]]
	if pkg == nil {
		return nil
	}
	tn, ok := pkg.Scope().Lookup(name[i+1:]).(*types.TypeName)
	if !ok {
		return nil
	}
	named, _ := types.Unalias(tn.Type()).(*types.Named)
	return named
}

// mayImplement reports whether a package's types count as implementations
// of the production program: not the standard library, a catalogued
// library, or a package of mocks or fakes.
func (p *program) mayImplement(pkg *types.Package) bool {
	path := pkg.Path()
	first, _, _ := strings.Cut(path, "/")
	own := p.pass.Module != nil && p.pass.Module.Path != "" && inModule(path, p.pass.Module.Path)
	if !own && !strings.Contains(first, ".") || p.cat.MayKnow(path) {
		return false // the standard library, or a library the catalog describes
	}
	module := ""
	if own {
		module = p.pass.Module.Path
	}
	return !catalog.TestSupport(pkg, module)
}

// implementation returns the method of obj that implements method of
// iface, when obj is a named type whose value or pointer implements it.
// A generic interface is instantiated with the type arguments the
// candidate's method implies, which must spell typeArgs. Generic types
// are left out: a decorator (loggingDecorator[C]) passes the call on to
// the implementations, which are found directly.
func implementation(obj types.Object, generic *types.Named, method, typeArgs string) (impl, bool) {
	tn, ok := obj.(*types.TypeName)
	if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
		return impl{}, false
	}
	named, ok := tn.Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return impl{}, false
	}
	iface, ok := instance(generic, named, method, typeArgs)
	if !ok {
		return impl{}, false
	}
	name := tn.Pkg().Name() + "." + tn.Name()
	var recv types.Type = named
	if !types.Implements(recv, iface) {
		recv = types.NewPointer(named)
		name = "*" + name
		if !types.Implements(recv, iface) {
			return impl{}, false
		}
	}
	sel, index, _ := types.LookupFieldOrMethod(recv, false, tn.Pkg(), method)
	fn, ok := sel.(*types.Func)
	if !ok {
		return impl{}, false
	}
	return impl{fn: fn.Origin(), name: name, recv: recv, embed: embeddedPath(named, index), targs: methodTypeArgs(fn)}, true
}

// methodTypeArgs returns the type arguments of the instance of a generic
// type whose method fn is (Create of the *Repository[Reservation] a
// store embeds), or nil: its facts are the generic method's, and the
// type arguments name its statements' model tables.
func methodTypeArgs(fn *types.Func) []types.Type {
	recv := fn.Signature().Recv()
	if recv == nil || fn.Origin() == fn {
		return nil
	}
	t := recv.Type()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.TypeArgs() == nil {
		return nil
	}
	var out []types.Type
	for i := range named.TypeArgs().Len() {
		out = append(out, named.TypeArgs().At(i))
	}
	return out
}

// genericImplementation returns the method of a generic type that
// implements an instance of a generic interface with the same type
// arguments (*Repository[T] for Store[domain.Booking]), instantiated
// with the wired call's, when each names a type of the linked packages.
func (p *program) genericImplementation(obj types.Object, generic *types.Named, call valueflow.WiredCall) (impl, bool) {
	tn, ok := obj.(*types.TypeName)
	if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) || len(call.TypeArgs) == 0 {
		return impl{}, false
	}
	cand, ok := tn.Type().(*types.Named)
	if !ok || cand.TypeParams().Len() != len(call.TypeArgs) || generic.TypeParams().Len() != len(call.TypeArgs) {
		return impl{}, false
	}
	var targs []types.Type
	for _, a := range call.TypeArgs {
		named := p.named(a)
		if named == nil {
			return impl{}, false
		}
		targs = append(targs, named)
	}
	want, err := types.Instantiate(nil, generic, targs, true)
	if err != nil {
		return impl{}, false
	}
	iface, ok := want.Underlying().(*types.Interface)
	if !ok {
		return impl{}, false
	}
	return instanceImpl(tn, cand, targs, iface, call.Method)
}

// instanceImpl returns the method of generic type cand (named by tn),
// instantiated with targs, that implements method of iface, when its
// value or pointer implements iface. Its function is the generic
// origin, whose summary its package wrote.
func instanceImpl(tn *types.TypeName, cand *types.Named, targs []types.Type, iface *types.Interface, method string) (impl, bool) {
	inst, err := types.Instantiate(nil, cand, targs, true)
	if err != nil {
		return impl{}, false
	}
	name := tn.Pkg().Name() + "." + tn.Name()
	recv := inst
	if !types.Implements(recv, iface) {
		recv, name = types.NewPointer(inst), "*"+name
		if !types.Implements(recv, iface) {
			return impl{}, false
		}
	}
	sel, index, _ := types.LookupFieldOrMethod(recv, false, tn.Pkg(), method)
	fn, ok := sel.(*types.Func)
	if !ok {
		return impl{}, false
	}
	return impl{fn: fn.Origin(), name: name, recv: recv, embed: embeddedPath(inst, index), targs: targs}, true
}

// inferredImplementation returns the method of a generic type that
// implements a plain interface once its type parameters are the types
// the interface's methods name in their places (*Repository[T] for
// SwapRepo, whose Insert takes a *Swap where Repository's takes a *T),
// instantiated with those: main wires repository.New[Swap](...).
func inferredImplementation(obj types.Object, iface *types.Named, method string) (impl, bool) {
	tn, ok := obj.(*types.TypeName)
	if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) || iface.TypeParams().Len() > 0 {
		return impl{}, false
	}
	cand, ok := tn.Type().(*types.Named)
	it, isIface := iface.Underlying().(*types.Interface)
	if !ok || !isIface || cand.TypeParams().Len() == 0 {
		return impl{}, false
	}
	bound := map[int]types.Type{}
	for i := range it.NumMethods() {
		m := it.Method(i)
		sel, _, _ := types.LookupFieldOrMethod(types.NewPointer(cand), false, tn.Pkg(), m.Name())
		cm, ok := sel.(*types.Func)
		if !ok || !bindSignature(cm.Type().(*types.Signature), m.Type().(*types.Signature), bound) {
			return impl{}, false
		}
	}
	targs := make([]types.Type, cand.TypeParams().Len())
	for i := range targs {
		if targs[i] = bound[i]; targs[i] == nil {
			return impl{}, false
		}
	}
	return instanceImpl(tn, cand, targs, it, method)
}

// bindSignature matches the parameters and results of a generic type's
// method against an interface method's, binding the type parameters
// (by index) to the types in their places.
func bindSignature(generic, want *types.Signature, bound map[int]types.Type) bool {
	if generic.Params().Len() != want.Params().Len() || generic.Results().Len() != want.Results().Len() || generic.Variadic() != want.Variadic() {
		return false
	}
	for i := range generic.Params().Len() {
		if !bindType(generic.Params().At(i).Type(), want.Params().At(i).Type(), bound) {
			return false
		}
	}
	for i := range generic.Results().Len() {
		if !bindType(generic.Results().At(i).Type(), want.Results().At(i).Type(), bound) {
			return false
		}
	}
	return true
}

// bindType matches t, which may name type parameters, against u.
func bindType(t, u types.Type, bound map[int]types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		if b, ok := bound[t.Index()]; ok {
			return types.Identical(b, u)
		}
		bound[t.Index()] = u
		return true
	case *types.Pointer:
		up, ok := types.Unalias(u).(*types.Pointer)
		return ok && bindType(t.Elem(), up.Elem(), bound)
	case *types.Slice:
		us, ok := types.Unalias(u).(*types.Slice)
		return ok && bindType(t.Elem(), us.Elem(), bound)
	case *types.Map:
		um, ok := types.Unalias(u).(*types.Map)
		return ok && bindType(t.Key(), um.Key(), bound) && bindType(t.Elem(), um.Elem(), bound)
	}
	return types.Identical(t, u)
}

// embeddedPath is the path of the embedded fields through which a
// method found at index of LookupFieldOrMethod is promoted, "" for a
// method of the type itself.
func embeddedPath(t types.Type, index []int) string {
	path := ""
	for _, i := range index[:max(len(index)-1, 0)] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		s, ok := t.Underlying().(*types.Struct)
		if !ok || i >= s.NumFields() {
			return ""
		}
		path += "." + s.Field(i).Name()
		t = s.Field(i).Type()
	}
	return path
}

// pools returns the paths from an implementation's method receiver to
// the handles that the implementing type's package fills with a pool:
// for a promoted method, those inside the embedded field it runs on.
func (p *program) pools(im impl) []string {
	var out []string
	for _, path := range p.poolFields(im.recv) {
		if rest, ok := strings.CutPrefix(path, im.embed); ok && (rest == "" || rest[0] == '.') {
			out = append(out, rest)
		}
	}
	return out
}

// poolFields returns the paths of the handles in t's values that its
// package fills with a pool (PoolFields).
func (p *program) poolFields(t types.Type) []string {
	if t == nil {
		return nil
	}
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	var f valueflow.PoolFields
	if !p.pass.ImportObjectFact(named.Obj(), &f) {
		return nil
	}
	return f.Paths
}

// instance returns the interface a wired call's interface is for a
// candidate type: the interface itself, or a generic interface
// instantiated with the types that the candidate's method has where the
// interface's method has a type parameter.
func instance(generic *types.Named, cand *types.Named, method, typeArgs string) (*types.Interface, bool) {
	tparams := generic.TypeParams()
	if tparams.Len() == 0 {
		iface, ok := generic.Underlying().(*types.Interface)
		return iface, ok
	}
	sel, _, _ := types.LookupFieldOrMethod(types.NewPointer(cand), false, cand.Obj().Pkg(), method)
	have, ok := sel.(*types.Func)
	if !ok {
		return nil, false
	}
	want, _, _ := types.LookupFieldOrMethod(generic, false, generic.Obj().Pkg(), method)
	wantFn, ok := want.(*types.Func)
	if !ok {
		return nil, false
	}
	haveSig, wantSig := have.Type().(*types.Signature), wantFn.Type().(*types.Signature)
	if haveSig.Params().Len() != wantSig.Params().Len() {
		return nil, false
	}
	args := make([]types.Type, tparams.Len())
	for i := range wantSig.Params().Len() {
		if tp, ok := wantSig.Params().At(i).Type().(*types.TypeParam); ok && tp.Index() < len(args) {
			args[tp.Index()] = haveSig.Params().At(i).Type()
		}
	}
	var spelled []string
	for _, a := range args {
		if a == nil {
			return nil, false // a type parameter the method does not show
		}
		spelled = append(spelled, types.TypeString(a, nil))
	}
	if strings.Join(spelled, ",") != typeArgs {
		return nil, false
	}
	inst, err := types.Instantiate(nil, generic, args, true)
	if err != nil {
		return nil, false
	}
	iface, ok := inst.Underlying().(*types.Interface)
	return iface, ok
}

// splitFramePos splits a frame's "file.go:line:col".
func splitFramePos(s string) (file string, line, col int, ok bool) {
	rest, colStr, ok1 := cutLast(s)
	file, lineStr, ok2 := cutLast(rest)
	line, err1 := strconv.Atoi(lineStr)
	col, err2 := strconv.Atoi(colStr)
	return path.Base(file), line, col, ok1 && ok2 && err1 == nil && err2 == nil && line > 0 && col > 0
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}
