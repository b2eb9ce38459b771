package valueflow

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
)

// Summary is what a function does with freshness, as far as its callers
// in other packages need to know. It is an analysis.Fact exported by the
// summary pass for every function that has one, and it is transitively
// closed: a function's summary already includes what its callees do,
// because under go vet a package sees only its direct imports' facts.
//
// Summaries hold no maps, no token.Pos and no file paths (frames name a
// file by its base name), so they gob-encode to the same bytes on every
// run and machine.
type Summary struct {
	// FreshResults are results that are fresh on every call.
	FreshResults []FreshResult
	// FreshVia are wired calls whose result the function returns as its
	// first (p.Prefix + p.Next.New()): it is fresh when every
	// implementation the program wires is, which the composition root
	// decides.
	FreshVia []WiredCall
	// ParamResults are parameters whose value (at Path) flows into a
	// result.
	ParamResults []ParamResult
	// ParamSinks are parameters whose value (at Path) becomes an identity.
	ParamSinks []ParamSink
	// EmptyResult are the string fields of the struct the function
	// returns that every return leaves empty (".token" of a message
	// NewMessage(to, body) builds): a caller that sends it as it is
	// sends none.
	EmptyResult []string
	// UniqueByArgs is set on a job's arguments' InsertOpts method that
	// makes the job unique by its arguments (UniqueOpts{ByArgs: true}):
	// another package's insert of them is keyed on their fields.
	UniqueByArgs bool
	// ParamRereads are parameters whose field (at Path) the function
	// overwrites with the column of a row the storage already held
	// (Flow.Rereads): a claim that scans the stored row back into the
	// caller's struct.
	ParamRereads []ParamPath
	// Defects are fresh values made inside the function (or its callees)
	// that become an identity.
	Defects []Defect
	// Runs are the function parameters (by index, the receiver first)
	// that the function calls before it returns: a unit of work's Do
	// runs the work it is given.
	Runs []int
	// RunsInTx are those of Runs that it calls inside a transaction it
	// begins, with arguments made from that transaction alone (gorm's
	// Transaction callback calling fn(&repos{db: tx})): the handles the
	// work reaches through those arguments commit together.
	RunsInTx []int
	// RunsAgain are those of Runs that it may call more than once, in a
	// loop (a runner that begins the transaction again when the work
	// fails): a commit whose answer is lost runs the work a second time.
	RunsAgain []int
	// RunsPast are those of Runs that it calls only past wired calls
	// whose results decide whether they run (a helper that claims the
	// caller's key and runs the work only when the claim succeeds): the
	// program resolves whether those are dedup guards.
	RunsPast []RunGuard
	// RunsClaimed are those of Runs that it calls only past a dedup
	// guard of its own (a claim of the caller's key whose rows affected
	// end a repeat first, in the transaction the work runs in): what
	// the work makes, it makes once per key.
	RunsClaimed []int
	// Option is set on a function that makes a call's functional option
	// whose effect is known: it sets OptionFields of the params or the
	// options struct it is applied to, and does nothing else
	// (WithMetadata(m) returning a function that sets the params'
	// Metadata).
	Option       bool
	OptionFields []string
	// RecvSets, for a method, are the fields of what its receiver
	// points to that it sets ("n.dedupID" for b.n.dedupID = k): a
	// builder's setter.
	RecvSets []string
	// ORMReads is set when the function reads rows through an ORM
	// (gorm's First, Take, Find), itself or in the functions it calls:
	// reads that its statements do not list.
	ORMReads bool
	// ParamWrites are parameters whose value (at Path) a durable write
	// stores.
	ParamWrites []ParamWrite
	// Effects are the external calls the function makes itself, so that
	// a caller in another package can judge them (intentfirst).
	Effects []Effect
	// Stmts are the SQL statements the function runs, itself or in the
	// functions it calls, with the handle each runs on, so that a caller
	// can tell their commit units (keytx, partialtx). StmtsCut is set
	// when the function runs statements that Stmts does not hold (more
	// than a summary keeps, or in a recursive cycle): the list is then
	// no proof that a statement is absent.
	Stmts    []SQLStmt
	StmtsCut bool
	// Retried is set when the function runs on a retried path of its
	// own package, whose checks then judge what it decides itself.
	Retried bool
	// ResultFields are the fields of its results that hold a parameter:
	// a constructor that stores the handle it is given (sqlc's New and
	// WithTx), a getter that returns one.
	ResultFields []ResultField
	// Carried is set when ResultFields were read from a constructor's or
	// getter's syntax (see passes/summary): they carry values, not the
	// handles a caller's statements run on, and make no caller worth a
	// trace.
	Carried bool
	// Wired are the calls of wired interface methods (catalog.IsWired)
	// the function makes, itself or through functions of its package;
	// ParamsWired are the parameters it passes to them. The program's
	// composition root resolves them to implementations.
	Wired       []WiredCall
	ParamsWired []ParamWired
	// ContextArgs are the wired calls to which the function passes, once
	// per call of it, its own context or one derived from it: when the
	// function is a root that carries its key in its context (a gRPC
	// method), the callee can read the key there.
	ContextArgs []ContextArg
	// FreshWired are the fresh values the function (or a function of its
	// package it calls) makes and passes to wired calls: an use case
	// that mints an order's ID and hands it to a repository interface.
	FreshWired []FreshWired
}

// A FreshWired is a fresh value passed to a wired call.
type FreshWired struct {
	Call WiredCall
	FreshArg
}

// Stopped reports whether a claim of its function stops a retry before
// the fresh value is made or handed on: any claim for a row, one whose
// row is not read back for a key.
func (fa *FreshArg) Stopped(key bool) bool {
	return fa.PastClaim || fa.PastReadBack && !key
}

// A WiredCall is a call of a wired interface method.
type WiredCall struct {
	Iface string // the interface, "example.com/app.OrderStore"
	// Field, instead, names a field of function type the call is made
	// through ("example.com/holds.Service.NewID"), when the package
	// does not fill it: what the program stores there decides, as the
	// implementations of an interface do.
	Field string
	// TypeArgs are the type arguments of a generic interface's instance
	// (types.TypeString with full paths): CommandHandler[PlaceOrder].
	TypeArgs []string
	Method   string
	At       Frame
	Pkg      string // the import path of the package At lies in
	// Past, in a summary's list of the wired calls it makes, are the
	// wired calls that decide whether the literal the call is in runs:
	// a helper of another package runs it only past them
	// (idem.Run(ctx, uow, scope, key, req, func(ctx, r) {...}), past
	// its claim of the key).
	Past []WiredCall
	// Stable, on a wired call whose results decide whether a path goes
	// on, are its arguments (Param, the receiver not counted) that are
	// the same on every delivery: an implementation's INSERT under them
	// with no conflict handling fails a retry there.
	Stable []ArgSource
	// Fails is set on such a call that decides only by failing: its
	// error stops the path (if err != nil { return err }). It is no
	// dedup guard.
	Fails bool
	// Loose is set on such a call when none of its arguments is the same
	// on every delivery (a row a lookup found, by ID): of what its
	// implementations run, only a compare-and-set that fails when it
	// changes no row fails a retry there. The package leaves nothing to
	// the composition root for it.
	Loose bool
}

// Decide reports whether one of calls is a guard the package leaves to
// the composition root: any but a loose failing call.
func Decide(calls []WiredCall) bool {
	return slices.ContainsFunc(calls, func(c WiredCall) bool { return !c.Loose })
}

// TypeParamArg is how a WiredCall's TypeArgs name the type parameter
// of index i of the function the call is in (or of its receiver's
// type): a generic function's Dispatch[C] calls Handler[C].Handle, and
// the instance a caller runs says which interface that is.
func TypeParamArg(i int) string { return "$" + strconv.Itoa(i) }

// Instantiate returns c as an instance of its generic function with
// type arguments targs (as TypeArgs spell them) makes it: the type
// parameters its TypeArgs name are replaced by targs.
func (c WiredCall) Instantiate(targs []string) WiredCall {
	if len(targs) == 0 || !slices.ContainsFunc(c.TypeArgs, func(a string) bool { return strings.HasPrefix(a, "$") }) {
		return c
	}
	out := slices.Clone(c.TypeArgs)
	for i, a := range out {
		if n, err := strconv.Atoi(strings.TrimPrefix(a, "$")); err == nil && strings.HasPrefix(a, "$") && n < len(targs) {
			out[i] = targs[n]
		}
	}
	c.TypeArgs = out
	return c
}

