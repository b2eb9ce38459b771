// Package catalog holds idemlint's knowledge of real APIs as data: fresh
// generators, derivations, SQL executors, key slots, retried roots and
// the values that carry operation keys, with the run's configuration
// (and the tables its schema files declare) laid over it. It is the
// lowest layer of the engine: the value-flow, effects and fix libraries
// consult it, and the catalog pass hands one *Catalog to every pass and
// check of a run.
//
// The knowledge is typed rows, one file per family of libraries:
// database drivers (drivers.go), ORMs (orm.go), HTTP clients and routers
// (http.go), providers' external calls and key slots (providers.go,
// effects.go), brokers (brokers.go), identifier generators and
// derivations (ids.go), retried roots and operation keys (roots.go). No
// other package of the module names a library: it asks the catalog.
package catalog

import (
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/sqltext"
)

// Catalog answers what a function, field or type is, as far as retries
// are concerned. Its methods are safe for concurrent use: it is never
// modified after New.
type Catalog struct {
	cfg        *config.Config
	roots      map[string]bool
	generators map[string]Generator
	sinks      map[string]config.Sink
	sinkFields map[string]Slot // configured fields, by FieldKey
	externals  map[string]External
	keyColumns map[string]bool
	tables     sqltext.Schema // the keys the module's migrations declare
	// packages are the paths of the packages any table or configured
	// name mentions: a function of another package is looked up in the
	// tables only if its package is here.
	packages map[string]bool
	// libraries are those the tables mention, without the configured
	// names, which may be of the program's own packages.
	libraries map[string]bool
	// executors are the functions of the program that forward SQL text
	// to an executor, by FuncKey, and forwarders the paths of their
	// packages (see WithExecutors).
	executors  map[string]SQLCall
	forwarders map[string]bool
	// routes are the paths the package registers handlers for (see
	// WithRoutes).
	routes []Route
	// senders are the program's functions that send a request their
	// caller describes (see WithHTTPHelpers).
	senders map[string]RequestSender
	// requestForwarders are the program's functions that send the
	// request they are given, by FuncKey: the parameter it is (see
	// WithHTTPHelpers).
	requestForwarders map[string]int
	// requestMakers are the program's functions that make a request
	// from the method and address they are given (see
	// WithHTTPHelpers).
	requestMakers map[string]ProgramMaker
	// noKeyMechanism says that the package's code names no key (see
	// WithoutKeyMechanism).
	noKeyMechanism bool
}

// WithExecutors returns the catalog of one package of the run: c, with
// the functions of the program that forward SQL text and arguments to an
// executor (found in the package and in those it imports) counted as
// executors themselves.
func (c *Catalog) WithExecutors(execs map[string]SQLCall) *Catalog {
	if len(execs) == 0 {
		return c
	}
	cc := *c
	cc.executors = execs
	cc.forwarders = make(map[string]bool)
	for key := range execs {
		for _, path := range keyPackages(key) {
			cc.forwarders[path] = true
		}
	}
	return &cc
}

