// Package summary is the pass that traces every fresh value of a package
// to the identity sinks it reaches, and exports, for each function that
// other packages can call, a valueflow.Summary fact: its fresh results,
// the parameters that become identities or results, and the defects its
// calls lead to. Checks use its Result; other packages use its facts.
//
// It runs on every dependency under go vet, so it first decides from the
// objects a package uses whether there can be anything to find, and
// builds SSA only then. The standard library and the catalogued libraries
// are described by the catalog and never analysed.
package summary

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/opkey"
	"github.com/idemlint/idemlint/internal/valueflow"
	catalogpass "github.com/idemlint/idemlint/passes/catalog"
	"github.com/idemlint/idemlint/passes/lazyssa"
	"github.com/idemlint/idemlint/passes/retried"
)

// New returns the pass for a run whose catalog and retried passes are given.
func New(cat, ret *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "idemsummary",
		Doc:        "trace fresh values to identity sinks and summarise functions as facts",
		Requires:   []*analysis.Analyzer{cat, lazyssa.Analyzer, ret},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(valueflow.Summary), new(valueflow.Pending), new(valueflow.PoolFields), new(HandledErrors), new(valueflow.FieldTypes), new(valueflow.TableName), new(valueflow.KeyField), new(valueflow.CreateDefault), new(valueflow.ContextAccessor), new(valueflow.ContextSetter), new(valueflow.KeyedSlots), new(valueflow.TxDecorator), new(valueflow.Generators), new(ErrorHelpers)},
		Run: func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[cat].(*catalog.Catalog), pass.ResultOf[ret].(*retried.Result))
		},
	}
}

// Result is what the pass found in one package.
type Result struct {
	// Relevant is false when the package cannot contain a finding; then
	// nothing else is set.
	Relevant bool
	Catalog  *catalog.Catalog // the run's catalog, set in every package
	Retried  *retried.Result
	Env      *valueflow.Env
	ssa      *lazyssa.SSA
	// accessors are the module's accessors of keyed context slots
	// (keyedAccessors), once asked for.
	accessors *[]opkey.Accessor
	// uniqueByArgs are the package's InsertOpts methods of jobs'
	// arguments that make the jobs unique by them (jobUniqueness).
	uniqueByArgs map[*types.Func]bool
	// once says, of the functions asked about, whether the package
	// calls each once (calledOnce).
	once  map[*ssa.Function]bool
	files []*ast.File
	info  *types.Info
	// pass is the package's pass, for the fixes the summary prepares
	// for callers in other packages.
	pass *analysis.Pass
	// loc finds other packages' frames in a whole-program run (Locate).
	loc *locator

	writesMu sync.Mutex
	writes   map[*ssa.Function][]valueflow.ParamWrite

	handlesMu sync.Mutex
	handles   *handles

	externalsOnce sync.Once
	externals     []*effects.Call

	// freshLits memoises freshLiteral, asked at every call of a
	// function value that can run a function literal; only the summary's
	// own run asks.
	freshLits map[*ssa.Function]*literalFresh
	// freshFuncs are the functions of the package that return a fresh
	// value (traceSources).
	freshFuncs map[*ssa.Function][]freshReturn
	// keyOptions memoises keyOption, by the options' type and field.
	keyOptions map[string]string
	// taken are the errors the package and those it sees take
	// (HandledErrors).
	taken map[string]bool
	// answered memoizes answeredErrors by function.
	answered map[*ssa.Function]errorAnswers
	// errorFuncs are the unique-violation predicates and error
	// constructors of the packages the package sees (ErrorHelpers).
	errorFuncs *effects.ErrorFuncs
	// held memoises heldType: by interface field, the one concrete
	// type the package's functions store in it, or nil.
	held map[*types.Var]types.Type

	guardsMu  sync.Mutex
	guards    map[*ssa.Function]*fnGuards
	pastGuard map[*ssa.Function]bool  // ReachedAvoiding guarded calls, once asked
	claimed   map[*ssa.Function][]int // runsClaimed, by runner
	tests     fileRanges
	// Defects are the fresh values made in this package that reach an
	// identity sink, in source order.
	Defects []*Defect

	// wiredFresh are the fresh values passed to wired interface calls.
	wiredFresh []wiredFresh
	// attemptWrites are the wired calls that write an attempt's own
	// row (WiredStmt.Attempt).
	attemptWrites map[ssa.CallInstruction]bool
	// Program, in a composition root of a whole-program run, are the
	// defects that the retried paths of the packages it links reach
	// through wired interface calls.
	Program []ProgramDefect
	// ProgramRoots, in a composition root of a whole-program run, are
	// the retried roots of the packages it links that make wired calls,
	// with the statements of the implementations in their places.
	ProgramRoots []ProgramRoot
}