// Instantiate rewrites the wired calls of s, a summary of a generic
// function or of a generic type's method, as an instance with type
// arguments targs makes them (WiredCall.Instantiate). The lists are
// copied first: an imported fact shares them with every other copy.
func (s *Summary) Instantiate(targs []string) {
	if len(targs) == 0 {
		return
	}
	s.Wired, s.FreshWired, s.ParamsWired, s.Stmts = slices.Clone(s.Wired), slices.Clone(s.FreshWired), slices.Clone(s.ParamsWired), slices.Clone(s.Stmts)
	for i := range s.Wired {
		s.Wired[i] = s.Wired[i].Instantiate(targs)
	}
	for i := range s.FreshWired {
		s.FreshWired[i].Call = s.FreshWired[i].Call.Instantiate(targs)
	}
	for i := range s.ParamsWired {
		s.ParamsWired[i].Call = s.ParamsWired[i].Call.Instantiate(targs)
	}
	for i := range s.Stmts {
		if w := s.Stmts[i].Wired; w != nil {
			c := *w
			c.Call = c.Call.Instantiate(targs)
			s.Stmts[i].Wired = &c
		}
	}
}

// A ContextArg says a wired call receives its caller's context as
// parameter Arg.
type ContextArg struct {
	Call WiredCall
	Arg  int
}

// A ParamWired says parameter Param, at Path, is passed as parameter Arg,
// at ArgPath, of a wired call.
type ParamWired struct {
	Param   int
	Path    string
	Call    WiredCall
	Arg     int
	ArgPath string
	// Guards are the wired calls whose results decide whether the call
	// runs: a claim of the key before it stops a retry there.
	Guards []WiredCall
}

// Pending is a package fact: the wired calls on the package's retried
// paths, which only the program's composition root can resolve.
type Pending struct {
	Calls []PendingCall
	// Roots are the retried roots whose statement lists hold wired
	// calls, for the composition root to put the implementations'
	// statements in their place.
	Roots []PendingRoot
	// Adapted are the methods the package converts, as method values,
	// to a named function type with methods of its own (an adapter such
	// as HandlerFunc[C], whose Handle calls the function): the
	// composition root takes each for an implementation of the
	// interfaces the adapter type satisfies.
	Adapted []Adapted
	// Converted are the named function types with methods (an adapter
	// such as type GeneratorFunc func() string) that the package's
	// production code converts functions to, and whether every function
	// it converts returns a fresh value: what the adapter's method
	// returns is what the functions it is made of return.
	Converted []ConvertedFunc
	// Injected are the fresh values the package's own retried paths
	// make with an injected generator (Defect.Via) and write: fresh only
	// if what the program wires there is.
	Injected []InjectedDefect
	// Decorated are the interface methods, by instance, that the
	// package wraps in a decorator that runs the wrapped value inside
	// a transaction (command.Transactional[CancelBooking](tx)).
	Decorated []TxDecorated
}

// A TxDecorator is a function that wraps a value of an interface in
// one of its own, whose method calls the wrapped value's Method inside
// a function literal handed as argument RunnerArg (counted without the
// receiver) to Runner, a wired unit of work, or, with InTx set, to a
// library function that runs it in a transaction it begins. Call's
// type arguments may name the function's type parameters ($0).
type TxDecorator struct {
	Call      WiredCall
	Runner    WiredCall
	RunnerArg int
	InTx      bool
}

func (*TxDecorator) AFact() {}

func (d *TxDecorator) String() string {
	return "txdecorator(" + d.Call.Iface + "[" + strings.Join(d.Call.TypeArgs, ",") + "]." + d.Call.Method + ")"
}

// A TxDecorated is a TxDecorator's instance that the package makes:
// Call's type arguments are the instance's.
type TxDecorated TxDecorator

// An InjectedDefect is a defect of a retried root of the package whose
// value an injected generator makes.
type InjectedDefect struct {
	Root   string  // the root, as messages describe it
	Pkg    string  // the import path of the package it lies in
	Chain  []Frame // the calls from the root to the generator's function
	Defect Defect
	// Fix, for a value the package makes with a generator it calls
	// itself, derives it from the operation key in scope there.
	Fix *KeyFix
}

// A ConvertedFunc is a named function type (Pkg.Type) a package converts
// functions to, and whether each of them returns a fresh value.
type ConvertedFunc struct {
	Pkg, Type string
	Fresh     bool
}

// An Adapted is a method value converted to a named function type: the
// type's origin (Pkg.Type) and type arguments (types.TypeString with
// full paths), and the method (Recv.Method of FuncPkg, Recv without
// its pointer).
type Adapted struct {
	Pkg, Type string
	TypeArgs  []string
	FuncPkg   string
	Recv      string
	Method    string
	// Iface is set when Recv is an interface (svc.Cancel, svc a
	// service interface): its implementations are what runs.
	Iface bool
	// Lit, when a function literal that only calls the method of the
	// interface was converted (forwardingAdapted), names the function
	// the literal is in ("api.NewCommands").
	Lit string
	// Reordered is set when the literal passes the method its
	// parameters' fields in other places than its own parameters'
	// (w.Withdraw(ctx, cmd.RegistrationID, cmd.CandidateID)): what the
	// method is given is not, place by place, what the call was given.
	Reordered bool
}

// A PendingRoot is a retried root of the package and the statements it
// runs, wired calls among them.
type PendingRoot struct {
	Root string // the root, as messages describe it
	Pkg  string // the import path of the root's package
	// Recv is the root's receiver type ("example.com/api.Handler"),
	// when the root is a method: a value the program builds before the
	// deliveries come, with the dependencies it holds.
	Recv string
	// Bound is set when the root is a method value bound where it is
	// registered (h.orders.Create handed to a router): the value it
	// was bound to was built before the deliveries came too. So is a
	// handler that a function of the program makes and returns, given
	// the dependencies it captures (stripeWebhook(secret, h)).
	Bound bool
	// Registered is set when the root is a function of another package
	// registered here (an activity of a table another package builds):
	// its package's own checks do not judge its list, which it does not
	// know to be retried.
	Registered bool
	// Attempts is set when the root is the operation a retry wrapper
	// runs once per attempt: what it captures from the function that
	// hands it to the wrapper is that function's caller's.
	Attempts bool
	Stmts    []SQLStmt
	// Awaits, on a root that waits for the program (a handler
	// registered into another package's dispatcher), are the full names
	// of the functions whose run on a retried path makes it a root.
	Awaits []string
	// External is set when the root's path makes an external call in
	// its own package or through a function of another it calls
	// directly: where it runs among the statements is not known.
	External bool
}

func (*Pending) AFact() {}

func (p *Pending) String() string {
	var items []string
	for _, c := range p.Calls {
		item := c.Call.Iface + "." + c.Call.Method
		for _, f := range c.Fresh {
			item += fmt.Sprintf(" a%d%s=%s", f.Arg, f.Path, f.Origin.Call)
		}
		items = append(items, item)
	}
	for _, a := range p.Adapted {
		items = append(items, "adapted "+a.FuncPkg+"."+a.Recv+"."+a.Method+" as "+a.Pkg+"."+a.Type+"["+strings.Join(a.TypeArgs, ",")+"]")
	}
	for _, d := range p.Decorated {
		items = append(items, "in a transaction "+d.Call.Iface+"["+strings.Join(d.Call.TypeArgs, ",")+"]."+d.Call.Method)
	}
	return "pending(" + strings.Join(items, "; ") + ")"
}

// WorkGuards are the guards of a wired unit of work, Runner, that is
// handed a function literal as argument Arg (counted without the
// receiver): what decides whether the runner runs decides the work, if
// the runner runs it once.
type WorkGuards struct {
	Runner    WiredCall
	Arg       int
	Guards    []WiredCall
	PastGuard bool
}