// New builds the catalog of the run from its configuration.
func New(cfg *config.Config) *Catalog {
	c := &Catalog{
		cfg:        cfg,
		roots:      make(map[string]bool),
		generators: make(map[string]Generator),
		sinks:      make(map[string]config.Sink),
		sinkFields: make(map[string]Slot),
		externals:  make(map[string]External),
		keyColumns: make(map[string]bool),
	}
	for k, v := range generators {
		c.generators[k] = v
	}
	for _, g := range cfg.Generators {
		c.generators[g] = Generator{Result: 0, ID: true}
	}
	for _, r := range cfg.Roots {
		c.roots[r] = true
	}
	for _, s := range cfg.Sinks {
		if s.Func != "" {
			c.sinks[s.Func] = s
			continue
		}
		what := s.What
		if what == "" {
			what = "the identity in " + s.Type[strings.LastIndex(s.Type, "/")+1:] + "." + s.Field
		}
		c.sinkFields[s.Type+"."+s.Field] = Slot{What: what}
	}
	for _, e := range cfg.Externals {
		ext := External{What: e.What, Notification: e.Notification}
		if ext.What == "" {
			ext.What = "call of " + e.Func
		}
		if e.KeyArg != nil {
			ext.Slot, ext.Arg = ArgKey, *e.KeyArg
			if e.KeyField != "" {
				ext.Slot, ext.Fields = InputField, []string{e.KeyField}
			}
		}
		c.externals[e.Func] = ext
	}
	c.tables = sqltext.Schema{}
	texts := make([]string, len(cfg.SchemaTexts()))
	for i, text := range cfg.SchemaTexts() {
		texts[i] = schemaSQL(text)
	}
	c.tables.ReadSchemas(texts)
	for _, k := range cfg.KeyColumns {
		c.keyColumns[strings.ToLower(k)] = true
	}
	c.libraries = defaultLibraries()
	c.packages = packagesOf(setOf(c.generators), setOf(c.externals), setOf(c.sinks), setOf(c.sinkFields), c.roots)
	maps.Copy(c.packages, c.libraries)
	return c
}

// defaultLibraries returns the paths of the packages the catalog's own
// rows describe.
func defaultLibraries() map[string]bool {
	libs := packagesOf(setOf(generators), setOf(derivers), setOf(sqlCalls), setOf(modelCalls),
		setOf(modelUpdates), setOf(documentInserts), setOf(slotCalls), setOf(headerSetters), setOf(headerGetters), setOf(registrations),
		setOf(loopReceivers), setOf(contextRoots), setOf(externals), setOf(pubOptions), setOf(opKeyMethods), setOf(jobInserts))
	for path := range derivingPackages {
		libs[path] = true
	}
	for _, b := range queryBuilders {
		libs[b.Path] = true
	}
	for _, b := range textBuilders {
		libs[b.Path] = true
	}
	return libs
}

// packagesOf returns the paths of the packages that the keys of the
// tables name.
func packagesOf(tables ...map[string]bool) map[string]bool {
	out := make(map[string]bool)
	for _, table := range tables {
		for key := range table {
			for _, path := range keyPackages(key) {
				out[path] = true
			}
		}
	}
	return out
}

// keyPackages returns the paths the package of a table key may have:
// keyPackage's, and, when the last element of the path has a dot
// ("github.com/nats-io/nats.go.Conn", "github.com/satori/go.uuid.NewV4"),
// each longer prefix that ends before a dot. The string alone cannot
// tell which it is; a path too many only costs a lookup.
func keyPackages(key string) []string {
	first := keyPackage(key)
	out := []string{first}
	key = strings.TrimPrefix(strings.TrimPrefix(key, "("), "*")
	if strings.Contains(key, ".*.") {
		return out
	}
	for i := len(first) + 1; i < len(key); i++ {
		if key[i] == '.' {
			out = append(out, key[:i])
		} else if strings.ContainsAny(key[i:i+1], "()/") {
			break
		}
	}
	return out
}

// keyPackage returns the package path of a table key: "path.F",
// "(*path.T).M", "path.*.M". A path whose last element has a dot is cut
// at that dot: see keyPackages.
func keyPackage(key string) string {
	key = strings.TrimPrefix(strings.TrimPrefix(key, "("), "*")
	if i := strings.Index(key, ".*."); i >= 0 {
		return key[:i]
	}
	slash := strings.LastIndex(key, "/")
	if dot := strings.Index(key[slash+1:], "."); dot >= 0 {
		return key[:slash+1+dot]
	}
	return key
}

// MayKnow reports whether the catalog can say anything about the
// functions of a package: a cheap test before the lookups, which build
// full names. Whole-API rules (stripe-go services, AWS SDK calls, gRPC
// stubs, SQL-shaped interfaces) are covered by their path prefixes or by
// being methods, which callers look up regardless.
func (c *Catalog) MayKnow(path string) bool {
	return c.packages[path] || isLibraryAPI(path)
}