// A Defect is one fresh value and the identities it becomes.
type Defect struct {
	Call *ssa.Call // the generator call
	Gen  string    // the generator, "uuid.New"
	Hits []valueflow.Hit
	// Via is the wired call whose implementations decide whether the
	// value is fresh (an injected generator's New): the package cannot
	// report it, and the composition root judges it.
	Via *valueflow.WiredCall
	// Hook is set when the fresh value is the one a model's create hook
	// makes, and Call the call that hands the model to its write: no
	// expression there makes the value.
	Hook *valueflow.CreateDefault
	// wired are the wired calls the value's trace is handed to.
	wired []valueflow.WiredArg
}

// CallStart returns the start of the call expression whose opening
// parenthesis is at lparen (where SSA positions a call), so that findings
// point at "uuid.New()" rather than at its "(".
func (r *Result) CallStart(lparen token.Pos) token.Pos {
	for _, f := range r.files {
		if f.FileStart <= lparen && lparen < f.FileEnd {
			path, _ := astutil.PathEnclosingInterval(f, lparen, lparen+1)
			for _, n := range path {
				if call, ok := n.(*ast.CallExpr); ok && call.Lparen == lparen {
					return call.Pos()
				}
			}
		}
	}
	return lparen
}

// ParamWrites returns which parameters of a function a durable write
// stores: from its summary fact for a function of another package,
// computed once for a function of this one.
func (r *Result) ParamWrites(fn *ssa.Function, obj *types.Func) []valueflow.ParamWrite {
	if fn != nil && r.Env != nil && fn.Pkg != nil && fn.Pkg.Pkg == r.Env.Pkg {
		r.writesMu.Lock()
		defer r.writesMu.Unlock()
		if pw, ok := r.writes[fn]; ok {
			return pw
		}
		if r.writes == nil {
			r.writes = make(map[*ssa.Function][]valueflow.ParamWrite)
		}
		r.writes[fn] = nil // recursion guard
		sum := &valueflow.Summary{}
		summarizeWrites(r.Env.ForWrites(false), fn, sum)
		r.writes[fn] = sum.ParamWrites
		return sum.ParamWrites
	}
	if obj != nil {
		if s := r.Imported(obj); s != nil {
			return s.ParamWrites
		}
	}
	return nil
}

// SrcFuncs returns the package's functions in source order.
func (r *Result) SrcFuncs() []*ssa.Function { return r.ssa.SrcFuncs() }

// Imported returns the summary fact of a function of another package.
func (r *Result) Imported(fn *types.Func) *valueflow.Summary {
	if r.Env == nil || r.Env.Imported == nil {
		return nil
	}
	return r.Env.Imported(fn)
}