// A PendingCall is a wired call on a retried path, with the fresh values
// passed to it.
type PendingCall struct {
	Call WiredCall
	Root string // the root, as messages describe it
	// Awaits, on a call of a root that waits for the program, are as
	// PendingRoot's.
	Awaits []string
	Chain  []Frame // the calls from the root to Call
	Fresh  []FreshArg
	// Keys are the arguments, or parts of them, that carry the root's
	// operation key: a fresh value the implementation makes can be
	// derived from them.
	Keys []KeyArg
	// Wraps say how the root puts its key in the context it passes, for
	// each KeyArg whose Context is catalog.Carried.
	Wraps []Wrap
	// Covered are the places (Wrap.Place) of the wraps above a call
	// the root makes more than once per operation that its context
	// comes through: a key another call's fix puts in there reaches
	// this call too, on each of its turns.
	Covered []string
	// Empty are the string fields of arguments built in place that the
	// call leaves empty (Param counts without the receiver).
	Empty []ArgSource
	// Keyed are the arguments (by index, the receiver left out) built
	// in place with a field their receiver may drop a repeat by filled
	// (sms.Message{Reference: ref}): a body that carries one is keyed.
	Keyed []int
	// StateGuarded is set when the call runs only after a state guard's
	// write, where the guard's test says the work is not done, or after
	// a dedup guard of its function: a retry after the write leaves at
	// the test, so no row the call inserts is inserted twice.
	StateGuarded bool
	// Guards are the wired calls before it whose results decide whether
	// it runs (WiredStmt.Guards): a claim among them, not read back,
	// stops a retry before the call.
	Guards []WiredCall
	// Work, when the call is in the work a wired unit of work is handed,
	// holds that runner's call and its guards: they stop a retry before
	// the call when every implementation runs the work once.
	Work *WorkGuards
	// Tolerated is set when a failure of the call, or of a call between
	// it and the root, is only logged (effects.FailureTolerated): the
	// operation goes on without what it writes, a record of the
	// delivery kept beside the work rather than a part of it.
	Tolerated bool
}

// A KeyArg says parameter Arg of a wired call, at Path, holds the
// operation key of the root (the request's idempotency key, the
// message's ID).
type KeyArg struct {
	Arg  int
	Path string
	// Context, when set, is the kind of the root whose own context (or
	// one derived from it) parameter Arg is: the key that roots of the
	// kind carry in their context (catalog.ContextKey) reads from it.
	Context string
}

// A Wrap is how the root puts its operation key into the context it
// passes as argument Arg of a wired call, for a fix that reads the key
// back (catalog.Carried): the argument's text and place, the key's
// expression, the edits that import what the key's expression needs,
// and what adding an import to the file needs.
type Wrap struct {
	Arg int
	// Pkg is the import path of the package whose file the wrap edits:
	// the root's, where the wired call may be another's.
	Pkg string
	// Enters is, for a wrap of the context the root passes a function
	// of another package that makes the wired call, that function
	// (types.Func.FullName).
	Enters     string
	File       string
	Start, End int
	Text, Key  string
	KeyImports []FileEdit
	Imports    fix.ImportLayout // in offsets
	// Local are the names the enclosing functions declare before the
	// call, which hide an import. (The package's names and the file's
	// imports, which a new import must not clash with, the composition
	// root reads from the package and Imports.)
	Local []string
}

// Place names where the wrap is: the wrapped argument's file and offset.
func (w Wrap) Place() string { return fmt.Sprintf("%s:%d", w.File, w.Start) }

// A FreshArg is a fresh value passed, at Path, as parameter Arg of a
// wired call.
type FreshArg struct {
	Arg  int
	Path string
	// Guards are the wired calls made before it on every path, in the
	// function that makes it, whose results decide whether the path goes
	// on (claimed, err := keys.Claim(...); if !claimed { return }): the
	// composition root knows whether their implementations run a dedup
	// guard.
	Guards []WiredCall
	// PastClaim is set when a dedup guard of the function's own (a
	// claim through a function of another package, idem.Claim(...))
	// runs before the value is made or handed on, on every path;
	// PastReadBack when that claim's row is read back, which guards the
	// rows the path inserts but not keys (see Guard).
	PastClaim, PastReadBack bool
	// FailsFirst is set when the value is the identity field of a
	// model built in place whose other set fields fill a key of its
	// table (by its tags or the schema): a retry's write of the model
	// fails at that key before the fresh identity adds a row.
	FailsFirst bool
	// OutcomeOf are the wired calls whose results the call the value
	// is passed to stores beside it (the provider's message ID, the
	// response's status): a row that records an external call's
	// outcome, when the composition root finds that call unkeyed, is a
	// log of each attempt's call.
	OutcomeOf []WiredCall
	Origin    Origin
	Pkg       string // the import path of the package Origin lies in
	// Ignores are the checks that ignore directives on the origin's line,
	// or the line above, name (with a reason).
	Ignores []string
	// KeyFixes, when the value is made in the function the summary is
	// of, derive it from a parameter that may hold the operation key.
	KeyFixes []KeyFix
	// Local, when the key of the operation is in scope where the value
	// is made (the root's own delivery or request), derives the value
	// from it: no caller needs to pass the key.
	Local *KeyFix
	// Accessed, where no key is in scope but a context is, derives the
	// value from the key the program's middleware puts in the context
	// (catalog.Accessed), for a root that is the function it is made in.
	Accessed *KeyFix
	// Via is set when the value is what an interface's method returns
	// (an injected IDGenerator's New): fresh only when every
	// implementation the program wires returns a fresh value.
	Via *WiredCall
	// OnlyEmpty are the fields of the function's parameters (the
	// receiver is 0), or of the options it applies, whose emptiness the
	// value is made on (if o.clientRef == "" { o.clientRef = ids.New()
	// }): a default, made only when a caller leaves them empty.
	OnlyEmpty []ArgSource
}