// Forwards reports whether the package at path holds functions of the
// program that forward SQL text to an executor (see WithExecutors). It
// is no library: its types still implement the program's interfaces.
func (c *Catalog) Forwards(path string) bool { return c.forwarders[path] }

// isLibraryAPI reports whether path is a package of the whole-API rules:
// stripe-go services, AWS SDK calls.
func isLibraryAPI(path string) bool {
	return isStripe(path) || strings.HasPrefix(path, "github.com/aws/aws-sdk-go-v2/service/")
}

// Config returns the run's configuration.
func (c *Catalog) Config() *config.Config { return c.cfg }

// lookup finds fn in a table by its key, then by its method wildcard.
func lookup[V any](table map[string]V, fn *types.Func) (V, bool) {
	if v, ok := get(table, fn); ok {
		return v, true
	}
	var buf [128]byte
	if w := appendMethodWildcard(buf[:0], fn); len(w) > 0 {
		v, ok := table[string(w)]
		return v, ok
	}
	var zero V
	return zero, false
}

// get finds fn in a table by its key, without allocating the key.
func get[V any](table map[string]V, fn *types.Func) (V, bool) {
	var buf [128]byte
	v, ok := table[string(appendFuncKey(buf[:0], fn))]
	return v, ok
}

// has reports whether fn is in a set keyed by FuncKey.
func has(set map[string]bool, fn *types.Func) bool {
	v, _ := get(set, fn)
	return v
}

// Generator reports whether fn makes a fresh value on every call.
func (c *Catalog) Generator(fn *types.Func) (Generator, bool) {
	return lookup(c.generators, fn)
}

// IsGeneratorKey reports whether the function of a FuncKey is a
// generator of fresh values.
func (c *Catalog) IsGeneratorKey(key string) bool {
	_, ok := c.generators[key]
	return ok
}

// Filler reports whether fn fills a buffer it is given, argument i (a
// method's receiver left out), with random bytes on every call.
func (c *Catalog) Filler(fn *types.Func) (i int, ok bool) { return lookup(fillers, fn) }

// IsDeriver reports whether fn computes its result deterministically from
// its inputs, so that freshness (and keyness) carries through it.
func (c *Catalog) IsDeriver(fn *types.Func) bool { return IsDerivation(fn) }

// ExecutorInterface reports whether t is an interface with a method
// that runs SQL, by the catalog's rows or by its shape (a DBTX's Exec):
// the configuration's executors are left out.
func ExecutorInterface(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range iface.Methods() {
		if _, ok := lookup(sqlCalls, m); ok {
			return true
		}
		if _, ok := sqlShape(m); ok {
			return true
		}
	}
	return false
}

// SQL reports whether fn executes SQL text, and where the text and its
// arguments are. Calls through an interface with the executors' method
// shapes (sqlc's DBTX, a Querier over sqlx) count as the concrete calls do.
func (c *Catalog) SQL(fn *types.Func) (SQLCall, bool) {
	if call, ok := lookup(sqlCalls, fn); ok {
		return call, true
	}
	if call, ok := get(c.executors, fn); ok {
		return call, true
	}
	return sqlShape(fn)
}

// rowScanners name the executors that scan the one row their text
// returns into the argument just before the text (sqlx's Get and
// GetContext, the methods and the functions on an Ext, and interfaces
// shaped like them): dest, query, args.
var rowScanners = map[string]bool{"Get": true, "GetContext": true}

// ScanDest returns the parameter (not counting a receiver) that an SQL
// executor fn, run as sc says, scans its row into, for the executors
// that are given a destination with their text.
func ScanDest(fn *types.Func, sc SQLCall) (int, bool) {
	if !rowScanners[fn.Name()] || sc.Query < 1 || sc.Built || sc.Named {
		return 0, false
	}
	return sc.Query - 1, true
}