func run(pass *analysis.Pass, cat *catalog.Catalog, ret *retried.Result) (*Result, error) {
	res := &Result{Catalog: cat, Retried: ret, files: pass.Files, info: pass.TypesInfo, tests: testFiles(pass), pass: pass}
	if cat.Skips(pass.Pkg, catalogpass.InGOROOT(pass)) {
		return res, nil
	}
	own := handledErrors(pass)
	if len(own) > 0 {
		pass.ExportPackageFact(&HandledErrors{Names: own})
	}
	res.taken = takenErrors(pass)
	res.errorFuncs = errorFuncs(pass)
	exportFieldTypes(pass, cat)
	exportTableNames(pass)
	exportKeyFields(pass, cat)
	exportCreateDefaults(pass, cat)
	res.uniqueByArgs = jobUniqueness(pass)
	// The functions of other packages that have summaries, known before
	// any is asked for: a large package asks about every callee, most
	// of which have none, and ImportObjectFact needs a summary of its
	// own to fill in each time.
	summarised := make(map[types.Object]bool)
	setters := make(map[*types.Func]*valueflow.ContextSetter)
	accessors := make(map[*types.Func]*valueflow.ContextAccessor)
	for _, f := range pass.AllObjectFacts() {
		switch fact := f.Fact.(type) {
		case *valueflow.Summary:
			if f.Object.Pkg() != pass.Pkg {
				summarised[f.Object] = true
			}
		case *valueflow.TableName:
			if tn, ok := f.Object.(*types.TypeName); ok {
				valueflow.DeclareTable(tn, fact.Name)
			}
		case *valueflow.CreateDefault:
			if tn, ok := f.Object.(*types.TypeName); ok {
				valueflow.DeclareCreateDefault(tn, fact)
			}
		case *valueflow.KeyField:
			if tn, ok := f.Object.(*types.TypeName); ok {
				catalog.DeclareKeyField(tn, fact.Name)
			}
		case *valueflow.ContextAccessor:
			if fn, ok := f.Object.(*types.Func); ok {
				valueflow.DeclareContextAccessor(fn, fact)
				accessors[fn] = fact
			}
		case *valueflow.ContextSetter:
			if fn, ok := f.Object.(*types.Func); ok {
				setters[fn] = fact
			}
		}
	}
	exportContextSlots(pass, cat, setters, accessors)
	imported := func(fn *types.Func) *valueflow.Summary {
		if fn.Pkg() == nil || fn.Pkg() == pass.Pkg || !summarised[fn] {
			return nil
		}
		var s valueflow.Summary
		if pass.ImportObjectFact(fn, &s) {
			absorbRenamed(s.Stmts, res.taken)
			return &s
		}
		return nil
	}
	wired := wiredIn(pass, cat)
	rel := relevant(pass, cat, imported, wired)
	// A main that only registers the roots of other packages (a gRPC
	// server's methods) lists what they run, through their facts.
	rel.wired = rel.wired || wired != nil && slices.ContainsFunc(res.Retried.Roots(), func(r *retried.Root) bool { return r.Extern != nil })
	exportErrorHelpers(pass, pass.ResultOf[lazyssa.Analyzer].(*lazyssa.SSA))
	if rel.any() {
		analyse(pass, res, cat, imported, rel, wired)
	} else {
		exportCarriers(pass)
	}
	if compositionRoot(pass) && wired != nil {
		// The composition root, whose own Pending fact is exported by
		// now: the wired calls of every package it links.
		res.Program, res.ProgramRoots = resolveProgram(pass, cat, res.taken)
	}
	return res, nil
}

// compositionRoot reports whether the package is a program's main
// package: not the main package the go command generates to run a
// package's tests ("x.test"), nor a main package with its test files,
// whose wiring (fakes, a test server) is not the production path's and
// whose production findings its own variant reports.
func compositionRoot(pass *analysis.Pass) bool {
	if pass.Pkg.Name() != "main" || strings.HasSuffix(pass.Pkg.Path(), ".test") {
		return false
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			return false
		}
	}
	return true
}

// analyse traces the fresh values of a relevant package and exports its
// facts.
func analyse(pass *analysis.Pass, res *Result, cat *catalog.Catalog, imported func(*types.Func) *valueflow.Summary, rel relevance, wired func(*types.Func) bool) {
	res.Relevant = true
	s := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.SSA)
	res.ssa = s
	callers := callSites(s.SrcFuncs(), pass.Pkg)
	res.Env = &valueflow.Env{
		Fset:     pass.Fset,
		Pkg:      pass.Pkg,
		Catalog:  cat,
		Imported: imported,
		Callers:  func(fn *ssa.Function) []*ssa.Call { return callers[fn] },
		Wired:    wired,
	}
	fresh := traceSources(res, s.SrcFuncs(), rel)
	res.markAttempts()
	res.freshFuncs = fresh
	sites, freshWired := wiredSites(res, append(s.SrcFuncs(), boundRoots(res)...)), freshSites(pass, res)
	exportSummaries(pass, res, s.SrcFuncs(), fresh, rel, sites, freshWired)
	exportPending(pass, res, sites, freshWired, convertedFuncs(pass, res, s.SrcFuncs(), fresh))
	exportPoolFields(pass, res, s.SrcFuncs())
}

// relevance is what the objects a package uses say about it.
type relevance struct {
	sinks   bool // it writes identities, itself or through a summarised function
	fresh   bool // it makes fresh identifiers, itself or through one
	defect  bool // it calls a function whose summary has defects
	effects bool // it makes external calls
	wired   bool // it calls wired interface methods
	clock   bool // it calls a function that hands a time it is given on to a wired call
	tx      bool // it begins transactions: a unit of work that runs what it is given in one
	runs    bool // it hands a function to a retry wrapper: perhaps a retry wrapper of its own
	// references: it declares a request field named as its sender's
	// reference, which an encoder of a value of interface type may
	// send (valueflow.Env.MayEncodeReference).
	references bool
}

func (r relevance) any() bool {
	return r.sinks || r.fresh || r.defect || r.effects || r.wired || r.tx || r.runs
}