// An SQLStmt is an SQL statement a function runs, and where the handle
// it runs on comes from.
type SQLStmt struct {
	SQL string // the constant text
	// HandsOn is set when the function, after the statement, hands its
	// handle to a call whose statements the list does not hold
	// (effects.HandsOnAfter).
	HandsOn bool
	// TextParam, when set, is 1 + the parameter whose constant text
	// completes SQL, a template with a TextHole: a call's argument
	// decides the statement (a conflict clause the helper is given).
	TextParam int
	Handle    Handle
	// Guard is set when the statement is a dedup guard: a conflict-
	// tolerant INSERT whose outcome decides whether the code goes on.
	// ReadBack is set for a guard whose row is read back (a claim, then
	// the SELECT of what the claimed row holds): what the row holds
	// decides, so a retry goes on while it says the work is not done.
	Guard, ReadBack bool
	// Partial is set when the call that runs the statement also runs
	// others its caller gives that the list does not show (an
	// insert-or-get helper given both texts, read for its lookup): one
	// of them may write.
	Partial bool
	// Exclusive lists the statements of the same list that never run
	// in the same call as this one (they lie on exclusive branches).
	Exclusive []int
	At        Frame // the executor call
	// Called is the call whose row decides the statement of a generic
	// helper (Insert(ctx, db, row) building its INSERT from the row's
	// type): where a finding on it is reported.
	Called Frame
	// Args says, for each argument of the statement (by placeholder
	// index), which parameter of the function and which field of it the
	// argument is, when it is one: the caller's value then fills it.
	Args []ArgSource
	// Absorbed is set when a duplicate is handled where the statement
	// runs: a dedup guard runs before it on every path, or its function
	// tests for a unique violation.
	Absorbed bool
	// AbsorbedByName is set when Absorbed is only because code
	// somewhere takes the error the duplicate is renamed to (Renamed):
	// a caller on the way that answers the duplicate with an error of
	// its own decides for its path instead.
	AbsorbedByName bool
	// Answers, for a wired entry, are the package-level errors its
	// caller tests for and answers with a failure of its own (if
	// errors.Is(err, store.ErrDuplicate) { return ErrConflict }): a
	// statement of the implementation whose duplicate is renamed to one
	// of them fails this path, whatever other code takes.
	Answers []string
	// Leaves, for a wired entry, are the package-level errors its caller
	// tests for and leaves on without a failure (if errors.Is(err,
	// store.ErrDuplicate) { return nil }): an INSERT of the
	// implementation whose duplicate is renamed to one of them claims
	// the operation for this path.
	Leaves []string
	// Renamed, when the duplicate is not handled, are the errors the
	// function that runs the statement renames its unique violation to
	// (a repository's ErrConflict): a caller that takes one handles it.
	Renamed []string
	// Optional is set when a failure of the statement does not fail
	// the function: it, or a call between it and the list's function,
	// has its error only logged (effects.FailureTolerated).
	Optional bool
	// NoRowTaken is set when the function that runs the statement
	// tests an error for a missing row (errors.Is(err, pgx.ErrNoRows)):
	// a read back that finds none need not fail it.
	NoRowTaken bool
	// NoRowFails is set when the statement is a compare-and-set UPDATE
	// and the function that runs it returns an error of its own when it
	// changes no row (effects.NoRowFails): a retry after it committed
	// fails there.
	NoRowFails bool
	// Hidden is set when the statement is a guard whose outcome does
	// not leave the function (effects.GuardHidden): to a caller it
	// guards nothing.
	Hidden bool
	// OnFailure is set when the statement runs only after a call has
	// failed, on the way out of a function between it and the list's
	// (effects.OnFailurePath): a compensation, not the work. FailureOf
	// are the entries of the list that the failed call runs, when it
	// runs any.
	OnFailure bool
	FailureOf []int
	// ProducedBy, for a statement, are the entries of the same list,
	// wired calls, whose results its arguments hold: a write-back.
	ProducedBy []int
	// FromWork is set, for an entry of a function literal handed to a
	// wired call (Callback), when the statement's handle or the wired
	// call's receiver comes from the literal's parameters: what the unit
	// of work hands the work (r.Events().Create, q.InsertX). When every
	// implementation runs the literal inside a transaction it begins,
	// with arguments made from it (Summary.RunsInTx), those statements
	// commit together.
	FromWork bool
	// Assumed is set when the statement's handle is taken to commit each
	// statement only because nothing says otherwise: gorm's *DB, the
	// type of its transactions too, held in a field or passed in. A
	// composition root that finds the statement in a function literal
	// a unit of work runs (whose handle it cannot follow) takes its
	// unit as unknown.
	Assumed bool
	// StateGuarded is set when the statement runs only after a state
	// guard's write, where the guard's test said the work was not done
	// (if the user with this e-mail exists, return; create the user;
	// ...): a retry after the write leaves at the test, so it does not
	// run the statement again.
	StateGuarded bool
	// StateVia, when the statement runs past a test of stored state
	// whose write is a wired call (an entry of the same list), says
	// what that write must set for the test to stop a retry: the
	// composition root, which reads the implementations, decides.
	StateVia []StateSet
	// Callback, when set, is the entry (1-based) of the same list, a
	// wired call, that the statement's function literal is argument
	// CallbackArg of: it runs within that call only if the
	// implementations run that argument (Summary.Runs), which the
	// composition root knows.
	Callback    int
	CallbackArg int
	// Wired, when set, makes the entry a call of a wired interface
	// method in the list's order, not a statement (SQL is empty): the
	// composition root puts the statements of the implementations it
	// resolves in its place. Readers of the list within a package skip
	// it.
	Wired *WiredStmt
	// Ignores are the checks that ignore directives at the executor
	// call name, for a composition root that reports it.
	Ignores []string
	// Lit, for an INSERT without conflict handling, says where its SQL
	// is written, so that a composition root that loads the source can
	// offer the edit that absorbs a duplicate.
	Lit *SQLLit
	// Next marks no statement but the place where a middleware runs the
	// rest of the request's handlers (next(c), c.Next()): the route's
	// handler, whose writes commit on their own. Its SQL is empty;
	// readers that want statements skip it.
	Next bool
	// Model, for an ORM write of a generic function whose model is one
	// of its type parameters (a repository's Create(ctx, v *T)), says
	// what the statement is once a caller names the type: its SQL is
	// empty until then (effects.Instantiate).
	Model *GenericModel
	// Context, for a statement whose handle is the transaction a
	// context carries or else the database (Assumed), is 1 + the index
	// of the parameter that context is: a caller that passes the
	// context a unit of work gives its work runs the statement in that
	// work.
	Context int
	// Nested is set for a statement on the transaction an ORM's
	// Transaction began on a handle a context chose (gorm's savepoint
	// when the context carries a transaction): it commits with the
	// context's transaction, or the work's, when there is one.
	Nested bool
}

// A StateSet is what a wired call, entry Entry of a list, must set for
// the test of stored state before it to stop a retry: Column set to the
// constant Value (Done), or to another constant (not Done), of the row
// that the wired call at entry ReadBy-1 read, when ReadBy is not 0.
type StateSet struct {
	Entry  int
	Column string
	Value  string
	Done   bool
	ReadBy int
}

// A GenericModel is an ORM write whose model's type is a type parameter
// of the function: the caller's type argument names the table, and its
// fields the columns of an INSERT.
type GenericModel struct {
	TypeArg int // the type parameter's index
	Param   int // the parameter that holds the model, or -1
	// Values is the parameter that holds the map an Updates call is
	// given, or -1: the caller's map literal names the column, and
	// whether its value computes it from itself.
	Values int
	Kind   int // the statement's sqltext.Kind
	// Conflict, Upsert and Arithmetic are sqltext.Statement's; Column
	// is the column an Update method names, when constant.
	Conflict, Upsert, Arithmetic bool
	Column                       string
	// ConflictOpts is 1 + the index of the variadic parameter of
	// options one of which adds the conflict clause (Insert(ctx, db,
	// row, OnConflictDoNothing("key"))), or 0: a call that passes
	// none writes without one.
	ConflictOpts int
	// TableTag is the struct tag whose table option names the model's
	// table (bun's), or "" for gorm's naming.
	TableTag string
}

// An SQLLit is the string literal that holds a statement's SQL text,
// without escapes, so that an offset in the text is one in the file.
type SQLLit struct {
	Pos     string // the literal's opening quote: "store.go:12:20"
	Dialect int    // the text's fix.Dialect, as the statement's package tells it
	Rows    bool   // the statement's rows are read (QueryRow, Get)
	// Text is the literal's text when it is not the statement's: its
	// parameters are named (sqlx's :name), which the statement has
	// made positional. An edit's offsets count in it.
	Text string
	// Builder, for an INSERT a query builder's chain runs, is the
	// builder's package: Pos is then the chain's executor (Exec), before
	// which the call that adds conflict handling goes.
	Builder string
	// Clauses, for an ORM's create that takes a conflict clause (gorm's
	// Create), is the clause package's path: Pos is then the method's
	// name, before which Clauses(...) goes; ClauseName is the name the
	// file imports that package under ("" when it does not), and
	// ClauseImport the edits that import it.
	Clauses, ClauseName string
	ClauseImport        []FileEdit
}

// A Forward says argument Arg of a wired call is parameter Param of the
// function that makes it, unchanged.
type Forward struct{ Arg, Param int }

// A WiredStmt is a wired call in a statement list, with the handles the
// caller passes it.
type WiredStmt struct {
	Call WiredCall
	// Attempt is set when the call writes the row of the attempt
	// itself: a row under a fresh ID whose outcome a function literal
	// the caller defers writes by that ID with the caller's error
	// (runs.Start(ctx, run); defer func() { runs.Finish(ctx, run.ID,
	// err) }()). One per attempt is what it is for.
	Attempt bool
	// Chosen is set when the call's receiver holds the handle that the
	// context the function is given chooses: the transaction the
	// context carries, or else the database (r.conn.Queries(ctx).X()).
	// Called without a unit of work's context, the implementation's
	// statements on that handle commit each on its own.
	Chosen bool
	// Guards are the wired calls whose results decide whether this one
	// runs (deciders): what it inserts is inserted once when their
	// implementations run a dedup guard.
	Guards []WiredCall
	// PastGuard is set when a dedup guard of the list runs before the
	// call on every path.
	PastGuard bool
	// Recv is where the call's receiver comes from in the function
	// whose list this is: a parameter at a path (".orders" of the
	// receiver, parameter 0), Param -1 when not known, or BoundRecv
	// when the function is a method value's wrapper and the receiver
	// the one the value was bound to.
	Recv ArgSource
	// RecvFrom is the parameter (index + 1; 0 when none) that the
	// receiver comes from, through fields, what a method of one returns
	// or what a call given one returns (tx.Invoices(), with tx the
	// parameter): a caller that passes its unit of work's value there
	// makes the call on the work's handles.
	RecvFrom int
	// Relays are the function literals the call is handed that call a
	// function parameter of the function whose list this is (a
	// generic Run[T](ctx, uow, fn) that hands uow.Do a literal calling
	// fn): what the caller passes for that parameter runs as the
	// call's argument would.
	Relays []Relay
	// Handles are the arguments that are handles (by index, the
	// receiver left out), with where each comes from in the function
	// whose list this is.
	Handles []ArgHandle
	// Discarded is set when the caller uses none of the call's results
	// but its error: a guard the implementations run decides nothing
	// for it (MarkPaid's rows affected, returned and dropped).
	Discarded bool
	// Bound, when the receiver is what another call returned given a
	// transaction (repo := s.repo.WithTx(tx)), is that transaction: the
	// handles the receiver's fields hold are the one it was bound to.
	Bound *Handle
	// Args says, for each argument (the receiver left out), which
	// parameter of that function and which field of it the argument is.
	Args []ArgSource
	// Empty are the string fields of arguments built in place that the
	// call leaves empty (a request literal without its key).
	Empty []ArgSource
	// Forwards are the arguments that are the function's own parameters
	// passed on unchanged: what a caller passes there (options that set
	// no key, a request without one) is what the wired call is given.
	Forwards []Forward
	// Produced are the arguments, and the fields of arguments built in
	// place, that hold what another wired call returned (Param is the
	// argument's index).
	Produced []ArgSource
	// ProducedBy are the entries of the same list, wired calls, whose
	// results the arguments (or their fields) hold: a write-back of
	// what the call returned.
	ProducedBy []int
	// Decoded are the arguments that the function decodes from what its
	// parameters hold (a message's body): the caller's, not its own.
	Decoded []int
	// Fills are the fixes that fill a field of Empty in the literal
	// written in the call: with the operation key in scope (Context
	// ""), or with the key a root puts in the context (catalog.Carried,
	// Param the function's context parameter).
	Fills []FieldFix
	// Keyed are the fields of arguments built in place that hold the
	// root's operation key, read where the call is (the request's
	// header, the key the root puts in the context): a stable key, but
	// no record of the operation.
	Keyed []ArgSource
	// Fields say, for arguments built in place (&Product{ID: cmd.ID}),
	// which parameter of the function and which field of it each field
	// stored is.
	Fields []FieldSource
	// Relative are the fields of arguments the function sets from their
	// own value (acct.Balance -= amount, then Save(ctx, acct)): a write
	// of them computes from what was stored, as balance = balance - $1
	// does, whatever statement the implementation runs.
	Relative []ArgSource
	// Lookups are the arguments, or fields of arguments built in
	// place, that hold the identity of a row another wired call of the
	// list returned (ret.ID, where ret is what Get(ctx, id) returned).
	Lookups []Lookup
	// ErrorText are the arguments that hold an error's text, on some
	// path at least (errText = sendErr.Error() when the send failed):
	// a write of them records an attempt, which each retry is meant to
	// record again.
	ErrorText []int
	// Sealed are the arguments built in place that nothing but the
	// call is given (no decoder fills them): a field Fields does not
	// name is left zero.
	Sealed []int
	// Captured is set when the call, made in a function literal, is
	// given nothing but a context and values the literal captures (a
	// retrying decorator's attempt, r.next.Send(ctx, m)).
	Captured bool
}