// sqlShape recognises interface methods shaped like the executors of
// database/sql, pgx and sqlx: named as one of executorShapes, with the
// text and then the arguments, after a context or not. A program's
// interface over sqlx (a Querier that *sqlx.DB and *sqlx.Tx satisfy)
// declares NamedExecContext and GetContext with sqlx's own parameters.
func sqlShape(fn *types.Func) (SQLCall, bool) {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return SQLCall{}, false
	}
	params := sig.Params()
	ctx := params.Len() > 0 && TypeKey(params.At(0).Type()) == "context.Context"
	for _, sh := range executorShapes {
		if !sh.names(fn.Name()) || sh.ctx != ctx || params.Len() != len(sh.params)+btoi(ctx) || sig.Variadic() != sh.variadic {
			continue
		}
		if !sh.fits(params, btoi(ctx)) {
			continue
		}
		q := btoi(ctx) + sh.query
		return SQLCall{Query: q, Args: btoi(ctx) + len(sh.params) - 1, Named: sh.named}, true
	}
	return SQLCall{}, false
}

// An executorShape is the parameter list, after the context if ctx, of
// an executor method whose name names selects: "text" is a string, "any"
// an interface{}, "args" a final ...interface{}; query is the index of
// the text among them, and the last is the arguments.
type executorShape struct {
	names    func(string) bool
	ctx      bool
	params   []string
	query    int
	variadic bool
	named    bool
}

func (sh executorShape) fits(params *types.Tuple, off int) bool {
	for i, want := range sh.params {
		t := params.At(off + i).Type()
		switch want {
		case "text":
			b, ok := t.Underlying().(*types.Basic)
			if !ok || b.Kind() != types.String {
				return false
			}
		case "any":
			if !isEmptyInterface(t) {
				return false
			}
		case "args":
			// The statement's arguments, not options.
			sl, ok := t.(*types.Slice)
			if !ok || !isEmptyInterface(sl.Elem()) {
				return false
			}
		}
	}
	return true
}

var executorShapes = []executorShape{
	// database/sql's and pgx's Exec, Query, QueryRow, and an adapter's
	// ExecuteContext.
	{names: execOrQuery, ctx: true, params: []string{"text", "args"}, query: 0, variadic: true},
	{names: execOrQuery, ctx: false, params: []string{"text", "args"}, query: 0, variadic: true},
	// sqlx's NamedExec and NamedQuery, whose arguments are a struct's or
	// map's fields.
	{names: oneOf("NamedExecContext", "NamedQueryContext"), ctx: true, params: []string{"text", "any"}, query: 0, named: true},
	{names: oneOf("NamedExec", "NamedQuery"), ctx: false, params: []string{"text", "any"}, query: 0, named: true},
	// sqlx's Get and Select, which scan into the destination first.
	{names: oneOf("GetContext", "SelectContext"), ctx: true, params: []string{"any", "text", "args"}, query: 1, variadic: true},
	{names: oneOf("Get", "Select"), ctx: false, params: []string{"any", "text", "args"}, query: 1, variadic: true},
}

func execOrQuery(name string) bool {
	return strings.HasPrefix(name, "Exec") || strings.HasPrefix(name, "Query")
}