// clockParam reports whether parameter i of fn (its receiver being 0
// for a method) is a time.Time.
func clockParam(fn *types.Func, i int) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		i--
	}
	return i >= 0 && i < sig.Params().Len() && isClock(sig.Params().At(i).Type())
}

// relevant decides, from the objects the package uses and before any SSA
// is built, whether it can hold a finding or contribute to one.
func relevant(pass *analysis.Pass, cat *catalog.Catalog, imported func(*types.Func) *valueflow.Summary, wired func(*types.Func) bool) relevance {
	var r relevance
	tests := testFiles(pass)
	seen := make(map[*types.Func]bool)
	headers := false // it sets request headers
	for id, obj := range pass.TypesInfo.Defs {
		// A request the package sends whole, with a reference its
		// caller fills (tracer.encoded), though the package never
		// names the field.
		if v, ok := obj.(*types.Var); ok && v.IsField() && v.Exported() && !tests.contain(id.Pos()) && catalog.IsReferenceField(v.Name()) {
			r.sinks, r.references = true, true
			break
		}
	}
	for id, obj := range pass.TypesInfo.Uses {
		// A key slot that is a struct field (a message's ID in the
		// struct published) is written by naming it.
		if v, ok := obj.(*types.Var); ok && v.IsField() && v.Pkg() != nil && !tests.contain(id.Pos()) {
			r.sinks = r.sinks || cat.MaySlotField(v.Pkg().Path(), v.Name()) || catalog.MayBeDedupBodyField(v.Name()) || v.Exported() && catalog.IsReferenceField(v.Name())
			continue
		}
		fn, ok := obj.(*types.Func)
		if !ok || tests.contain(id.Pos()) {
			continue
		}
		fn = fn.Origin() // a method of a generic type, as its package declared it
		if seen[fn] || fn.Pkg() == nil {
			continue
		}
		if wired != nil && wired(fn) {
			seen[fn] = true
			r.wired = true
			continue
		}
		if fn.Pkg() == pass.Pkg {
			// A database interface of the package's own (sqlc declares
			// DBTX beside its queries): its calls are statements that
			// callers elsewhere need in the summaries.
			seen[fn] = true
			if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
				_, isSQL := cat.SQL(fn)
				r.sinks = r.sinks || isSQL
			}
			continue
		}
		seen[fn] = true
		if reg, ok := cat.Registration(fn); ok && reg.Attempts {
			// A retry wrapper of the program's own (retry.Do(ctx,
			// policy, op) handing op to backoff.Retry) runs the
			// operation it is given: its summary says so (Runs), and
			// the operation's calls are its caller's.
			r.runs = true
		}
		if sig := fn.Type().(*types.Signature); catalog.IsBegin(fn.Name()) && sig.Results().Len() > 0 && catalog.IsTx(sig.Results().At(0).Type()) ||
			catalog.IsTxFunc(fn) || catalog.IsORMTransaction(fn) {
			// It begins transactions, or has a library run its
			// callback in one (pgx.BeginFunc).
			r.tx = true
		}
		if _, ok := cat.Sender(fn); ok {
			// A sender of the program's (httpx's c.Do(ctx, Request{...})):
			// the request the package describes to it is its own call.
			r.effects = true
		}
		if cat.IsForwarder(fn) {
			// A forwarder of the program's (httpx.Do(c, name, req)):
			// the request the package made is its own call.
			r.effects = true
		}
		if s := imported(fn); s != nil {
			r.sinks = r.sinks || len(s.ParamSinks) > 0 || len(s.ParamWrites) > 0 ||
				slices.ContainsFunc(s.Stmts, isSQL) || s.StmtsCut || len(s.ResultFields) > 0 && !s.Carried
			// A function whose list holds only wired calls (a service
			// struct between a handler and its repositories) makes the
			// caller's roots worth a list, not its sinks worth a trace.
			r.wired = r.wired || len(s.Stmts) > 0
			r.clock = r.clock || slices.ContainsFunc(s.ParamsWired, func(pw valueflow.ParamWired) bool { return clockParam(fn, pw.Param) })
			r.fresh = r.fresh || len(s.FreshResults) > 0
			r.defect = r.defect || len(s.Defects) > 0
			r.effects = r.effects || len(s.Effects) > 0
			// A retry wrapper of the program's (kit.Retry(ctx, b, ok,
			// func(ctx) (T, error) {...})): what the operation calls
			// is the package's.
			r.runs = r.runs || len(s.Runs) > 0
		}
		// A clock read to the nanosecond is how code makes a value
		// unique (a reference of the time it is made): a function of
		// the package may return one.
		r.fresh = r.fresh || subsecondReading(fn)
		// So is a buffer of random bytes, encoded (crypto/rand.Read):
		// a helper of the package may return what it encodes.
		if _, fills := cat.Filler(fn); fills {
			r.fresh = true
		}
		// Interfaces (a DBTX, a generated gRPC client) are judged by their
		// method shapes, anywhere, as is the API ent generates; other
		// functions only if the catalog knows their package.
		if sig := fn.Type().(*types.Signature); !cat.MayKnow(fn.Pkg().Path()) && !cat.Forwards(fn.Pkg().Path()) && (sig.Recv() == nil || !types.IsInterface(sig.Recv().Type())) && !catalog.IsEntPackage(fn.Pkg()) {
			continue
		}
		r.sinks = r.sinks || cat.IsSink(fn)
		if _, ok := cat.HeaderSetter(fn); ok {
			headers = true
		}
		if _, ok := cat.External(fn); ok {
			r.effects = true
		}
		r.fresh = r.fresh || cat.IsIDGenerator(fn)
	}
	// Header setters are no sinks of their own (every HTTP package sets
	// headers), but a package that names an idempotency header may set
	// it from a parameter: a client whose caller, in another package,
	// makes the key fresh.
	r.sinks = r.sinks || headers && namesKeyHeader(pass, cat)
	return r
}