// BoundRecv is WiredStmt.Recv's Param for the receiver a method value
// was bound to.
const BoundRecv = -2

// CapturedRecv is WiredStmt.Recv's Param for a dependency that the
// function that made a handler gave it (func stripeWebhook(secret
// string, h EventHandler) http.HandlerFunc { return func(w, r) {
// h.Handle(...) } }): the program made the handler when it wired it.
const CapturedRecv = -3

// Held reports whether the call's receiver is a dependency the
// function's receiver holds (a field of parameter 0), the one a method
// value was bound to, or one a handler's maker captured.
func (w *WiredStmt) Held() bool {
	return w.Recv.Param == 0 && w.Recv.Path != "" || w.Recv.Param == BoundRecv || w.Recv.Param == CapturedRecv
}

// A Relay says that argument Arg of a wired call, a function literal,
// calls parameter Param of the function whose list holds the call, with
// the literal's own parameters.
type Relay struct {
	Arg, Param int
}

// A FieldSource says field Path of argument Arg of a wired call, built
// in place, holds the parameter (and field) Source.
type FieldSource struct {
	Arg    int
	Path   string
	Source ArgSource
	// JSON is the field's name in the JSON, when its tag gives one: the
	// name a receiver reads.
	JSON string
	// DedupTyped is set when the argument's struct type has a field
	// that is there only for the receiver to drop a repeat by
	// (catalog.IsDedupBodyField: requestReference, client_ref): that
	// field keys the request, not a reference that names the order.
	DedupTyped bool
}

// A Lookup says that Arg, of a wired call, holds the identity of a row
// that the wired call at entry Entry of the same list returned; Keys
// are the arguments of that call that are neither contexts nor
// handles, which it looked the row up by.
type Lookup struct {
	Arg   ArgSource
	Entry int
	Keys  []int
}

// An ArgHandle says argument Arg of a call is the handle Handle.
type ArgHandle struct {
	Arg    int
	Handle Handle
}

// A RunGuard says the function calls its parameter Param only past the
// wired calls Guards, whose results decide whether it does.
type RunGuard struct {
	Param  int
	Guards []WiredCall
}

// An ArgSource is the parameter Param (-1: none) at field Path that a
// statement's argument is.
type ArgSource struct {
	Param int
	Path  string
}

// ConstParam is the Param of an ArgSource that is a constant (the
// milestone "deposit" a service stores beside the event's contract):
// no parameter, but the same on every call.
const ConstParam = -2

// DecodedParam is the Param of an ArgSource read from a value the
// function decodes from what its parameters hold (the confirmation's ID
// in a message's body): the delivery's, the same on every redelivery of
// it.
const DecodedParam = -4

// CalleeParam is the Param of the source of a field that a callee,
// whose statements a caller's list takes in, fills with a value of its
// own making (a reference from its generator): set, but by nothing the
// caller gives.
const CalleeParam = -3

// A key slot that only a functional option can fill (opts ...Option,
// applied to a provider's params or to an options struct) has the path
// OptionsPath followed by the field the option sets:
// "[options]IdempotencyKey". A call says which fields the options it
// passes set, when it knows them all, with the path OptionsSetPath: the
// slot is empty when its field is not among them.
const (
	OptionsPath = "[options]"
	// AppliedOptions is the result path of a parameter of options that
	// a constructor applies to the struct it returns: the field an
	// option sets ([options]F) is the result's field F.
	AppliedOptions = "[applied]"
	optionsSet     = "[options set]"
)

// IsOptionsPath reports whether path is an options slot's.
func IsOptionsPath(path string) bool {
	_, ok := OptionsField(path)
	return ok
}

// OptionsField returns the field of an options slot's path.
func OptionsField(path string) (string, bool) {
	f, ok := strings.CutPrefix(path, OptionsPath)
	return f, ok && f != ""
}

// OptionsSetPath is the path that says the options a call passes set
// fields, and nothing else.
func OptionsSetPath(fields []string) string {
	fields = slices.Clone(fields)
	slices.Sort(fields)
	return optionsSet + strings.Join(slices.Compact(fields), ",")
}

// IsOptionsSetPath reports whether path is an OptionsSetPath.
func IsOptionsSetPath(path string) bool { return strings.HasPrefix(path, optionsSet) }

// EmptyPath reports whether empty, the paths an argument leaves empty,
// includes path: the path itself, or, for an options slot, options
// known to set other fields only.
func EmptyPath(empty []string, path string) bool {
	if slices.Contains(empty, path) {
		return true
	}
	f, ok := OptionsField(path)
	if !ok {
		return false
	}
	for _, e := range empty {
		if set, ok := strings.CutPrefix(e, optionsSet); ok {
			return !slices.Contains(strings.Split(set, ","), f)
		}
	}
	return false
}

// LeavesEmpty reports whether a call leaves want empty: empty are the
// parts of its arguments it leaves empty.
func LeavesEmpty(empty []ArgSource, want ArgSource) bool {
	var paths []string
	for _, e := range empty {
		if e.Param == want.Param {
			paths = append(paths, e.Path)
		}
	}
	return EmptyPath(paths, want.Path)
}

// HandleKind says where the handle of a statement comes from.
type HandleKind int

const (
	HandleUnknown    HandleKind = iota // a global, a context value, a phi: no proof
	HandleAutocommit                   // a pool or database handle: each statement commits on its own
	HandleTx                           // a transaction the function begins itself
	HandleParam                        // a parameter of the function: its caller decides
)

// A Handle is where the handle of a statement comes from.
type Handle struct {
	Kind HandleKind
	// Param and Path, for HandleParam: the parameter (the receiver is 0
	// for methods, as in SSA) and the fields from it to the handle
	// (".db" for sqlc's Queries), "" for the parameter itself.
	Param int
	Path  string
	// Tx, for HandleTx, tells the function's transactions apart.
	Tx int
	// Else, for HandleParam, is where the handle comes from when the
	// caller passes nil for the parameter: the other handle of a
	// selector (if tx != nil { return tx }; return r.pool).
	Else *Handle
	// Context marks the handle a context chooses (q := s.tx.Q(ctx)):
	// the transaction the context carries, or else the database. Param,
	// for HandleParam, is then the context's parameter.
	Context bool
}