func oneOf(names ...string) func(string) bool {
	return func(name string) bool { return slices.Contains(names, name) }
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// isEmptyInterface reports whether t is any.
func isEmptyInterface(t types.Type) bool {
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.Empty()
}

// Model reports whether fn inserts the struct given at the returned
// argument index (gorm's Create).
func (c *Catalog) Model(fn *types.Func) (int, bool) {
	return lookup(modelCalls, fn)
}

// ModelUpdate reports whether fn updates rows from its arguments, from
// the returned index on.
func (c *Catalog) ModelUpdate(fn *types.Func) (int, bool) { return ModelUpdate(fn) }

// ModelUpdate reports whether fn, an ORM's method, updates rows from its
// arguments, from the returned index on (gorm's Update(column, value):
// 1, the value, after the column it names).
func ModelUpdate(fn *types.Func) (int, bool) {
	return lookup(modelUpdates, fn)
}

// SlotField reports whether field of the struct type owner is a key slot.
func (c *Catalog) SlotField(owner types.Type, field string) (Slot, bool) {
	key := FieldKey(owner, field)
	if s, ok := slotFields[key]; ok {
		return s, true
	}
	if s, ok := c.sinkFields[key]; ok {
		return s, true
	}
	for pattern, s := range slotFields {
		prefix, ok := strings.CutSuffix(pattern, "...*."+field)
		if ok && strings.HasPrefix(key, prefix) {
			return s, true
		}
	}
	return Slot{}, false
}

// MaySlotField reports whether a field named field of a struct type of
// package path may be a key slot: the test for a package that names the
// field, before its types are known.
func (c *Catalog) MaySlotField(path, field string) bool {
	for _, table := range []map[string]Slot{slotFields, c.sinkFields} {
		for pattern := range table {
			if !strings.HasSuffix(pattern, "."+field) {
				continue
			}
			if keyInPackage(pattern, path) {
				return true
			}
			if prefix, _, ok := strings.Cut(pattern, "...*."); ok && strings.HasPrefix(path, prefix) {
				return true
			}
		}
	}
	return false
}

// SlotCall reports whether fn passes its argument arg into a key slot:
// a catalogued setter or a configured sink.
func (c *Catalog) SlotCall(fn *types.Func) (int, Slot, bool) {
	if s, ok := lookup(slotCalls, fn); ok {
		return s.Arg, s.Slot, true
	}
	if s, ok := get(c.sinks, fn); ok {
		what := s.What
		if what == "" {
			what = "the identity passed to " + fn.Name()
		}
		return s.Arg, Slot{What: what}, true
	}
	return 0, Slot{}, false
}

// HeaderSetter reports whether fn sets a request header, and which header
// names make it a key slot.
func (c *Catalog) HeaderSetter(fn *types.Func) ([]string, bool) {
	h, ok := lookup(headerSetters, fn)
	if !ok {
		return nil, false
	}
	if h == nil {
		h = c.KeyHeaders()
	}
	return h, true
}

// KeyHeader returns the idempotency header fixes read.
func (c *Catalog) KeyHeader() string { return c.cfg.Headers()[0] }

// IsHeaderGetter reports whether fn reads a request header named by its
// first argument.
func (c *Catalog) IsHeaderGetter(fn *types.Func) bool {
	return has(headerGetters, fn)
}

// IsOpKeyField reports whether field of the struct type owner carries a
// delivery's stable identity (a message ID, a job ID).
func (c *Catalog) IsOpKeyField(owner types.Type, field string) bool {
	if opKeyFields[FieldKey(owner, field)] {
		return true
	}
	f, ok := declaredKeyField(owner)
	return ok && f == field
}

// IsReceive reports whether fn receives deliveries: what it returns is
// data the sender knows.
func (c *Catalog) IsReceive(fn *types.Func) bool {
	_, ok := lookup(loopReceivers, fn)
	return ok
}

// IsOpKeyMethod reports whether fn returns a delivery's stable identity.
func (c *Catalog) IsOpKeyMethod(fn *types.Func) bool { return has(opKeyMethods, fn) }

// IDHeaders returns the headers whose value fn, a header getter, reads
// as a delivery's own ID.
func (c *Catalog) IDHeaders(fn *types.Func) []string {
	h, _ := lookup(idHeaders, fn)
	return h
}

// HandlerShape reports whether a function of this signature is a retried
// root by shape alone.
func (c *Catalog) HandlerShape(sig *types.Signature) (string, bool) {
	if k, ok := handlerShapes[SigKey(sig)]; ok {
		return k, true
	}
	return lambdaShape(sig)
}

// WrapperShape reports whether a function literal of this signature
// calls, once per delivery, the function it wraps (wrapperShapes).
func (c *Catalog) WrapperShape(sig *types.Signature) (string, bool) {
	k, ok := wrapperShapes[SigKey(sig)]
	return k, ok
}

// Registration reports whether fn hands one of its arguments to a library
// that calls it again.
func (c *Catalog) Registration(fn *types.Func) (Registration, bool) {
	return lookup(registrations, fn)
}

// IsGRPCRegistrar reports whether fn is a generated Register<S>Server.
func (c *Catalog) IsGRPCRegistrar(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	name := fn.Name()
	return sig.Recv() == nil && strings.HasPrefix(name, "Register") && strings.HasSuffix(name, "Server") &&
		sig.Params().Len() == 2 && grpcRegistrars[TypeKey(sig.Params().At(0).Type())]
}

// IsGRPCServiceRegistration reports whether fn registers a server for a
// service descriptor (grpc.Server's RegisterService): its last argument
// is the server.
func (c *Catalog) IsGRPCServiceRegistration(fn *types.Func) bool {
	_, ok := lookup(grpcServiceRegistrations, fn)
	return ok
}

// LoopReceiver reports whether fn receives one delivery of a consumer loop.
func (c *Catalog) LoopReceiver(fn *types.Func) (string, bool) {
	return lookup(loopReceivers, fn)
}

// ContextRoot reports whether a call of fn works only inside a retried
// operation, and names the operation's kind.
func (c *Catalog) ContextRoot(fn *types.Func) (string, bool) {
	return lookup(contextRoots, fn)
}

// DeliveryChan reports whether ranging over a channel of elem is a
// consumer loop.
func (c *Catalog) DeliveryChan(elem types.Type) (string, bool) {
	k, ok := deliveryChans[TypeKey(elem)]
	return k, ok
}

// ConfiguredRoot reports whether the configuration names fn, or the type of
// its receiver, as a retried root.
func (c *Catalog) ConfiguredRoot(fn *types.Func) bool {
	if has(c.roots, fn) {
		return true
	}
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && c.roots[strings.TrimPrefix(TypeKey(sig.Recv().Type()), "*")]
}

// KeySource reports whether a value of type t carries an operation key.
func (c *Catalog) KeySource(t types.Type) (KeySource, bool) {
	if k, ok := keySources[TypeKey(t)]; ok {
		if k.LowerHeader {
			// The %[2]q the callers fill, lower-cased here.
			k.Expr = strings.ReplaceAll(k.Expr, "%[2]q", strconv.Quote(strings.ToLower(c.KeyHeader())))
			k.LowerHeader = false
		}
		return k, true
	}
	return declaredKeySource(t)
}

// IsSink reports whether fn writes an identity: an SQL executor, an ORM
// insert, or a key-slot setter. Header setters are left out: every HTTP
// package sets headers, and a fresh idempotency header is made by an
// identifier generator the package uses anyway.
func (c *Catalog) IsSink(fn *types.Func) bool {
	if _, ok := c.SQL(fn); ok {
		return true
	}
	if _, ok := c.Model(fn); ok {
		return true
	}
	if _, ok := QueryBuilderOf(fn); ok {
		return true
	}
	if _, _, ok := EntRunner(fn); ok {
		return true
	}
	if b, ok := TextBuilderOf(fn); ok && fn.Name() == b.Values {
		return true
	}
	if _, ok := InsertModel(fn); ok {
		return true
	}
	if _, ok := JobInsertOf(fn); ok {
		return true
	}
	_, _, ok := c.SlotCall(fn)
	return ok
}

// IsIDGenerator reports whether fn makes a fresh identifier (not a clock
// reading or a random number).
func (c *Catalog) IsIDGenerator(fn *types.Func) bool {
	g, ok := c.Generator(fn)
	return ok && g.ID
}