// subsecondReading reports whether fn reads a time as a count of units
// finer than a second (t.UnixNano()).
func subsecondReading(fn *types.Func) bool {
	switch fn.Name() {
	case "UnixNano", "UnixMicro", "UnixMilli":
		return fn.Pkg().Path() == "time"
	}
	return false
}

// namesKeyHeader reports whether a constant of the package's code is the
// name of an idempotency header.
func namesKeyHeader(pass *analysis.Pass, cat *catalog.Catalog) bool {
	headers := cat.KeyHeaders()
	for _, tv := range pass.TypesInfo.Types {
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		name := constant.StringVal(tv.Value)
		for _, h := range headers {
			if catalog.HeaderNameMatches(h, name) {
				return true
			}
		}
	}
	return false
}

// fileRanges are the extents of some files of a package.
type fileRanges []*ast.File

func (fr fileRanges) contain(pos token.Pos) bool {
	for _, f := range fr {
		if f.FileStart <= pos && pos < f.FileEnd {
			return true
		}
	}
	return false
}

// testFiles returns the package's _test.go files. Tests run once, not
// on retry: what they use does not make a package worth analysing, and
// nothing in them is reported.
func testFiles(pass *analysis.Pass) fileRanges {
	var out fileRanges
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			out = append(out, f)
		}
	}
	return out
}

// InTestFile reports whether pos lies in a _test.go file of the package.
func (r *Result) InTestFile(pos token.Pos) bool { return r.tests.contain(pos) }

// callSites maps each function of the package to its static call sites.
func callSites(funcs []*ssa.Function, pkg *types.Package) map[*ssa.Function][]*ssa.Call {
	out := make(map[*ssa.Function][]*ssa.Call)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if callee := call.Call.StaticCallee(); callee != nil {
						out[callee] = append(out[callee], call)
					}
				}
			}
		}
	}
	return out
}

// KindReaching returns the kind of the retried root that reaches fn.
func (r *Result) KindReaching(fn *ssa.Function) (string, bool) {
	p, ok := r.Retried.Reached(fn)
	if !ok {
		return "", false
	}
	return p.Root.Kind, true
}

// IsRoot reports whether fn is, as a whole, a retried root of the kind.
func (r *Result) IsRoot(fn *ssa.Function, kind string) bool {
	for _, root := range r.Retried.Roots() {
		if root.Fn == fn && root.Kind == kind && root.Blocks == nil {
			return true
		}
	}
	return false
}

// boundRoots are the roots that are no function of the package's source:
// the wrappers that call a service interface's method bound to a
// receiver, which an adapter runs (Bind(h.Holds.Create)). Their call of
// the method is a wired call of the package; of another package's
// type's method (run(ex.ExecuteCrypto)), a call whose summary lists the
// wired calls it makes.
func boundRoots(res *Result) []*ssa.Function {
	var out []*ssa.Function
	for _, r := range res.Retried.Roots() {
		if r.Fn != nil && r.Fn.Synthetic != "" {
			out = append(out, r.Fn)
		}
	}
	return out
}