// A ResultField says that field Path of result Result holds parameter
// Param at ParamPath ("" for the parameter itself; Path "" for the
// result itself).
type ResultField struct {
	Result    int
	Path      string
	Param     int
	ParamPath string
}

// An Effect is an external call a function makes.
type Effect struct {
	What         string
	Notification bool
	// AddressParam is 1 + the parameter that holds the HTTP call's
	// address (a helper's path after its base URL), or 0: a caller
	// that passes a read's address (/v2/eligibility) makes no effect.
	AddressParam int
	// Origin is where the external call itself is, when At is the
	// call of the helper of the package that makes it: one call, one
	// finding, wherever it is seen from.
	Origin Frame
	// KeyParam is the parameter whose value fills the call's key slot,
	// or -1; NoSlot is set when the provider takes no key, Absent when
	// the call carries none.
	KeyParam int
	NoSlot   bool
	Absent   bool
	// KeyUnknown is set when what fills the key slot is not known to
	// the caller (a key the function makes, or sets only when an option
	// says so): the call is listed for the checks that judge its order
	// against the writes, not for its key.
	KeyUnknown bool
	// KeyPath, when set, is the field of parameter KeyParam that fills
	// the key slot (a request struct's IdempotencyKey, set only when not
	// empty): a caller that leaves the field empty sends no key. Call
	// and Keyless then describe the call for that caller's finding.
	KeyPath string
	Call    string
	Keyless Keyless
	// BodyParam, for a call that carries no key (Absent), is 1 + the
	// parameter holding the body it encodes: a caller of the package
	// that passes a body with a field for the key sets the key there.
	BodyParam int
	// Outcome is set when the function returns the call's outcome.
	Outcome bool
	At      Frame
}

// ParamWrite says parameter Param at Path is stored by a durable write
// to Table; Durable says the write commits on its own (a pool or
// database handle, not a transaction the caller holds).
type ParamWrite struct {
	Param   int
	Path    string
	Table   string
	Durable bool
}

// AFact marks Summary as an analysis fact.
func (*Summary) AFact() {}

// PoolFields is an object fact on a struct type: the paths of the
// handles its values hold (".Queries.db" for a store that embeds sqlc's
// Queries) that every store of its package fills with a handle that
// commits each statement, a pool. The methods that run statements on
// them, its own or promoted, commit each one on its own.
type PoolFields struct {
	Paths []string
}

// AFact marks PoolFields as an analysis fact.
func (*PoolFields) AFact() {}

func (f *PoolFields) String() string { return "pools(" + strings.Join(f.Paths, " ") + ")" }

// Generators is a package fact: the package's functions, not methods,
// whose result is fresh on every call (ids.New), by catalog.FuncKey.
// A function's own facts reach only the packages that import its
// package; the composition root, which asks whether a function a field
// holds (Service{newID: ids.Default}) makes fresh values, often does
// not import the package that declares it.
type Generators struct {
	Funcs []string
}

// AFact marks Generators as an analysis fact.
func (*Generators) AFact() {}

func (g *Generators) String() string { return "generators(" + strings.Join(g.Funcs, " ") + ")" }

// FieldTypes is a package fact: the concrete types the package stores
// into struct fields of interface type (Server{Events: payment.New(...)}
// in main). The composition root resolves a call through such a field
// to the implementations stored into it, when every store the program
// makes names one.
type FieldTypes struct {
	Fields []FieldType
	// Args are the types the package passes to the parameters that
	// other packages' fields are filled from (FieldType.Params), by
	// parameter.
	Args []FieldType
	// Escaped are those parameters' functions that the package uses as
	// values (fx.Provide(api.NewServer)): whoever calls them is not seen.
	Escaped []string
	// Returns are, for the package's functions that return a function
	// (ids.UUID() Generator), what they return, as Fills.
	Returns []FieldType
}

// A field of function type holds, as its FieldType.Types, Fills: what
// the program stores there, so that the composition root can tell
// whether calling the field makes a fresh value.
const (
	FillFunc  = "func:"  // a function, by its catalog.FuncKey
	FillCall  = "call:"  // what a function returns: call:KEY(fill,fill)
	FillFresh = "fresh"  // a literal that calls a catalogued generator
	FillParam = "param:" // what the returning function's parameter i holds
	FillVar   = "var:"   // what a package's variable of function type holds: var:PKG.NAME
	FillNone  = "_"      // an argument of no function type
)

// A FieldType is the types the package stores into one field, or
// passes to one parameter.
type FieldType struct {
	Field string   // "example.com/api.Server.Events", or "example.com/api.NewServer#1"
	Types []string // "example.com/payment.Service", pointers left out
	// Params are the parameters of the package's functions the field
	// is filled from (&Server{Events: ev} in NewServer(ev Events)):
	// it holds what their callers pass.
	Params []string
	// From are the fields of interface type the field is copied from
	// (&Service{ledger: opts.Ledger}): it holds what they hold.
	From []string
	// Open is set when the package stores a value whose concrete type
	// it does not know there (an interface value it did not receive
	// as a parameter), or takes the field's address.
	Open bool
}

// AFact marks FieldTypes as an analysis fact.
func (*FieldTypes) AFact() {}

func (f *FieldTypes) String() string {
	items := make([]string, len(f.Fields))
	for i, ft := range f.Fields {
		items[i] = ft.String()
	}
	for _, a := range f.Args {
		items = append(items, "arg "+a.String())
	}
	for _, e := range f.Escaped {
		items = append(items, "escaped "+e)
	}
	for _, r := range f.Returns {
		items = append(items, "returns "+r.String())
	}
	return "fieldtypes(" + strings.Join(items, " ") + ")"
}

func (ft FieldType) String() string {
	s := ft.Field + "=" + strings.Join(append(append(slices.Clone(ft.Types), ft.Params...), ft.From...), "|")
	if ft.Open {
		s += "|?"
	}
	return s
}

// String lists what the summary says, in the order of its fields and
// leaving out the empty ones, one entry per element:
//
//	fresh=[r0 uuid.New] writes=[p1.ID->orders durable]
//	stmts=["INSERT INTO orders (id) VALUES ($1)" on p0.db args=p1.ID] retried
//
// Parameters are p0, p1, ... (the receiver is p0 for methods) and results
// r0, r1, ...; a path follows a parameter or result. Positions are left
// out. Like the summary, it holds no map, so it is the same on every run;
// tests state facts with it.
func (s *Summary) String() string {
	var parts []string
	list := func(name string, n int, item func(i int) string) {
		if n == 0 {
			return
		}
		items := make([]string, n)
		for i := range items {
			items[i] = item(i)
		}
		parts = append(parts, name+"=["+strings.Join(items, "; ")+"]")
	}
	list("fresh", len(s.FreshResults), func(i int) string {
		r := s.FreshResults[i]
		return fmt.Sprintf("r%d%s %s", r.Result, r.Path, r.Origin.Call)
	})
	list("freshVia", len(s.FreshVia), func(i int) string {
		return s.FreshVia[i].Iface + "." + s.FreshVia[i].Method
	})
	if s.UniqueByArgs {
		parts = append(parts, "uniqueByArgs")
	}
	list("paramResults", len(s.ParamResults), func(i int) string {
		r := s.ParamResults[i]
		return fmt.Sprintf("p%d%s->r%d%s", r.Param, r.Path, r.Result, r.ResultPath)
	})
	list("paramSinks", len(s.ParamSinks), func(i int) string {
		r := s.ParamSinks[i]
		return fmt.Sprintf("p%d%s->%s", r.Param, r.Path, r.Sink)
	})
	list("emptyResult", len(s.EmptyResult), func(i int) string { return s.EmptyResult[i] })
	list("paramRereads", len(s.ParamRereads), func(i int) string {
		r := s.ParamRereads[i]
		return fmt.Sprintf("p%d%s", r.Param, r.Path)
	})
	list("defects", len(s.Defects), func(i int) string {
		d := s.Defects[i]
		out := fmt.Sprintf("%s %s->%s", d.Kind, d.Origin.Call, d.Sink)
		if d.Kind == KeylessEffect {
			out = fmt.Sprintf("%s %s->%s", d.Kind, d.Origin.Call, d.Keyless.What)
		}
		if d.Reported {
			out += " reported"
		}
		if len(d.KeyFixes) > 0 {
			var params []string
			for _, f := range d.KeyFixes {
				params = append(params, fmt.Sprintf("p%d%s", f.Param, f.Path))
			}
			out += " keyfixes=" + strings.Join(slices.Compact(params), ",")
		}
		return out
	})
	list("writes", len(s.ParamWrites), func(i int) string {
		w := s.ParamWrites[i]
		out := fmt.Sprintf("p%d%s->%s", w.Param, w.Path, w.Table)
		if w.Durable {
			out += " durable"
		}
		return out
	})
	if s.Option {
		parts = append(parts, "option["+strings.Join(s.OptionFields, ",")+"]")
	}
	list("effects", len(s.Effects), func(i int) string {
		e := s.Effects[i]
		out := e.What
		switch {
		case e.NoSlot:
			out += " noslot"
		case e.Absent:
			out += " nokey"
		case e.KeyUnknown:
			out += " key?"
		case e.KeyParam >= 0:
			out += fmt.Sprintf(" key=p%d%s", e.KeyParam, e.KeyPath)
		}
		if e.Notification {
			out += " notification"
		}
		if e.Outcome {
			out += " outcome"
		}
		return out
	})
	list("stmts", len(s.Stmts), func(i int) string {
		st := s.Stmts[i]
		if st.Next {
			return "next handler"
		}
		out := fmt.Sprintf("%q on %s", st.SQL, st.Handle)
		if w := st.Wired; w != nil {
			out = "wired " + w.Call.Iface[strings.LastIndex(w.Call.Iface, "/")+1:] + "." + w.Call.Method
			switch {
			case w.Recv.Param == BoundRecv:
				out += " on bound"
			case w.Recv.Param == CapturedRecv:
				out += " on captured"
			case w.Recv.Param >= 0:
				out += fmt.Sprintf(" on p%d%s", w.Recv.Param, w.Recv.Path)
			}
			for _, r := range w.Relays {
				out += fmt.Sprintf(" a%d runs p%d", r.Arg, r.Param)
			}
			for _, h := range w.Handles {
				out += fmt.Sprintf(" a%d=%s", h.Arg, h.Handle)
			}
			if w.Bound != nil {
				out += fmt.Sprintf(" boundto=%s", *w.Bound)
			}
		}
		if st.Guard {
			out += " guard"
			if st.ReadBack {
				out += " readback"
			}
			if st.NoRowTaken {
				out += " norow"
			}
			if st.NoRowFails {
				out += " norowfails"
			}
			if st.Hidden {
				out += " hidden"
			}
		}
		if len(st.Exclusive) > 0 {
			out += fmt.Sprintf(" exclusive=%v", st.Exclusive)
		}
		if len(st.Args) > 0 {
			args := make([]string, len(st.Args))
			for j, a := range st.Args {
				args[j] = "-"
				if a.Param >= 0 {
					args[j] = fmt.Sprintf("p%d%s", a.Param, a.Path)
				}
			}
			out += " args=" + strings.Join(args, ",")
		}
		if st.Absorbed {
			out += " absorbed"
		}
		if st.Assumed {
			out += " assumed"
		}
		if st.FromWork {
			out += " fromwork"
		}
		if st.StateGuarded {
			out += " stateguarded"
		}
		for _, v := range st.StateVia {
			out += fmt.Sprintf(" statevia=%d:%s=%q/%t", v.Entry, v.Column, v.Value, v.Done)
			if v.ReadBy > 0 {
				out += fmt.Sprintf("/read=%d", v.ReadBy-1)
			}
		}
		if st.Context > 0 {
			out += fmt.Sprintf(" ctx=p%d", st.Context-1)
		}
		if m := st.Model; m != nil {
			out += fmt.Sprintf(" model=T%d/p%d", m.TypeArg, m.Param)
		}
		return out
	})
	if s.StmtsCut {
		parts = append(parts, "cut")
	}
	if s.Retried {
		parts = append(parts, "retried")
	}
	if len(s.Runs) > 0 {
		parts = append(parts, fmt.Sprintf("runs=%v", s.Runs))
	}
	if len(s.RunsInTx) > 0 {
		parts = append(parts, fmt.Sprintf("runsInTx=%v", s.RunsInTx))
	}
	if len(s.RunsAgain) > 0 {
		parts = append(parts, fmt.Sprintf("runsAgain=%v", s.RunsAgain))
	}
	list("wired", len(s.Wired), func(i int) string {
		return s.Wired[i].Iface + "." + s.Wired[i].Method
	})
	list("paramsWired", len(s.ParamsWired), func(i int) string {
		w := s.ParamsWired[i]
		return fmt.Sprintf("p%d%s->%s.%s a%d%s", w.Param, w.Path, w.Call.Iface, w.Call.Method, w.Arg, w.ArgPath)
	})
	list("freshWired", len(s.FreshWired), func(i int) string {
		w := s.FreshWired[i]
		out := fmt.Sprintf("%s->%s.%s a%d%s", w.Origin.Call, w.Call.Iface, w.Call.Method, w.Arg, w.Path)
		for _, g := range w.Guards {
			out += " guard:" + g.Iface + "." + g.Method
		}
		return out
	})
	list("resultFields", len(s.ResultFields), func(i int) string {
		f := s.ResultFields[i]
		return fmt.Sprintf("r%d%s<-p%d%s", f.Result, f.Path, f.Param, f.ParamPath)
	})
	return "summary(" + strings.Join(parts, " ") + ")"
}

// String names where a handle comes from: pool, tx0 (the function's
// first transaction), p0.db (a parameter at a path) or unknown.
func (h Handle) String() string {
	switch h.Kind {
	case HandleAutocommit:
		return "pool"
	case HandleTx:
		return fmt.Sprintf("tx%d", h.Tx)
	case HandleParam:
		if h.Else != nil {
			return fmt.Sprintf("p%d%s|%s", h.Param, h.Path, h.Else)
		}
		return fmt.Sprintf("p%d%s", h.Param, h.Path)
	}
	return "unknown"
}

// String names an identity sink: a table's column, a model's field, or
// what a key slot or effect identifies.
func (s SinkInfo) String() string {
	switch s.Kind {
	case ColumnSink, ModelSink:
		return s.Table + "." + s.Column
	case WriteSink:
		return "write " + s.Table
	}
	return s.What
}

// Empty reports whether the summary says nothing.
func (s *Summary) Empty() bool {
	return !s.ORMReads && len(s.FreshResults) == 0 && len(s.FreshVia) == 0 && len(s.ParamResults) == 0 && len(s.ParamSinks) == 0 && len(s.ParamRereads) == 0 && len(s.EmptyResult) == 0 && len(s.Defects) == 0 &&
		len(s.ParamWrites) == 0 && len(s.Effects) == 0 && len(s.Stmts) == 0 && !s.StmtsCut && len(s.ResultFields) == 0 &&
		len(s.Wired) == 0 && len(s.ParamsWired) == 0 && len(s.FreshWired) == 0 && len(s.Runs) == 0 && len(s.RunsPast) == 0 && len(s.RunsClaimed) == 0 && !s.Option &&
		len(s.RecvSets) == 0 && !s.UniqueByArgs
}

// Pure reports whether the summary lists nothing the function does
// beyond computing its results from its arguments: no statement, no
// external call, no wired call, no fresh value, no ORM read.
func (s *Summary) Pure() bool {
	return !s.ORMReads && len(s.FreshResults) == 0 && len(s.FreshVia) == 0 && len(s.Defects) == 0 && len(s.Effects) == 0 &&
		len(s.Stmts) == 0 && !s.StmtsCut && len(s.ParamWrites) == 0 && len(s.Wired) == 0 && len(s.FreshWired) == 0 && len(s.Runs) == 0
}

// A Frame is one step of a call chain: a function and a position in it.
type Frame struct {
	Func string // package-qualified name: "store.CreateOrder"
	Pos  string // "store.go:42:9"
}

func (f Frame) String() string { return f.Func + " (" + f.Pos + ")" }

// Placed reports whether the frame names a place in the code: a
// function SSA makes up (a bound method's wrapper) has none, and a chain
// that shows it would show nothing the user can go to.
func (f Frame) Placed() bool { return f.Pos != "" && !strings.HasSuffix(f.Pos, ":0:0") }

// FreshResult says result Result is fresh, made by Origin.
type FreshResult struct {
	Result int
	Path   string // the fresh part of the result: ".ID" of a constructor's struct
	Origin Origin
	// Default, when set, says the value is only a default: made when
	// the options given in parameter Default.Param left the field
	// Default.Field empty (if li.ID == "" { li.ID = ids.New() }), so a
	// call passing an option that sets the field gets no fresh value.
	Default *OptionDefault
}

// An OptionDefault names the options parameter (the receiver is 0 for
// methods) and the field whose emptiness a fresh default is made for;
// with Recv, the field is one of what the receiver points to, which a
// setter of the receiver's chain may have set (a builder's
// DedupKey(k) before its Build()).
type OptionDefault struct {
	Param int
	Field string
	Recv  bool
}

// ParamResult says parameter Param (the receiver is 0 for methods) at
// access path Path flows into result Result, at ResultPath: a mapper
// that copies an entity's ID into its model's (p0.ID->r0.ID).
type ParamResult struct {
	Param      int
	Path       string
	Result     int
	ResultPath string
}

// A ParamPath is parameter Param's value at Path.
type ParamPath struct {
	Param int
	Path  string
}

// ParamSink says parameter Param at Path becomes the identity Sink.
type ParamSink struct {
	Param int
	Path  string
	Sink  SinkInfo
	Chain []Frame // calls from the function down to the sink
}

// A Defect is a fact about a function that a retried root elsewhere may
// reach: a fresh value that becomes an identity, or an external call that
// carries no idempotency key. The checks judge and word them.
type Defect struct {
	Kind   DefectKind
	Origin Origin
	Sink   SinkInfo // for FreshIdentity: the identity the value becomes
	// Keyless, for KeylessEffect: the call and the key it lacks.
	Keyless Keyless
	// AddressArg, for a KeylessEffect of the function that makes the
	// HTTP call, is 1 + the index of the parameter that holds the
	// request's whole address, or 0: a caller that passes one of the
	// program's own routes makes no effect.
	AddressArg int
	// BodyArg, for a KeylessEffect of the function that makes the HTTP
	// call, is 1 + the index of the parameter whose value the request's
	// body is encoded from, or 0: a caller that passes a value with a
	// field for the operation's key (a message_id) sends a keyed body.
	BodyArg int
	// KeyArg and KeyPath, for a KeylessEffect a call's argument makes
	// (a request literal that leaves the key's field empty), are the
	// argument (counting the receiver as 0) and the field's path in it.
	KeyArg  int
	KeyPath string
	Chain   []Frame // calls from the function down to the origin and sink
	// Reported is set when the origin's own package has a retried root
	// that reaches it: that package reported it, and callers elsewhere
	// must not report it again.
	Reported bool
	// Guards, for a FreshIdentity, are the wired calls whose results
	// decide, in the function that makes the value, whether the path to
	// the sink goes on (FreshArg.Guards): a retry stops there when their
	// implementations run a dedup guard.
	Guards []WiredCall
	// OnlyEmpty, for a FreshIdentity, are string fields of parameters
	// (Param counts the receiver as 0) that the defect's path tests for
	// "" and runs only when they are: a ledger that inserts a plain row
	// when the caller gives no key, and one that ignores a second row
	// when it gives one. Callers that fill any of them do not reach it.
	OnlyEmpty []ArgSource
	// Via, for a FreshIdentity whose value an injected generator's
	// method returns (s.ids.New()), is that wired call: the value is
	// fresh when every implementation the program wires is, which only
	// the composition root decides.
	Via *WiredCall
	// Rereads, for a FreshIdentity held in a struct's field, are the
	// wired calls handed the struct before the field reaches the sink:
	// an implementation that scans the stored row back into the field
	// (an upsert's RETURNING id, into its argument) makes the value the
	// stored one on a retry, which only the composition root knows.
	Rereads []WiredReread
	// KeyFixes, for a FreshIdentity made in the function the summary is
	// of, are the fixes its package prepared in case a caller passes the
	// operation key in a parameter: the caller's package knows whether
	// it does.
	KeyFixes []KeyFix
}

// A WiredReread is a wired call handed, as argument Arg (the receiver
// not counted) at Path, the field that holds a fresh value.
type WiredReread struct {
	Call WiredCall
	Arg  int
	Path string
}

// A KeyFix is a suggested fix that derives a fresh value from parameter
// Param (the receiver is 0), at Path, instead: it absorbs a retry when
// every caller passes the operation key there.
type KeyFix struct {
	Param   int
	Path    string
	Message string
	Edits   []FileEdit
	// Context, for a fix that reads the key from a context parameter, is
	// the kind of root whose context it must be (KeyArg.Context), and
	// Needs the function (FuncKey) its expression calls, which the
	// program must link.
	Context, Needs string
	// Carrier, for a fix whose Context is catalog.Carried, is the path of
	// the package that declares the carrier: the root's package imports
	// it to put the key in the context.
	Carrier string
	// Enters, for such a fix that reads the key from the context of a
	// function that a root's list entered and that makes the wired call
	// (types.Func.FullName), names it: only a root's call of it puts
	// the key there (Wrap.Enters).
	Enters string
	// Intent, for a fix that derives the value from the ID of the row
	// an earlier call claimed for the operation, is where that row's
	// fresh ID is made: the fix holds only where the program finds no
	// defect there (the row is claimed, not inserted anew each time).
	Intent *Frame
	// Else is the fix to use instead where the program finds a defect
	// at Intent.
	Else *KeyFix
}

// A FieldFix fills field Path of argument Arg of a wired call with a
// key, or, for Arg its options, passes Option (FuncKey) with the key.
type FieldFix struct {
	Arg    int
	Path   string
	Option string
	KeyFix
}

// A FileEdit is a text edit of a file named by its full path, in byte
// offsets: the form in which a fix crosses packages.
type FileEdit struct {
	File       string
	Start, End int
	Text       string
}

// DefectKind says what a Defect is.
type DefectKind int

const (
	// AnyDefect matches every kind, in lookups.
	AnyDefect DefectKind = iota
	// FreshIdentity is a value made fresh on every attempt that becomes
	// the identity of a write or of a request.
	FreshIdentity
	// KeylessEffect is an external call with an effect whose provider
	// takes an idempotency key, made without one.
	KeylessEffect
)

func (k DefectKind) String() string {
	switch k {
	case FreshIdentity:
		return "fresh"
	case KeylessEffect:
		return "keyless"
	}
	return "any"
}

// Keyless describes an external call made without the key its provider
// takes.
type Keyless struct {
	What   string           // what the call does, as the catalog names it
	Method string           // the HTTP method of a request, when known
	Slot   catalog.SlotKind // where the key would go
	Field  string           // for an input field slot: the field
	// Option, for a slot only an option fills, is the function of the
	// callee's package that makes the option setting the key, by its
	// package path and name ("example.com/bureau.WithIdempotencyKey").
	Option string
	// Retries is set when the call's client retries it itself
	// (go-retryablehttp): a claim before the call does not stop those
	// retries.
	Retries bool
}

// An Origin is where a fresh value is made.
type Origin struct {
	Call string // the generator, "uuid.New"
	At   Frame
	// Hook, for a value a model's create hook makes, is what it makes:
	// At is then the call that hands the model to its write.
	Hook *CreateDefault
}

// SinkInfo describes an identity sink.
type SinkInfo struct {
	Kind   SinkKind
	Table  string // INSERT table or model type
	Column string // INSERT column or model field
	// Stored, for a model's field, is the table the ORM stores the model
	// in: its TableName's, or the one its type's name gives.
	Stored string
	What   string // for key slots: what the value identifies
	// Conflict, for a key slot, is the error its call returns for a value
	// it has seen (catalog.Slot.Conflict).
	Conflict string
	At       Frame
	// Durable, for a write: it commits on its own.
	Durable bool
	// Reference, for a key slot: a body's reference encoded as JSON
	// (tracer.encoded), the weakest evidence of an identity.
	Reference bool
	// Handled, for a column: the INSERT's conflict clause names it
	// already, which absorbs a repeat once the value is one.
	Handled bool
}

// SinkKind is the kind of an identity sink.
type SinkKind int

const (
	ColumnSink SinkKind = iota // an identity column of an INSERT
	ModelSink                  // an identity field of an ORM model insert
	SlotSink                   // a provider key, message ID or job key
	WriteSink                  // any durable write (Env.Writes)
)

// Purpose names what an identity is for, to namespace a derived ID.
func (s SinkInfo) Purpose() string {
	switch s.Kind {
	case ColumnSink, ModelSink:
		return strings.ToLower(s.Table)
	}
	return "idempotency-key"
}

// FrameAt makes a Frame for a position.
func FrameAt(fset *token.FileSet, fn string, pos token.Pos) Frame {
	p := fset.Position(pos)
	return Frame{Func: fn, Pos: fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)}
}
