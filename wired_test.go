package idemlint_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint"
	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/fixtest"
)

// TestWired runs the checks over a service whose handlers reach the store
// through interfaces that main wires. As a whole-program driver runs it,
// the findings are in the handler's and the store's packages, reported
// from main, and each must match the // want comment of its line
// (checktest checks each package's findings against its own files
// only, so this test compares itself). As go vet runs it, they
// are at the line of main that wires the handlers. example.com/wiredtx
// spreads a handler's writes over the repositories: partialtx judges
// their commit units at the composition root.
func TestWired(t *testing.T) {
	cfg := config.Default()
	cfg.WholeProgram = true
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(testdata, "src")
	// wiredkey's tables declare their keys, as a module's migrations do.
	schema := []string{filepath.Join(src, "example.com", "wiredkey", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredfields", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredfresh", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredact", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredrollback", "migrations", "0001_init.sql"), filepath.Join(src, "example.com", "wiredembedrepo", "db", "schema.sql"), filepath.Join(src, "example.com", "wirednamed", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredinline", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredmarker", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredreqctx", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredanswer", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredemit", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredbyvalue", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredreadback", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredsubmit", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredgormctx", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredhooksets", "db", "schema.sql"), filepath.Join(src, "example.com", "wiredinsertget", "db", "schema.sql")}
	cfg.Schema = schema
	if err := cfg.ReadSchema(src); err != nil {
		t.Fatal(err)
	}
	pkgs := checktest.Load(t, testdata, false, "example.com/wired/...", "example.com/cqrs/...", "example.com/wiredtx/...", "example.com/wiredgorm/...", "example.com/wiredkey/...", "example.com/litemain/...", "example.com/wiredsqlc/...", "example.com/wiredgrpc/...", "example.com/wiredadapt/...", "example.com/wiredctx/...", "example.com/wiredbind/...", "example.com/wiredsqlctx/...", "example.com/wiredstate/...", "example.com/wiredext/...", "example.com/wiredact/...", "example.com/wiredclaim/...", "example.com/wiredmw/...", "example.com/wiredrepo/...", "example.com/wiredwithtx/...", "example.com/wiredclock/...", "example.com/wiredwrap/...", "example.com/wiredrun/...", "example.com/wiredget/...", "example.com/wireduow/...", "example.com/wiredtable/...", "example.com/wiredidem/...", "example.com/wiredinbox/...", "example.com/wiredretry/...", "example.com/wiredlog/...", "example.com/wiredclosure/...", "example.com/wiredbun/...", "example.com/wiredctxtx/...", "example.com/wireddispatch/...", "example.com/wiredgormtx/...", "example.com/wiredrunner/...", "example.com/wiredgen/...", "example.com/wiredhooks/...", "example.com/wiredopts/...", "example.com/wiredgenfunc/...", "example.com/wiredfields/...", "example.com/wiredsame/...", "example.com/wiredrepos/...", "example.com/wiredchooser/...", "example.com/wiredfresh/...", "example.com/wiredoutcome/...", "example.com/wiredgenrepo/...", "example.com/wiredprev/...", "example.com/wiredguard/...", "example.com/wiredaside/...", "example.com/wiredtypes/...", "example.com/wiredattempts/...", "example.com/wiredsms/...", "example.com/wiredforward/...", "example.com/wireddefault/...", "example.com/wiredawait/...", "example.com/wiredintent/...", "example.com/wiredmodelhook/...", "example.com/wiredreqctx/...", "example.com/wiredlocal/...", "example.com/wiredinbound/...", "example.com/wiredidgen/...", "example.com/wiredjobs/...", "example.com/wiredworkclaim/...", "example.com/wiredtxdecor/...", "example.com/wiredgenstore/...", "example.com/wiredrollback/...", "example.com/wiredembedrepo/...", "example.com/wiredreread/...", "example.com/wirednamed/...", "example.com/wiredinline/...", "example.com/wiredwebhook/...", "example.com/wiredmarker/...", "example.com/wiredref/...", "example.com/wiredanswer/...", "example.com/wiredbundle/...", "example.com/wiredemit/...", "example.com/wiredbyvalue/...", "example.com/wiredreadback/...", "example.com/wiredsubmit/...", "example.com/wiredgormctx/...", "example.com/wiredhooksets/...", "example.com/wiredinsertget/...", "example.com/genrepo")
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the test packages do not type-check")
	}
	graph := analyze(t, cfg, pkgs)
	got := findings(graph, src)
	want := wantComments(t, src, "example.com/wired", "example.com/cqrs", "example.com/wiredtx", "example.com/wiredgorm", "example.com/wiredkey", "example.com/litemain", "example.com/wiredsqlc", "example.com/wiredgrpc", "example.com/wiredadapt", "example.com/wiredctx", "example.com/wiredbind", "example.com/wiredsqlctx", "example.com/wiredstate", "example.com/wiredext", "example.com/wiredact", "example.com/wiredclaim", "example.com/wiredmw", "example.com/wiredrepo", "example.com/wiredwithtx", "example.com/wiredclock", "example.com/wiredwrap", "example.com/wiredrun", "example.com/wiredget", "example.com/wireduow", "example.com/wiredtable", "example.com/wiredidem", "example.com/wiredinbox", "example.com/wiredretry", "example.com/wiredlog", "example.com/wiredclosure", "example.com/wiredbun", "example.com/wiredctxtx", "example.com/wireddispatch", "example.com/wiredgormtx", "example.com/wiredrunner", "example.com/wiredgen", "example.com/wiredhooks", "example.com/wiredopts", "example.com/wiredgenfunc", "example.com/wiredfields", "example.com/wiredsame", "example.com/wiredrepos", "example.com/wiredchooser", "example.com/wiredfresh", "example.com/wiredoutcome", "example.com/wiredgenrepo", "example.com/wiredprev", "example.com/wiredguard", "example.com/wiredaside", "example.com/wiredtypes", "example.com/wiredattempts", "example.com/wiredsms", "example.com/wiredforward", "example.com/wireddefault", "example.com/wiredawait", "example.com/wiredintent", "example.com/wiredmodelhook", "example.com/wiredreqctx", "example.com/wiredlocal", "example.com/wiredinbound", "example.com/wiredidgen", "example.com/wiredjobs", "example.com/wiredworkclaim", "example.com/wiredtxdecor", "example.com/wiredgenstore", "example.com/wiredrollback", "example.com/wiredembedrepo", "example.com/wiredreread", "example.com/wirednamed", "example.com/wiredinline", "example.com/wiredwebhook", "example.com/wiredmarker", "example.com/wiredref", "example.com/wiredanswer", "example.com/wiredbundle", "example.com/wiredemit", "example.com/wiredbyvalue", "example.com/wiredreadback", "example.com/wiredsubmit", "example.com/wiredgormctx", "example.com/wiredhooksets", "example.com/wiredinsertget", "example.com/genrepo")
	for key, res := range want {
		msgs := got[key]
		slices.Sort(msgs)
		if len(msgs) != len(res) {
			t.Errorf("%s: got %q, want %d findings", key, msgs, len(res))
		} else {
			for i, re := range res {
				if !re.MatchString(msgs[i]) {
					t.Errorf("%s: got %q, want a match of %q", key, msgs[i], re)
				}
			}
		}
		delete(got, key)
	}
	for key, msgs := range got {
		t.Errorf("%s: unexpected finding %q", key, msgs)
	}
	// The composition root's findings in the implementations' files
	// carry the edits of those files that absorb a retry.
	fixtest.Golden(t, graph.Roots, "example.com/wiredtx/cmd/api", "example.com/wired/cmd/server", "example.com/wiredkey/cmd/server", "example.com/wiredgrpc/cmd/server", "example.com/wiredctx/cmd/server", "example.com/wiredwrap/cmd/server", "example.com/wiredfresh/cmd/server", "example.com/wiredintent/cmd/server", "example.com/wiredmodelhook/cmd/server", "example.com/wiredreqctx/cmd/server", "example.com/wiredidgen/cmd/server", "example.com/wirednamed/cmd/server")
	fixtest.Gofmt(t, graph.Roots)
	// A write in the first write's transaction is not listed as one
	// that commits apart from it.
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			if !strings.Contains(d.Message, "Handler.DepositFee") {
				continue
			}
			for _, r := range d.Related {
				if strings.Contains(r.Message, "AddFee") {
					t.Errorf("%s: the fee, written in the deposit's transaction, is listed apart: %q", d.Message, r.Message)
				}
			}
		}
	}
	// Every step of a chain names a place in the code: a bound root's
	// call is where the method value is bound.
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			for _, r := range d.Related {
				if strings.Contains(r.Message, "(.:0:0)") {
					t.Errorf("%s: a step of the chain has no place: %q", d.Message, r.Message)
				}
			}
		}
	}
	// A decorator's call of the interface it implements runs what it
	// wraps, not itself again; a root is named once in a finding.
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			steps, roots := map[string]bool{}, map[string]bool{}
			for _, r := range d.Related {
				if root, ok := strings.CutPrefix(r.Message, "also retried root: "); ok {
					if roots[root] || strings.Contains(d.Message, "("+root+")") || strings.Contains(d.Message, "("+root+",") {
						t.Errorf("%s: root %q named twice", d.Message, root)
					}
					roots[root], steps = true, map[string]bool{}
					continue
				}
				via, impl, ok := strings.Cut(r.Message, ", implemented by ")
				if !ok {
					continue
				}
				step := via[:strings.Index(via, " (")] + " " + impl
				if steps[step] {
					t.Errorf("%s: %s resolved to itself: %q", d.Message, via, impl)
				}
				steps[step] = true
			}
		}
	}
	// A processor is resolved by the field the call is made through:
	// the payments and disputes endpoints, whose fields main fills
	// with the processor that absorbs a redelivery, are named by no
	// finding, and a verifier that stamps a new ID on each event makes
	// no event ID caller-known; a text sent with the request's own
	// reference is keyed by its body.
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			for _, r := range append([]analysis.RelatedInformation{{Message: d.Message}}, d.Related...) {
				if strings.Contains(r.Message, "Server.Payment") || strings.Contains(r.Message, "Server.Dispute") || strings.Contains(r.Message, "dispute_events") || strings.Contains(r.Message, "Texts.Confirm") || strings.Contains(r.Message, "Service.Request") || strings.Contains(r.Message, "API.Hold") || strings.Contains(r.Message, "API.Place") {
					t.Errorf("%s: names an endpoint whose processor absorbs a redelivery: %q", d.Message, r.Message)
				}
			}
		}
	}
	// A reference an option sets is not the sender's default: the
	// task that passes one is named by no finding.
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			for _, r := range append([]analysis.RelatedInformation{{Message: d.Message}}, d.Related...) {
				if strings.Contains(r.Message, "Reminders.Confirm") {
					t.Errorf("%s: names the task that passes its own reference: %q", d.Message, r.Message)
				}
			}
		}
	}
	// Fixed in the generated file alone, sqlc's query would be undone by
	// the next generation: the fix edits the query file as well.
	if !editsFile(graph, "Handler.Ticket", filepath.Join("db", "query", "tickets.sql")) {
		t.Error("the fix of the sqlc query's INSERT does not edit its query file")
	}
	// A gRPC method that passes its context down lets the service read
	// the call's key there, though an HTTP handler calls it too (its
	// context has no metadata: the fix keeps the fresh value there); one
	// that calls the service in a loop does not.
	if !editsFile(graph, "gRPC method Server.Reserve", filepath.Join("wiredgrpc", "app", "app.go")) {
		t.Error("the fresh value of a service that a gRPC method passes its context has no fix that reads the key from it")
	}
	if !editsFile(graph, "gRPC method holds.Hold", filepath.Join("wiredgrpc", "app", "app.go")) {
		t.Error("the fresh value of a service that a gRPC method of its own package's server passes its context has no fix that reads the key from it")
	}
	if !editsFile(graph, "gRPC method Server.Note", filepath.Join("wiredgrpc", "postgres", "postgres.go")) {
		t.Error("the fresh value of a store that a gRPC method's context reaches through the service has no fix that reads the key from it")
	}
	if editsFile(graph, "gRPC method holds.Credit", filepath.Join("wiredgrpc", "app", "app.go")) {
		t.Error("the fresh value inserted after a write that commits on its own has a fix that would fail the retry after repeating that write")
	}
	// An HTTP handler, a gin handler and a kafka-go consumer put their
	// keys in the contexts they pass the service, whose fix reads them;
	// not one that calls it in a loop, one that has a local named as
	// the service's package, or one the service's package imports.
	for _, root := range []string{"HTTP handler Handler.Create", "gin handler GinHandler.Refund", "kafka-go consumer loop Consumer.Run", "HTTP handler Handler.Reorder"} {
		if !editsFile(graph, root, filepath.Join("wiredctx", "orders", "orders.go")) {
			t.Errorf("the fresh value of a service that %s calls has no fix that reads the key the root puts in the context", root)
		}
	}
	// A call without a key that two roots reach is one finding, which
	// names the second root and its way there too.
	// The identity of a row a lookup by the caller's value found is the
	// caller's; that of a row the call opened is not.
	if !relates(graph, "HTTP handler Fleet.Register)", "also retried root: HTTP handler Fleet.Owned") {
		t.Error("the plate registered for an account looked up by the caller's number is not a finding of its root")
	}
	if relates(graph, "HTTP handler Fleet.Register)", "also retried root: HTTP handler Fleet.Opened") {
		t.Error("the plate registered for an account each attempt opens is a finding of its root")
	}
	if !relates(graph, "HTTP handler Fleet.Register)", "also retried root: HTTP handler Fleet.Found") {
		t.Error("the plate registered for an account another package's function looks up by the caller's number is not a finding of its root")
	}
	if relates(graph, "HTTP handler Fleet.Register)", "also retried root: HTTP handler Fleet.Created") {
		t.Error("the plate registered for an account another package's function opens on each attempt is a finding of its root")
	}
	if relates(graph, "HTTP handler Handler.FileBare)", "also retried root: HTTP handler Handler.File") {
		t.Error("the body whose reference a service fills from a row it read is not keyed")
	}
	if !relates(graph, "HTTP handler Handler.Pay)", "also retried root: gin handler GinHandler.ChargeLines") {
		t.Error("the keyless call a second root reaches does not name that root")
	}
	// A wired call's related position is the call, where the run
	// loads its file.
	if at := relatedAt(graph, "HTTP handler Handlers.Book)", "via command.Handler.Handle"); at != "api/handlers.go:14" {
		t.Errorf("the related position of a wired call is %q, want the call at api/handlers.go:14", at)
	}
	// So are a frame of the root's own package and the sink.
	if at := relatedAt(graph, "HTTP handler Handler.PlaceDirect)", "via httpapi.Handler.PlaceDirect"); at != "httpapi/httpapi.go:70" {
		t.Errorf("the related position of the root's frame is %q, want httpapi/httpapi.go:70", at)
	}
	if at := relatedAt(graph, "HTTP handler Handler.PlaceDirect)", "becomes orders.id"); at != "postgres/postgres.go:17" {
		t.Errorf("the related position of the sink is %q, want postgres/postgres.go:17", at)
	}
	// The same for a call without a key, whose slot the fix fills from
	// the key in the context; through a service as well.
	if !editsFile(graph, "HTTP handler Handler.Pay)", filepath.Join("wiredctx", "payments", "payments.go")) {
		t.Error("the keyless call that an HTTP handler reaches through an interface has no fix that reads the key the handler puts in the context")
	}
	// A request field the service leaves empty, from which the client
	// sets its key: the service fills it from the key the handler puts
	// in the context; not in a loop.
	if !editsFile(graph, "HTTP handler Handler.Confirm)", filepath.Join("wiredctx", "orders", "orders.go")) {
		t.Error("the request field a service leaves empty has no fix that fills it from the key the handler puts in the context")
	}
	if !editsFile(graph, "HTTP handler Handler.Pay)", filepath.Join("wired", "stripepay", "stripepay.go")) {
		t.Error("the keyless call that an HTTP handler reaches through two interfaces has no fix that reads the key the handler puts in the context")
	}
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			at := act.Package.Fset.Position(d.Pos).Filename
			if strings.Contains(at, string(filepath.Separator)+"wiredctx"+string(filepath.Separator)) && len(d.SuggestedFixes) > 0 &&
				(strings.Contains(d.Message, "Handler.Bulk") || strings.Contains(d.Message, "Handler.Note") || strings.Contains(d.Message, "Handler.PayEach") || strings.Contains(d.Message, "Handler.RemindAll")) {
				t.Errorf("%s: the finding has a fix: %q", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	if editsFile(graph, "gRPC method Server.Batch", filepath.Join("wiredgrpc", "app", "app.go")) {
		t.Error("the fresh value of a service that a gRPC method calls in a loop has a fix that derives every item's value from one key")
	}
	// A service a handler of another package calls directly: the
	// handler puts its key in the context it passes, or passes it in an
	// argument; not when it calls the service twice.
	if !editsFile(graph, "HTTP handler API.Create)", filepath.Join("wiredfresh", "transferapi", "transferapi.go")) {
		t.Error("the fix of a fresh value made in a service that a handler of another package calls does not wrap the handler's context")
	}
	if !editsFile(graph, "HTTP handler API.Book)", filepath.Join("wiredfresh", "transfers", "transfers.go")) {
		t.Error("the fresh value of a service given the request's key by a handler of another package has no fix that derives it from the key")
	}
	if !editsFile(graph, "HTTP handler API.Reverse)", filepath.Join("wiredfresh", "transferapi", "transferapi.go")) {
		t.Error("the fix of a fresh value that a service's helper makes does not derive it where the helper is called")
	}
	if !editsFile(graph, "HTTP handler API.Note)", filepath.Join("wiredfresh", "transferapi", "transferapi.go")) {
		t.Error("the fix of a fresh value an implementation makes below a service that a handler calls directly does not wrap the handler's context")
	}
	if !editsFile(graph, "HTTP handler API.Payout)", filepath.Join("wiredfresh", "transfers", "transfers.go")) {
		t.Error("the fix of a call without a key, made by a service that a handler calls directly, does not pass the option that sets it")
	}
	if !editsFile(graph, "HTTP handler API.Flag)", filepath.Join("wiredfresh", "transfers", "transfers.go")) {
		t.Error("the fresh value of a generator behind an interface, in a service a handler calls directly, has no fix that derives it")
	}
	if editsFile(graph, "HTTP handler API.Halves)", filepath.Join("wiredfresh", "transfers", "transfers.go")) {
		t.Error("the fresh value of a service that a handler calls twice has a fix that derives both values from one key")
	}

	// As go vet and gopls run it, one package at a time: the same
	// findings, at the line where each main wires the handlers, naming
	// where each fresh value is.
	cfg = config.Default()
	cfg.Schema = schema
	if err := cfg.ReadSchema(src); err != nil {
		t.Fatal(err)
	}
	graph = analyze(t, cfg, pkgs)
	got = findings(graph, src)
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 && strings.Contains(d.Message, "wired here") {
				t.Errorf("one package at a time: %s: a finding reported at the wiring has a fix: %q", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	wantAt := map[string][]string{
		"example.com/wired/cmd/server/main.go:26": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into orders in postgres.Store.Insert \(postgres.go:17:\d+\) is not idempotent \(HTTP handler Handler.Create, wired here\)`,
			`a retry inserts a second notes row with a new id: uuid.NewString\(\) in postgres.Store.InsertNote \(postgres.go:31:\d+\) is fresh on every attempt \(HTTP handler Handler.Note, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.NewOrder \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.PlaceDirect, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Register \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Register, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in httpapi.Handler.Create \(httpapi.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Create, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into orders in postgres.Store.Insert \(postgres.go:17:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.CreateKeyed, wired here\); .*`,
			`a retry inserts the row for the same id again, .* the INSERT into tags in postgres.Store.InsertTag \(postgres.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.Tag, wired here\); .*`,
			`a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in stripepay.Gateway.Charge \(stripepay.go:15:\d+\) \(HTTP handler Handler.Pay, wired here\)`,
		},
		"example.com/wired/cmd/server/main.go:27": {
			`a retry inserts the row for the same id again, .* the INSERT into sessions in postgres.Store.InsertSession \(postgres.go:\d+:\d+\) has no conflict handling for the caller-known id \(AMQP delivery loop Consumer.Run, wired here\); .*`,
		},
		"example.com/wired/cmd/server/main.go:29": {
			`a retry inserts a second sessions row with a new id: uuid.NewString\(\) in grpcapi.Server.Session \(grpcapi.go:\d+:\d+\) is fresh on every attempt \(gRPC method Server.Session, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into labels in postgres.Store.InsertLabel \(postgres.go:\d+:\d+\) has no conflict handling for the caller-known id \(gRPC method Server.Label, wired here\); .*`,
		},
		"example.com/wiredtx/cmd/api/main.go:30": {
			`the INSERT into placed_orders in sqlstore.Orders.Record\$1 \(sqlstore.go:\d+:\d+\) has no conflict handling for the caller-known id \(kafka-go consumer loop Consumer.Run, wired here\); .*`,
		},
		"example.com/wiredtx/cmd/api/main.go:29": {
			`a crash between the two commits records the key without its effect.* \(idempotency_keys on a handle that commits each statement, the effect on a handle that commits each statement; idempotency_keys in sqlstore.Keys.Claim \(sqlstore.go:\d+:\d+\), HTTP handler Handler.PlaceOnce, wired here\)`,
			`the INSERT into archive in httpapi.Handler.Archive \(httpapi.go:52:\d+\) is not idempotent \(HTTP handler Handler.Archive, wired here\)`,
			`the INSERT into holds in sqlstore.Ledger.Hold \(sqlstore.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.HoldInUnit, wired here\)`,
			`the INSERT into journal in sqlstore.Journal.Record \(sqlstore.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Audit, wired here\)`,
			`the INSERT into orders in sqlstore.Orders.Insert \(sqlstore.go:15:\d+\) is not idempotent \(HTTP handler Handler.Place, wired here\)`,
			`the INSERT into topups in sqlstore.Ledger.Refill \(sqlstore.go:\d+:\d+\) is not idempotent \(HTTP handler Funcs.Refill, wired here\)`,
			`the UPDATE of accounts \(it computes from the current value\) in sqlstore.Ledger.Transfer \(sqlstore.go:48:\d+\) is not idempotent \(HTTP handler Handler.Transfer, wired here\)`,
			`the check of stored state before them stops the retry that would finish it: 2 writes commit separately, the INSERT into members in sqlstore.Members.Add \(sqlstore.go:\d+:\d+\) first \(HTTP handler Handler.Join, wired here\)`,
			`the dedup guard stops the retry that would finish it: .* in sqlstore.Ledger.Adjust \(sqlstore.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Adjust, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.ClaimOrPlace \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.ClaimOrPlace, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.SeenThenPlace \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.SeenThenPlace, wired here\)`,
			// A claim before the call of the helper that makes the ID
			// decides it; a lookup decides nothing.
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.insertFresh \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.SeenThenHelp, wired here\)`,
			// A claim whose result a unit of work's function assigns
			// decides what follows; one that is only logged does not.
			`a retry inserts a second placed_orders row with a new id: uuid.NewString\(\) in app.service.ClaimInUnitLoose \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.ClaimInUnitLoose, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into orders in sqlstore.Orders.Insert \(sqlstore.go:15:\d+\) .*\(HTTP handler Handler.Place, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into orders in sqlstore.Orders.InsertTx \(sqlstore.go:20:\d+\) .*\(HTTP handler Handler.PlaceTx, wired here\)`,
			// A body's dedup field the service's literal leaves empty.
			`a retry repeats the HTTP POST: the input sets no client_reference: Client.Do\(\) in smsapi.Client.Send \(smsapi.go:\d+:\d+\) \(HTTP handler TextHandler.Remind, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in carrierapi.Client.Pickup \(carrierapi.go:\d+:\d+\) \(HTTP handler Handler.Pickup, wired here\)`,
			`a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in stripepay.Gateway.Capture \(stripepay.go:\d+:\d+\) \(HTTP handler Handler.CaptureLoose, wired here\)`,
			// A claim stops the request's retries, not those of a
			// client that retries the POST itself.
			`a retry repeats the retried HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in carrierapi.Client.Book \(carrierapi.go:\d+:\d+\) \(HTTP handler Handler.ClaimThenBook, wired here\)`,
			`the key is checked outside the transaction of the effect \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in sqlstore.Keys.Seen \(sqlstore.go:\d+:\d+\), HTTP handler Handler.CheckThenPlace, wired here\)`,
		},
		"example.com/wiredgorm/cmd/api/main.go:16": {
			`a crash after the HTTP POST in carrier.Client.Book \(carrier.go:\d+:\d+\) and before its outcome is stored leaves no record of it, .* pg.Events.Create stores its outcome after it \(HTTP handler Handler.Ship, wired here\); commit a record of the operation`,
			// A stable key, the root's, records nothing before the call.
			`a crash after the HTTP request in carrier.Client.BookKeyed \(carrier.go:\d+:\d+\) and before its outcome is stored leaves no record of it, .* pg.Events.Create stores its outcome after it \(HTTP handler Handler.ShipKeyed, wired here\)`,
			`a crash between the two commits leaves the effect without its key, .* \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in pg.Keys.Save \(pg.go:\d+:\d+\), HTTP handler Handler.CreditOnce, wired here\)`,
			// gorm's Save writes the row over: the retry writes it again.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into events in pg.Events.Create \(pg.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Restate, wired here\)`,
			// Not ShipViaRecord: the carrier client's record of the
			// request absorbs its duplicate, and the retry redoes the
			// rest (the call's missing key is missingkey's).
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in pg.Credits.Apply \(pg.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Credit, wired here\)`,
			// A debit and a credit, each in a Transaction of its own.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in pg.adjust \(pg.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.MoveApart, wired here\)`,
			`a retry creates a second Delivery with a new ID: uuid.NewString\(\) in app.service.Forward \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Forward, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into events in pg.Events.Create \(pg.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.Event, wired here\); .*`,
			`a retry inserts the row for the same id again, .* the INSERT into transfers in pg.Transfers.CreditIn\$1 \(pg.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.MoveApart, wired here\); .*`,
			`a retry inserts the row for the same id again, .* the INSERT into transfers in pg.Transfers.Move\$1 \(pg.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.Move, wired here\); .*`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: http.Post\(\) in app.service.Deliver \(app.go:\d+:\d+\) \(HTTP handler Handler.Deliver, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: http.Post\(\) in carrier.Client.Book \(carrier.go:\d+:\d+\) \(HTTP handler Handler.Ship, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: http.Post\(\) in carrier.Client.BookRecorded \(carrier.go:\d+:\d+\) \(HTTP handler Handler.ShipViaRecord, wired here\)`,
		},
		"example.com/wiredkey/cmd/server/main.go:22": {
			`a crash after the HTTP request in pay.Gateway.Charge \(pay.go:\d+:\d+\) and before its outcome is stored leaves no record of it, .*\(HTTP handler Handler.Deposit, wired here\)`,
			`a crash between the two commits leaves the effect without its key, .* \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in postgres.KeyStore.Save \(postgres.go:\d+:\d+\), HTTP handler Handler.Bill, wired here\)`,
			`a crash between the two commits records the key without its effect.* \(idempotency_keys on a handle that commits each statement, the effect on a handle that commits each statement; idempotency_keys in postgres.Keys.Reserve \(postgres.go:\d+:\d+\), HTTP handler Handler.Book, wired here\)`,
			// An account each attempt opens, apart from the plate.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into accounts in accounts.Open \(accounts.go:\d+:\d+\) is not idempotent \(HTTP handler Fleet.Created, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into accounts in gormstore.Accounts.Open \(gormstore.go:\d+:\d+\) is not idempotent \(HTTP handler Fleet.Opened, wired here\)`,
			// Each implementation of the accounts the program holds is
			// an operation of its own.
			`a retry inserts a second archive row with a new id: uuid.NewString\(\) in app.service.Archive \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Archive, wired here\)`,
			`a retry inserts a second ledger row with a new id: uuid.NewString\(\) in app.service.Transfer \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Transfer, wired here\)`,
			`a retry inserts a second ledger row with a new id: uuid.NewString\(\) in app.service.Transfer \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Transfer, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Gift \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Gifts, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Import \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Import, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Label \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Label, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Place \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Place, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.PlaceNoted \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.PlaceNoted, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Single \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Bulk, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.order \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.PlaceVia, wired here\)`,
			// A struct a service of another package builds in place
			// from the handler's input: its fields are the root's.
			`a retry inserts the row for the same \(account_id, plate\) again, .* the INSERT into fleet_vehicles in postgres.Vehicles.Create \(vehicles.go:\d+:\d+\) has no conflict handling for the caller-known \(account_id, plate\) \(HTTP handler Fleet.Register, wired here\)`,
			`a retry inserts the row for the same \(shop_id, period_start\) again, .* the INSERT into closings in postgres.Store.Close\$1 \(postgres.go:\d+:\d+\) has no conflict handling for the caller-known \(shop_id, period_start\) \(HTTP handler Handler.CloseDay, wired here\); .*`,
			// A key of the table filled with the root's value and a
			// constant its implementation stores, beside a fresh ID.
			`a retry inserts the row for the same \(vehicle_id, kind\) again, .* the INSERT into vehicle_events in postgres.Events.Record \(vehicles.go:\d+:\d+\) has no conflict handling for the caller-known \(vehicle_id, kind\) \(HTTP handler Handler.Retire, wired here\)`,
			`a retry inserts the row for the same \(vehicle_id, kind\) again, .* the INSERT into vehicle_inspections in postgres.Vehicles.Inspect \(vehicles.go:\d+:\d+\) has no conflict handling for the caller-known \(vehicle_id, kind\) \(HTTP handler Fleet.FirstInspection, wired here\)`,
			// The same, for each item of a list the handler's input holds.
			`a retry inserts the row for the same \(vehicle_id, tag_id\) again, .* the INSERT into vehicle_tags in postgres.Vehicles.Tag \(vehicles.go:\d+:\d+\) has no conflict handling for the caller-known \(vehicle_id, tag_id\) \(HTTP handler Fleet.TagAll, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into tickets in db.Queries.CreateTicket \(tickets.sql.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.Ticket, wired here\); .*`,
			`a retry inserts the row for the same shipment_id again, .* the INSERT into filings in postgres.Store.File \(postgres.go:\d+:\d+\) has no conflict handling for the caller-known shipment_id \(HTTP handler Handler.File, wired here\); .*`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in pay.Gateway.Charge \(pay.go:\d+:\d+\) \(HTTP handler Handler.Deposit, wired here\)`,
			// The client's call, through a function value a constructor
			// bound to its method, or called itself, with its key left
			// empty.
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in tips.Service.Tip \(tips.go:\d+:\d+\) \(HTTP handler Handler.Tip, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in tips.Service.TipDirect \(tips.go:\d+:\d+\) \(HTTP handler Handler.TipDirect, wired here\)`,
			`a retry that arrives while the first attempt runs passes the same check and performs the effect twice: .*idempotency_keys in postgres.KeyStore.Seen \(postgres.go:\d+:\d+\), HTTP handler Handler.Bill, wired here\)`,
		},
		"example.com/wiredkey/cmd/server/queue.go:20": {
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Accept \(app.go:\d+:\d+\) is fresh on every attempt \(SQS consumer loop Consumer.RunVia, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Receive \(app.go:\d+:\d+\) is fresh on every attempt \(SQS consumer loop Consumer.Run, wired here\)`,
		},
		// A main that imports nothing but its wiring still judges the
		// program.
		"example.com/litemain/cmd/lite/main.go:3": {
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Place \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.ServeHTTP, wired here\); derive it from the request's Idempotency-Key header`,
		},
		// Service methods adapted to a generic handler and decorated:
		// each adapted method implements the handler of its command. The
		// settlement's key commits apart from it, though another
		// command's handler makes an external call: never in the same
		// delivery. franz-go's EachRecord runs its function within.
		"example.com/wiredadapt/cmd/worker/main.go:25": {
			`a crash between the two commits leaves the effect without its key, .* \(processed_messages on a handle that commits each statement, the effect on a transaction; processed_messages in store.Store.MarkProcessed \(store.go:\d+:\d+\), franz-go consumer loop Consumer.Run, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.service.Place \(orders.go:\d+:\d+\) is fresh on every attempt \(franz-go consumer loop Consumer.Run, wired here\)`,
			`a retry inserts a second refunds row with a new id: uuid.NewString\(\) in orders.Refunds.Refund \(orders.go:\d+:\d+\) is fresh on every attempt \(franz-go consumer loop Consumer.Run, wired here\)`,
			// Built: command.Build adapts and decorates the method.
			`a retry inserts a second refunds row with a new id: uuid.NewString\(\) in orders.Shipments.Ship \(orders.go:\d+:\d+\) is fresh on every attempt \(franz-go consumer loop Consumer.Run, wired here\)`,
		},
		// A main that only registers another package's gRPC server;
		// no fix at the wiring, for the call of one request either.
		"example.com/wiredgrpc/cmd/server/main.go:20": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of credits \(it computes from the current value\) in postgres.Store.AddCredit \(postgres.go:\d+:\d+\) is not idempotent \(gRPC method holds.Credit, wired here\)`,
			`a retry inserts a second orders row with a new id: time.Now\(\) in app.service.Stamp \(app.go:\d+:\d+\) is fresh on every attempt \(gRPC method holds.Stamp, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Credit \(app.go:\d+:\d+\) is fresh on every attempt \(gRPC method holds.Credit, wired here\); first put the writes before it in one transaction`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Hold \(app.go:\d+:\d+\) is fresh on every attempt \(gRPC method holds.Hold, wired here\)`,
		},
		"example.com/wiredgrpc/cmd/server/main.go:19": {
			`a retry inserts a second notes row with a new id: uuid.NewString\(\) in postgres.Store.InsertNote \(postgres.go:\d+:\d+\) is fresh on every attempt \(gRPC method Server.Note, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Place \(app.go:\d+:\d+\) is fresh on every attempt \(gRPC method Server.Batch, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.service.Reserve \(app.go:\d+:\d+\) is fresh on every attempt \(gRPC method Server.Reserve, wired here\)`,
		},
		// A store that embeds sqlc's Queries, built on the pool in its
		// constructor: each query it runs commits on its own.
		"example.com/wiredsqlc/cmd/server/main.go:15": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of credits \(it computes from the current value\) in db.Queries.AddCredit \(db.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Rebalance, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 3 writes commit separately and the UPDATE of credits \(it computes from the current value\) in db.Queries.AddCredit \(db.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Refund, wired here\)`,
		},
		// A middleware that looks the key up, runs the handler, and
		// stores the key after it.
		"example.com/wiredmw/cmd/server/main.go:19": {
			`a crash after the handler commits and before the key is stored repeats the handler.s effects on the retry, .* \(idempotency_keys in store.Keys.Finish \(store.go:\d+:\d+\), gin handler func literal in GinIdempotent, wired here\)`,
			`a crash after the handler commits and before the key is stored repeats the handler.s effects on the retry, .* \(idempotency_keys in store.Keys.Record \(store.go:\d+:\d+\), echo handler func literal in func literal in EchoIdempotent, wired here\)`,
			`a crash after the handler commits and before the key is stored repeats the handler.s effects on the retry, .* \(idempotency_keys in store.Keys.Save \(store.go:\d+:\d+\), HTTP handler func literal in Idempotent, wired here\)`,
			// The lookup a gorm First.
			`a crash after the handler commits and before the key is stored repeats the handler.s effects on the retry, .* \(idempotency_keys in store.Responses.Put \(gorm.go:\d+:\d+\), HTTP handler func literal in Replay, wired here\)`,
		},
		// A generic gorm repository, instantiated per model, whose
		// writes join the transaction a unit of work puts in the
		// context: the table is the type argument's, the commit unit
		// the context's.
		"example.com/wiredrepo/cmd/server/main.go:22": {
			`a crash between the two commits records the key without its effect, .* \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in database.Repo.CreateIfAbsent \(database.go:\d+:\d+\), HTTP handler Handler.Settle, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of hubs \(it computes from the current value\) in database.Repo.UpdateWhere \(database.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Collect, wired here\)`,
			`a failure between the writes leaves the operation half done, and the check of stored state before them stops the retry that would finish it: 2 writes commit separately, the INSERT into shipment_events in database.Repo.Create \(database.go:\d+:\d+\) first \(HTTP handler Handler.Apply, wired here\)`,
			`a failure between the writes leaves the operation half done, and the check of stored state before them stops the retry that would finish it: 2 writes commit separately, the INSERT into shipment_events in database.Repo.Create \(database.go:\d+:\d+\) first \(HTTP handler Handler.Ship, wired here\)`,
			`a retry creates a second Manifest with a new ID: uuid.NewString\(\) in filing.Service.Draft \(filing.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Manifests.DraftVia, wired here\)`,
			`a retry creates a second Manifest with a new ID: uuid.NewString\(\) in shipping.Manifests.Draft \(shipping.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Manifests.Draft, wired here\)`,
			`a retry creates a second Message with a new ID: uuid.NewString\(\) in outbox.Writer.Add \(outbox.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Announce, wired here\)`,
			`a retry creates a second Shipment with a new ID: uuid.NewString\(\) in shipping.service.Open \(shipping.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Open, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into hubs in database.Repo.Create \(database.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.OpenHub, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into manifests in database.Repo.Create \(database.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Manifests.File, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into shipments in database.Repo.Create \(database.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.Register, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into shipments in keystore.Shipments.Add \(keystore.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.RegisterInTx, wired here\)`,
			`a retry inserts the row for the same id again, .* the INSERT into shipments in keystore.Shipments.Put \(keystore.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.RegisterCaptured, wired here\)`,
			`a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(credits on a handle that commits each statement, the effect on a transaction; credits in sqlstore.Credits.Seen \(sqlstore.go:\d+:\d+\), HTTP handler Handler.Credit, wired here\)`,
		},
		// Repositories bound to the function's transaction by their
		// WithTx: the payment is added on it, apart from the event's
		// record; the order and its key commit together, and a mark
		// after them is lost only where the claim stops the retry.
		"example.com/wiredwithtx/cmd/server/main.go:14": {
			`a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(processed_events on a handle that commits each statement, the effect on a transaction; processed_events in store\.Events\.Mark \(store.go:\d+:\d+\), HTTP handler Service\.Paid, wired here\)`,
			`a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a handle that commits each statement; idempotency_keys in store\.Keys\.Claim \(store.go:\d+:\d+\), HTTP handler Service\.PlaceLoosely, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into orders in store\.Orders\.Insert \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Service\.PlaceLoosely, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of orders \(it computes from the current value\) in store\.Orders\.AddPaid \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Service\.PaidOnce, wired here\)`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into orders in store\.Orders\.Insert \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Service\.PlaceThenMark, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into orders in store\.Orders\.Insert \(store.go:\d+:\d+\) has no conflict handling for the caller\-known id \(HTTP handler Service\.PlaceLoosely, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into processed_events in store\.Events\.Mark \(store.go:\d+:\d+\) has no conflict handling for the caller\-known id \(HTTP handler Service\.Paid, wired here\)`,
			`a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(processed_events on a handle that commits each statement, the effect on a transaction; processed_events in store\.Events\.Seen \(store.go:\d+:\d+\), HTTP handler Service\.Paid, wired here\)`,
		},
		// A key claimed and read back in the order's transaction,
		// whose row the service does not test, or tests for what the
		// path writes after the charge.
		"example.com/wiredclaim/cmd/server/main.go:14": {
			`a crash between the two commits records the key without its effect, .* \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in store.PoolKeys.Claim \(store.go:\d+:\d+\), HTTP handler BookHandler.BookClaimed, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.Service.PlaceLoose \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.PlaceLoose, wired here\)`,
			// A fresh key charged past a claim whose row says the work
			// is done only after the charge.
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in app.Payments.Pay \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler PayHandler.Pay, wired here\)`,
		},
		// An activity of another package registered from its table:
		// its package does not know it is retried.
		"example.com/wiredact/cmd/worker/main.go:18": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of organiser_balances \(it computes from the current value\) in acts.Activities.RecordPayout \(acts.go:\d+:\d+\) is not idempotent \(Temporal activity Activities.RecordPayout, wired here\)`,
			// An INSERT between a lookup of the event and the mark it
			// finds: the call given the whole event is not the mark.
			`a retry inserts the row for the same \(advance_id, allocation_id\) again, which fails or duplicates it: the INSERT into applications in acts.Activities.apply \(acts.go:\d+:\d+\) has no conflict handling for the caller-known \(advance_id, allocation_id\) \(Temporal activity Activities.Settle, wired here\)`,
			// An INSERT a retry reaches again, with no test of the row
			// before it; not the one past the lookup that answers
			// whether it is there, given the row's values in pieces.
			`a retry inserts the row for the same allocation_id again, which fails or duplicates it: the INSERT into applications in acts.Activities.record \(acts.go:\d+:\d+\) has no conflict handling for the caller-known allocation_id \(Temporal activity Activities.Reapply, wired here\)`,
			// An INSERT a retry reaches again with no lookup first;
			// not the one past a lookup of the type it returns, run in a
			// callback handed over as a named function type.
			`a retry inserts the row for the same assignment_id again, which fails or duplicates it: the INSERT into inspections in acts.Activities.createInspection \(acts.go:\d+:\d+\) has no conflict handling for the caller-known assignment_id \(Temporal activity Activities.Reinspect, wired here\)`,
			// An INSERT under a key of the schema that a field of the
			// activity's input fills, read in the transaction's
			// callback.
			`a retry inserts the row for the same control_number again, which fails or duplicates it: the INSERT into acknowledgements in acts.Activities.RecordAck\$1 \(acts.go:\d+:\d+\) has no conflict handling for the caller-known control_number \(Temporal activity Activities.RecordAck, wired here\)`,
		},
		// The event's key, checked and marked apart from the effect,
		// in a function its package judges.
		"example.com/wiredact/acts/acts.go:170": {
			`a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(processed_events on a handle that commits each statement, the effect on a handle that commits each statement\)`,
		},
		"example.com/wiredact/acts/acts.go:177": {
			`a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(processed_events on a handle that commits each statement, the effect on a handle that commits each statement\)`,
		},
		// A repository method handed the handle the service was built
		// with: the pool main gives it.
		"example.com/wiredext/cmd/server/main.go:17": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into charges in store.Rentals.AddCharge \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Checkin, wired here\)`,
			// A transaction a generic helper runs through the
			// interface: the deposit commits in it, the close apart.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into deposits in store.Rentals.AddDeposit \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Deposit, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into deposits in store.Rentals.AddDeposit \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.DepositFee, wired here\)`,
			// A method value bound to the Counter the handler holds.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into fees in store.Rentals.AddFee \(store.go:\d+:\d+\) is not idempotent \(HTTP handler httpapi.Counter.Return, bound at httpapi.go:\d+:\d+, wired here\)`,
			// An ID generator main injects, and one the service makes
			// itself: each returns a new value on every attempt.
			// A status set after the event, in its transaction, on
			// every way that commits: only the root that can commit
			// without it records a second event.
			`a retry inserts a second rental_events row with a new id: uuid.NewString\(\) in rental.Counter.FinishQuiet\$1 \(rental.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.FinishQuiet, wired here\)`,
			`a retry inserts a second rentals row with a new id: IDs.New\(\) in rental.Counter.Open \(rental.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Open, wired here\)`,
			`a retry inserts a second rentals row with a new id: UUIDs.New\(\) in rental.Counter.OpenOwn \(rental.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.OpenOwn, wired here\)`,
		},
		// Roots that put their key in the context for the service: one
		// package at a time, no package sees both, so no fix.
		"example.com/wiredctx/cmd/server/main.go:32": {
			// Writes on a handle taken out of the request's context,
			// which carries no transaction; not those a unit of work
			// runs with its transaction in the context.
			// Three writes, two in the unit of work: two commits.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in ledger.Balances.Debit \(uow.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.TransferLogged, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in ledger.Balances.Debit \(uow.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.TransferLoose, wired here\)`,
			// A callback the store's transaction runs once gets the
			// service's context; one made per line does not.
			`a retry inserts a second archives row with a new id: uuid.NewString\(\) in pg.Store.Archive \(pg.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Archive, wired here\)`,
			`a retry inserts a second archives row with a new id: uuid.NewString\(\) in pg.Store.ArchiveLine \(pg.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.ArchiveEach, wired here\)`,
			`a retry inserts a second notes row with a new id: uuid.NewString\(\) in notes.Notes.Note \(notes.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Note, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Line \(orders.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Bulk, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Place \(orders.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Create, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Reorder \(orders.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Reorder, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Resend \(orders.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Resend, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Tag \(orders.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Tag, wired here\)`,
			`a retry inserts a second returns row with a new id: uuid.NewString\(\) in pg.Store.insertReturn\$1 \(pg.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Return, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in mailer.Client.Remind \(mailer.go:\d+:\d+\) \(HTTP handler Handler.RemindAll, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in mailer.Client.Send \(mailer.go:\d+:\d+\) \(HTTP handler Handler.Confirm, wired here\)`,
			`a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in payments.Gateway.Charge \(payments.go:\d+:\d+\) \(HTTP handler Handler.Pay, wired here\)`,
			`a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in payments.Gateway.ChargeEach \(payments.go:\d+:\d+\) \(HTTP handler Handler.PayEach, wired here\)`,
		},
		// A status tested before a unit of work that sets it and
		// records an event: only the event of the root that tests no
		// status is inserted twice.
		"example.com/wiredstate/cmd/server/main.go:18": {
			`a retry inserts a second notice_events row with a new id: uuid.NewString\(\) in store.Store.WriteNotice \(store.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Close, wired here\)`,
		},
		// A statement of a store's method the service calls directly,
		// in a file named as one of the service's.
		"example.com/wiredsame/cmd/server/main.go:15": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in store.Accounts.Debit \(orders.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Pay, wired here\)`,
		},
		// Repositories a unit of work bundles over its transaction
		// commit with it; two units of work commit apart.
		"example.com/wiredrepos/cmd/server/main.go:16": {
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the UPDATE of contracts \(it computes from the current value\) in store.ContractRepo.Subtract \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.VoidApart, wired here\)`,
		},
		// The handle a runner's context chooses: its transaction in
		// the literal it runs, the database on the request's context.
		"example.com/wiredchooser/cmd/server/main.go:16": {
			`a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in repo.Keys.Mark \(repo.go:\d+:\d+\), HTTP handler Handler.PlaceLoose, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into orders in repo.Orders.Insert \(repo.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.PlaceLoose, wired here\)`,
			`a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in repo.Keys.Seen \(repo.go:\d+:\d+\), HTTP handler Handler.PlaceLoose, wired here\)`,
		},
		// Tasks a generic adapter or a route table of the tasks'
		// package runs.
		"example.com/wiredctx/cmd/server/main.go:60": {
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Again \(orders.go:\d+:\d+\) is fresh on every attempt \(asynq handler Tasks.again, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Redo \(orders.go:\d+:\d+\) is fresh on every attempt \(asynq handler Tasks.redo, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Repeat \(orders.go:\d+:\d+\) is fresh on every attempt \(asynq handler Tasks.repeat, wired here\)`,
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Route \(orders.go:\d+:\d+\) is fresh on every attempt \(asynq handler Router.ProcessTask, wired here\)`,
		},
		"example.com/wiredctx/cmd/server/main.go:44": {
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in orders.Service.Refund \(orders.go:\d+:\d+\) is fresh on every attempt \(gin handler GinHandler.Refund, wired here\)`,
		},
		"example.com/wiredctx/cmd/server/main.go:47": {
			// The order's shipment commits before each line's.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into shipments in pg.Store.InsertShipment \(pg.go:\d+:\d+\) is not idempotent \(SQS message handler Queue.handle, wired here\)`,
			`a retry inserts a second shipments row with a new id: uuid.NewString\(\) in orders.Service.Restock \(orders.go:\d+:\d+\) is fresh on every attempt \(SQS message handler Queue.handle, wired here\)`,
			`a retry inserts a second shipments row with a new id: uuid.NewString\(\) in orders.Service.RestockLine \(orders.go:\d+:\d+\) is fresh on every attempt \(SQS message handler Queue.handle, wired here\)`,
			`a retry inserts a second shipments row with a new id: uuid.NewString\(\) in orders.Service.Ship \(orders.go:\d+:\d+\) is fresh on every attempt \(kafka-go consumer loop Consumer.Run, wired here\)`,
			// A consumer that decodes the message in a helper hands the
			// event down: its ID is the caller's.
			// A generic base's instance runs the INSERT.
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into entries in ledger.Repo.Create \(ledger.go:\d+:\d+\) has no conflict handling for the caller-known id \(kafka-go consumer loop Ledger.Run, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into failures in failures.Store.Record \(failures.go:\d+:\d+\) has no conflict handling for the caller-known id \(kafka-go consumer loop Failures.Run, wired here\)`,
		},
		// A service interface's method bound to the handler's field
		// and run by a generic adapter is the root.
		"example.com/wiredbind/cmd/server/main.go:16": {
			`a retry inserts a second holds row with a new id: uuid.NewString\(\) in svc.Holds.Create \(svc.go:\d+:\d+\) is fresh on every attempt \(HTTP handler api.Holds.Create, bound at api.go:\d+:\d+, wired here\)`,
		},
		// The message's ID, read from its header in a helper of the
		// root, is handed down: the caller's, not the helper's own.
		"example.com/wiredbind/cmd/server/main.go:19": {
			`a retry inserts the row for the same message_id again, which fails or duplicates it: the INSERT into messages in svc.Messages.Record \(svc.go:\d+:\d+\) has no conflict handling for the caller-known message_id \(JetStream handler func literal in Consumer.Handler, wired here\)`,
		},
		// The transaction a unit of work puts in the context, or the
		// database: on the request's own context, each write commits
		// on its own.
		"example.com/wiredsqlctx/cmd/server/main.go:15": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in store.Accounts.Debit \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.TransferLoose, wired here\)`,
			// The executor the repository is given, behind another
			// package's reading of the context's transaction.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of credits \(it computes from the current value\) in store.Credits.Grant \(store.go:\d+:\d+\) is not idempotent \(HTTP handler CreditsHandler.GrantLoose, wired here\)`,
			// The executor another package picks: the context's
			// transaction, or the one it is given.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of fee_balances \(it computes from the current value\) in store.Fees.Charge \(store.go:\d+:\d+\) is not idempotent \(HTTP handler FeesHandler.ChargeLoose, wired here\)`,
			// The connection of the transaction another package
			// reports the context carries, or the pool; a unit of work
			// of the repository's own runs its literal on it, joining
			// the caller's.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of holdings \(it computes from the current value\) in store.Holdings.Take \(store.go:\d+:\d+\) is not idempotent \(HTTP handler HoldingsHandler.MoveLoose, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of holdings \(it computes from the current value\) in store.Holdings.Take \(store.go:\d+:\d+\) is not idempotent \(HTTP handler HoldingsHandler.TakeThenMove, wired here\)`,
			// Generated queries a repository builds on what another
			// package's chooser gives (r.Q(ctx) of an embedded base).
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of ledgers \(it computes from the current value\) in rewardsdb.Queries.AddLedger \(rewardsdb.go:\d+:\d+\) is not idempotent \(HTTP handler LedgerHandler.EnterLoose, wired here\)`,
			// The handle another package's chooser gives.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of points \(it computes from the current value\) in store.Points.Take \(store.go:\d+:\d+\) is not idempotent \(HTTP handler PointsHandler.SpendLoose, wired here\)`,
			// Generated queries reached through their interface, on
			// the handle a pool chooses by the context.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of rewards \(it computes from the current value\) in rewardsdb.Queries.AddReward \(rewardsdb.go:\d+:\d+\) is not idempotent \(HTTP handler RewardsHandler.GrantLoose, wired here\)`,
		},
		// A time the handler reads, handed to a function of another
		// package that makes the provider's key of it; silent where a
		// claim comes first, or the key is made of the day.
		// A ticket a contractor opens (through a decorator that wraps
		// it), stored only after: a crash in
		// between leaves no record (the ticket's number is stored in a
		// struct built in a field of the row, in place or in a
		// variable).
		"example.com/wiredclock/cmd/server/main.go:15": {
			`a crash after the HTTP POST in store.Contractor.Escalate \(store.go:\d+:\d+\) and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and store.Tickets.Insert stores its outcome after it \(HTTP handler Handler.Escalate, wired here\)`,
			`a crash after the HTTP POST in store.Contractor.Open \(store.go:\d+:\d+\) and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and store.Tickets.Insert stores its outcome after it \(HTTP handler Handler.Fault, wired here\)`,
			// A write on the branch that returns before the call
			// records nothing of it.
			`a crash after the HTTP POST in store.Crew.Send \(store.go:\d+:\d+\) and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and store.Roster.Record stores its outcome after it \(HTTP handler Handler.Crew, wired here\)`,
		},
		// The contractor's API takes no key: its POSTs are
		// intentfirst's findings only.
		"example.com/wiredclock/cmd/server/main.go:16": {
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: time.Now\(\) in api.Handler.Fees \(api.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Fees, wired here\)`,
		},
		// A root that already hands the charge its key in the context:
		// the fix fills the call's slot and wraps nothing again.
		// Work a runner of another package runs only past its claim of
		// the key is made once; work a plain transaction runs is not.
		"example.com/wiredrun/cmd/server/main.go:15": {
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.Service.PlaceLoose\$1 \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.PlaceLoose, wired here\)`,
		},
		// A repository a store hands out held on the pool: its two
		// writes commit apart.
		"example.com/wiredget/cmd/server/main.go:14": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in db.Queries.Debit \(db.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Transfer, wired here\)`,
		},
		// A key claimed (and read back) outside the unit of work that
		// commits the charge, a unit of work of a package that runs no
		// statement itself.
		"example.com/wireduow/cmd/server/main.go:16": {
			`a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in keys.pgStore.Claim \(keys.go:\d+:\d+\), HTTP handler Handler.PostCharge, wired here\)`,
			// A runner whose helper begins the transaction it runs
			// the work in: two runs, two commits.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of folios \(it computes from the current value\) in lines.pgRepo.AddToBalance \(lines.go:\d+:\d+\) is not idempotent \(HTTP handler Counter.Collect, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into lines in lines.pgRepo.Insert \(lines.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Counter.Collect, wired here\)`,
		},
		// A method of an interface held in a table of handlers by
		// topic, through a generic adapter, called inside a retry
		// loop of the consumer's own.
		// A method of another package's concrete type, adapted by a
		// function literal of the table's package: reported where
		// the store it reaches is wired first.
		// A table another package builds for a runner that keeps it
		// in a field and calls its handler in a retry wrapper's
		// operation.
		// A list of routes built in place around an interface's
		// method, handed by main to a runner that keeps them in its
		// table.
		"example.com/wiredtable/cmd/disputes/main.go:18": {
			`a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in ledger.Disputes.Open \(ledger.go:\d+:\d+\) is fresh on every attempt \(kafka-go consumer loop disputeroutes.Disputes.Open, bound at disputeroutes.go:\d+:\d+, wired here\)`,
		},
		// A consumer's method main routes a topic to, which decodes the
		// message and inserts under the receipt's ID it carries: not
		// when its INSERT ignores a repeat.
		"example.com/wiredtable/cmd/receipts/main.go:17": {
			`a retry inserts the row for the same receipt_id again, which fails or duplicates it: the INSERT into receipts in receipts.Handler.Book \(receipts.go:27:\d+\) has no conflict handling for the caller-known receipt_id \(kafka-go consumer loop Handler.Book, wired here\)`,
		},
		"example.com/wiredtable/cmd/runner/main.go:18": {
			`a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in ledger.Adjustments.Make \(ledger.go:\d+:\d+\) is fresh on every attempt \(kafka-go consumer loop Adjustments.Make, wired here\)`,
		},
		// An injected generator main fills with a prefix on UUIDs: its
		// IDs are fresh; the lines of an order that its reference keys
		// are not a second row, since the order's row fails first.
		"example.com/wiredgen/cmd/server/main.go:15": {
			// A claim of the request's key, the handler's own or a
			// repository's through the queries it is given, apart from
			// the entry it lets run: keytx's, not partialtx's.
			`a crash between the two commits records the key without its effect.* \(gen_keys on a handle that commits each statement, the effect on a handle that commits each statement; gen_keys in store.Queries.ClaimKey \(store.go:\d+:\d+\), HTTP handler Handler.(Paid(With|Via)?|Refund), wired here\)`,
			// A dispute's row under the provider's ID comes first: a
			// retry fails there, before a ledger entry under a new ID;
			// not when that failure is only logged.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into gen_disputes in store.Disputes.Insert \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Dispute, wired here\)`,
			// So does an escalation's row under a key its schema
			// declares on the dispute, though its own ID is new.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into gen_escalations in store.Disputes.Escalate \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Escalate, wired here\)`,
			`a retry inserts a second gen_ledger row with a new id: uuid.NewString\(\) in app.Service.DisputeLogged \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.DisputeLogged, wired here\)`,
			`a retry inserts a second gen_widgets row with a new id: Generator.New\(\) in app.Service.Create \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Create, wired here\)`,
			`a retry inserts the row for the same dispute_id again, which fails or duplicates it: the INSERT into gen_escalations in store.Disputes.Escalate \(store.go:\d+:\d+\) has no conflict handling for the caller-known dispute_id \(HTTP handler Handler.Escalate, wired here\); add ON CONFLICT DO NOTHING and handle the existing row, answering a row another request made as the conflict it is \[`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into gen_disputes in store.Disputes.Insert \(store.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.Dispute, wired here\)`,
		},
		// A method value a table holds builds the record from its
		// request: the record's ID is the root's.
		// A cancellation on its own, then the refund on another handle:
		// the retry stops at the status, the refund lost.
		// A compare-and-set that reads back the row it changed fails
		// the retry before the event under a new ID, as does one whose
		// store answers no row changed with an error of its own, or
		// through a helper that answers whether a row changed; an
		// UPDATE that tests nothing does not, nor one whose store
		// answers the missing row as done.
		"example.com/wiredguard/cmd/server/main.go:28": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into policy_events in store.Store.Publish \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Close, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into policy_events in store.Store.Publish \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Expire, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into policy_events in store.Store.Publish \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Lapse, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into policy_events in store.Store.Publish \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Renew, wired here\)`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into policy_events in store.Store.Publish \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Suspend, wired here\)`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into policy_events in store.Store.Publish \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Void, wired here\)`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into refunds in store.Store.Insert \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Cancel, wired here\)`,
			// A note harmless to repeat, or a job a caller of a queue's
			// wrapper may make unique, made past a compare-and-set that
			// commits on its own, is never made by the retry that stops
			// there. The message ID a text gateway answers, stored past
			// a claim, is the text's outcome: not reported.
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction: the UPDATE into policies in app.Service.Withdraw \(app.go:\d+:\d+\) first \(HTTP handler Handler.Withdraw, wired here\); run them in the guard's transaction`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction: the UPDATE into policies in store.Store.MarkReinstated \(store.go:\d+:\d+\) first \(HTTP handler Handler.Reinstate, wired here\); run them in the guard's transaction`,
			`a retry inserts a second policy_events row with a new id: uuid.NewString\(\) in app.Service.Close \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Close, wired here\)`,
			`a retry inserts a second policy_events row with a new id: uuid.NewString\(\) in app.Service.Expire \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Expire, wired here\)`,
			`a retry inserts a second policy_events row with a new id: uuid.NewString\(\) in app.Service.Renew \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Renew, wired here\)`,
			// An account's reference in the body is no key the bank
			// drops a repeat by: its JSON name is to_account.
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in bank.Client.Transfer \(bank.go:\d+:\d+\) \(HTTP handler Handler.Payout, wired here\)`,
		},
		// A record of the delivery kept whatever becomes of it, its
		// failure only logged, is no part of the work: only the
		// handler that fails the delivery without it is told.
		"example.com/wiredaside/cmd/server/main.go:17": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into inbound_events in store.Store.Keep \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.StrictEvent, wired here\)`,
			`a retry inserts a second inbound_events row with a new id: uuid.NewString\(\) in store.Store.Keep \(store.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.StrictEvent, wired here\)`,
		},
		"example.com/wiredhooks/cmd/server/main.go:14": {
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into provider_events in store.Events.Save \(store.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler hooks.Receiver.refundCreated, bound at hooks.go:\d+:\d+, wired here\)`,
		},
		"example.com/wiredtable/cmd/consumer/main.go:17": {
			`a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in ledger.Payouts.Sent \(ledger.go:\d+:\d+\) is fresh on every attempt \(kafka-go consumer loop ledger.Payouts.Sent, bound at consumer.go:\d+:\d+, wired here\)`,
		},
		// A handler a table by event type holds, in an implementation
		// the root reaches through an interface; a key an option
		// carries through a notifier's interface to the mail sender's;
		// a note another package's constructor leaves without a key.
		// Units of work of a runner main wires, which carries its
		// transaction in the context: a helper of the service hands
		// that context on; a generic helper of another package runs
		// its work on the queries of the transaction it begins. A claim
		// whose text its caller completes decides, through the variable
		// it is kept in, whether the debit runs, though the handler
		// drops what the service returns.
		"example.com/wiredrunner/cmd/server/main.go:16": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in store.Tiers.Raise \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Service.Upgrade, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of packs \(it computes from the current value\) in store.Packs.Debit \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Service.Transfer, wired here\)`,
			// A literal of another package's named work type, run in
			// the transaction its runner begins.
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into grants in store.Tiers.Grant\$1 \(store.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Service.Grant, wired here\)`,
		},
		"example.com/wireddispatch/cmd/server/main.go:19": {
			// An entry past an INSERT under the refund's own ID that
			// fails the retry first is not reported; past one whose
			// failure is only logged, or that has a conflict clause,
			// it is. The table's entries are listed in the
			// processor's statements, each apart from the others:
			// the refund's plain INSERT under the provider's refund ID
			// fails every redelivery, and commits apart from the
			// entry after it.
			`a failure between the writes leaves the operation half done, .* 2 writes commit separately and the INSERT into refunds in ledger.Store.Refund \(ledger.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Events, wired here\)`,
			`a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in events.processor.noted \(events.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Events, wired here\)`,
			`a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in events.processor.refundFailed \(events.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Events, wired here\)`,
			`a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in events.processor.reversed \(events.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Events, wired here\)`,
			`a retry inserts the row for the same refund_id again, which fails or duplicates it: the INSERT into refunds in ledger.Store.Refund \(ledger.go:\d+:\d+\) has no conflict handling for the caller-known refund_id \(HTTP handler Handler.Events, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in mail.Client.SendNote \(mail.go:\d+:\d+\) \(HTTP handler Handler.Receipt, wired here\)`,
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in events.processor.failed \(events.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Events, wired here\)`,
		},
		// A gorm repository copied onto the transaction, whose chain
		// adds a conflict clause on one path: its writes commit
		// together there, and apart on the pool.
		"example.com/wiredgormtx/cmd/api/main.go:15": {
			// A key a helper stores with the repository it is handed:
			// the one copied onto the transaction commits with the
			// effect; the pool's apart from it.
			`a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; idempotency_keys in store\.Keys\.Put \(store.go:\d+:\d+\), HTTP handler Service\.CreditRememberedLoosely, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into entries in store.Ledger.Insert \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Service.CreditLoose, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into entries in store.Ledger.Insert \(store.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Service.Credit\w*, wired here\)`,
		},
		// A processor's request with a field there only to drop a
		// repeat by, left empty, beside a reference for the statement
		// that the service fills: that reference keys nothing.
		"example.com/wiredref/cmd/server/main.go:13": {
			`a retry repeats the HTTP POST: the input sets no requestReference: Client.Do\(\) in pay.Client.Refund \(pay.go:\d+:\d+\) \(HTTP handler Handler.Cancel, wired here\)`,
		},
		// A duplicate a service answers with a conflict of its own
		// fails a retry, though another of its functions takes the
		// error the store renames a duplicate to; that one's event is
		// absorbed.
		"example.com/wiredanswer/cmd/server/main.go:15": {
			`a retry inserts the row for the same registration_id again, which fails or duplicates it: the INSERT into bursary_awards in store.Store.InsertAward \(store.go:\d+:\d+\) has no conflict handling for the caller-known registration_id \(HTTP handler Handler.Award, wired here\)`,
		},
		// An event recorded on the pool by a plain INSERT whose
		// duplicate the service leaves on, before a unit of work
		// whose callback gets a bundle of repositories on its
		// transaction: the key commits apart from the effect.
		// A fresh key made by a function only an operator runs,
		// handed to a helper that retried paths call with keys of
		// their own: no retried path makes it.
		"example.com/wiredemit/cmd/server/main.go:22": {
			`a retry inserts a second emit_outbox row with a new event_key: uuid.NewString\(\) in svc.Service.Post \(svc.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Post, wired here\); derive it from the request's Idempotency-Key header, passed down to where it is made \[IDEM001\]$`,
		},
		// A unit of work that hands its callback, by value, the
		// repositories and the handle of its transaction: a claim on
		// the database before it commits apart, one on the handle
		// the callback gets does not.
		"example.com/wiredbyvalue/cmd/server/main.go:16": {
			`a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(byvalue_markers on a handle that commits each statement, the effect on a transaction; byvalue_markers in idem.Claim \(idem.go:\d+:\d+\), HTTP handler Handler.PaidLoosely, wired here\)`,
		},
		// A claim its function reads back (INSERT ... ON CONFLICT DO
		// NOTHING, then a SELECT of the row) stops no retry: the
		// keyless call past it runs again.
		"example.com/wiredreadback/cmd/server/main.go:16": {
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in bank.Client.Reverse \(bank.go:\d+:\d+\) \(HTTP handler Handler.Reverse, wired here\)`,
		},
		// A test of the milestone's status that lets one in review
		// through, past which another table's status is set, stops
		// no retry; the revision built in the callback carries the
		// client's reference.
		"example.com/wiredsubmit/cmd/server/main.go:17": {
			`a retry inserts the row for the same \(milestone_id, ref\) again, which fails or duplicates it: the INSERT into submit_submissions in store.Submissions.Insert \(store.go:\d+:\d+\) has no conflict handling for the caller-known \(milestone_id, ref\) \(HTTP handler Handler.Submit, wired here\)`,
			// Lines inserted with no DELETE of them first; those
			// ReplaceLines deletes first are not reported.
			`a retry inserts the row for the same \(submission_ref, line_no\) again, which fails or duplicates it: the INSERT into submit_lines in store.Lines.Insert \(store.go:\d+:\d+\) has no conflict handling for the caller-known \(submission_ref, line_no\) \(HTTP handler Handler.AddLine, wired here\)`,
		},
		// A status moved on the database a context chooses when it
		// carries no transaction, then a line posted apart from it.
		"example.com/wiredgormctx/cmd/server/main.go:16": {
			// A claim read back (the ORM's create that ignores the
			// duplicate, then the row taken) after a debit.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of gormctx_balances \(it computes from the current value\) in store.Balances.Debit \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Transfer, wired here\)`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into gormctx_ledger_lines in store.Ledger.Append \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Settle, wired here\)`,
			// A transaction begun on what the context chooses is a
			// savepoint of the unit of work's: one commit, and a
			// retry fails at the entry's stable ID.
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into gormctx_ledger_lines in store.Entries.Post\$1 \(store.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.Charge, wired here\)`,
		},
		// Two webhooks' handlers, interface methods handed to one
		// helper that calls its parameter: each is a root.
		"example.com/wiredhooksets/cmd/server/main.go:14": {
			`a retry inserts a second hooksets_invoices row with a new id: uuid.NewString\(\) in svc.Billing.HandleBilling \(svc.go:\d+:\d+\) is fresh on every attempt \(HTTP handler api.BillingEvents.HandleBilling, bound at api.go:\d+:\d+, wired here\)`,
			`a retry inserts a second hooksets_payments row with a new id: uuid.NewString\(\) in svc.Payments.HandlePayment \(svc.go:\d+:\d+\) is fresh on every attempt \(HTTP handler api.PaymentEvents.HandlePayment, bound at api.go:\d+:\d+, wired here\)`,
		},
		"example.com/wiredbundle/cmd/server/main.go:15": {
			`a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(screening_events on a handle that commits each statement, the effect on a transaction; screening_events in store.inbox.Record \(store.go:\d+:\d+\), HTTP handler Handler.Event, wired here\)`,
		},
		"example.com/wiredtable/cmd/consumer/main.go:18": {
			`a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in ledger.Service.Settle \(ledger.go:\d+:\d+\) is fresh on every attempt \(kafka-go consumer loop consumer.Ledger.Settle, bound at consumer.go:\d+:\d+, wired here\)`,
		},
		// A claim through a concrete store of another package stops
		// the retry before the fresh value is made.
		"example.com/wiredidem/cmd/server/main.go:17": {
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in app.Service.PlaceLoose\$1 \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.PlaceLoose, wired here\)`,
		},
		// An inbox checked and recorded apart from the transaction,
		// a helper of another package's, that moves the money; the
		// check with a call between.
		"example.com/wiredinbox/cmd/consumer/main.go:17": {
			`a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(processed_messages on a handle that commits each statement, the effect on a transaction; processed_messages in store.Inbox.Seen \(store.go:\d+:\d+\), kafka-go consumer loop Releaser.Run, wired here\)`,
		},
		// A client whose options set the header on the request, called
		// inside a retry wrapper of the program's own with none.
		"example.com/wiredretry/cmd/server/main.go:12": {
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: client.call\(\) in crm.client.CreateActivity \(crm.go:\d+:\d+\) \(HTTP handler Service.Record, wired here\)`,
			// An option that sets another header leaves the key's
			// empty; the key's option fills it.
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: client.call\(\) in crm.client.CreateTask \(crm.go:\d+:\d+\) \(HTTP handler Service.RecordTraced, wired here\)`,
		},
		// A partner's client that sends through go-retryablehttp with
		// the options it is given: none, past a claim its retries do
		// not stop; a call that takes no options, before the row that
		// records it.
		// A client that copies an option's field into its body's
		// client_reference: keyed by the option a caller passes, new on
		// every attempt when that option is given a fresh value, and
		// keyless when none sets it.
		"example.com/wiredopts/cmd/worker/main.go:34": {
			`a retry repeats the HTTP POST: the input sets no client_reference: Client.Do\(\) in textwire.Client.SendSMS \(textwire.go:\d+:\d+\) \(asynq handler Jobs.TextBare, wired here\)`,
			// A reference that is a fixed text keys nothing; one the
			// caller's note or options give is the caller's.
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in textwire.Client.SendTagged \(textwire.go:\d+:\d+\) \(asynq handler Jobs.Tagged, wired here\)`,
			// Past a claim that reads back the row there before: the
			// retry goes on under a new reference.
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in texts.Jobs.Remind \(texts.go:\d+:\d+\) is fresh on every attempt \(asynq handler Jobs.Remind, wired here\)`,
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in texts.Jobs.TextFresh \(texts.go:\d+:\d+\) is fresh on every attempt \(asynq handler Jobs.TextFresh, wired here\)`,
		},
		"example.com/wiredopts/cmd/worker/main.go:43": {
			`a crash after the retried HTTP request in dc.Client.PurchaseLicense \(dc.go:\d+:\d+\) and before its outcome is stored leaves no record of it`,
			`a retry repeats the retried HTTP POST: the request carries no Idempotency-Key header: Client.do\(\) in dc.Client.CreateSnapshot \(dc.go:\d+:\d+\) \(HTTP handler Handlers.Snapshot, wired here\)`,
			// A reference in the body of a client that sends a key
			// header is not the key.
			`a retry repeats the retried HTTP POST: the request carries no Idempotency-Key header: Client.do\(\) in dc.Client.CreateVolume \(dc.go:\d+:\d+\) \(HTTP handler Handlers.Volume, wired here\)`,
			`a retry repeats the retried HTTP POST: the request carries no Idempotency-Key header: Client.do\(\) in dc.Client.PurchaseLicense \(dc.go:\d+:\d+\) \(HTTP handler Handlers.License, wired here\)`,
		},
		// A sender that defaults a text's reference to a new one when
		// the caller passes none; a gateway keyed by that body field,
		// not by a header.
		"example.com/wiredopts/cmd/worker/main.go:29": {
			// A call the client places in its own retry wrapper's
			// operation, under the key its options set: none.
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in sms.Client.PlaceCall \(sms.go:\d+:\d+\) \(asynq handler Reminders.Ring, wired here\)`,
			`a retry sends a new value as the request's client_reference field, on which its receiver drops a repeat, so the duplicate is not recognised: uuid.NewString\(\) in notify.Sender.Send \(notify.go:\d+:\d+\) is fresh on every attempt \(asynq handler Reminders.Remind, wired here\)`,
		},
		// Generators adapted from functions that are all fresh, in the
		// root's own package; not those adapted from a constant too.
		"example.com/wiredgenfunc/cmd/server/main.go:15": {
			`a retry inserts a second labels row with a new id: Coder.Code\(\) in app.Service.Label \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.Label, wired here\)`,
			`a retry inserts a second parcels row with a new id: Generator.New\(\) in app.Service.Receive \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.Receive, wired here\)`,
		},
		// One interface in three fields, each wired with its own
		// processor: the accounts endpoint's alone inserts the
		// event its verifier parsed with no conflict handling.
		// The texts: a message with no reference is sent keyless; one
		// with the request's own reference is keyed by its body.
		"example.com/wiredfields/cmd/server/main.go:22": {
			`a retry inserts the row for the same event_id again, which fails or duplicates it: the INSERT into account_events in store.AccountEvents.Handle \(store.go:\d+:\d+\) has no conflict handling for the caller-known event_id \(HTTP handler Server.Account, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in sms.Client.Send \(sms.go:\d+:\d+\) \(HTTP handler Texts.Remind, wired here\)`,
		},
		// Two transactions of one unit of work, whose repositories it
		// binds to each (q.WithTx(tx)): the debit commits apart from
		// the mark.
		// An event row under a fresh ID, past a claim of the request's
		// key in its transaction and with none.
		"example.com/wiredfields/cmd/server/main.go:29": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of balances \(it computes from the current value\) in pgstore.Queries.DebitBalance \(pgstore.go:\d+:\d+\) is not idempotent \(HTTP handler Service.Pay, wired here\)`,
			`a retry inserts a second events row with a new id: uuid.NewString\(\) in pgstore.events.Add \(pgstore.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.Notify, wired here\)`,
			`a retry inserts the row for the same payout_id again, which fails or duplicates it: the INSERT into payout_confirmations in pgstore.confirmations.Insert \(pgstore.go:\d+:\d+\) has no conflict handling for the caller-known payout_id \(HTTP handler Service.Confirm, wired here\)`,
		},
		// A plate whose state and number fill the table's key: the
		// retry fails there, which is naturalkey's; one with no number
		// adds a second row under a new ID.
		"example.com/wiredfields/cmd/server/main.go:38": {
			`a retry creates a second Plate with a new ID: uuid.NewString\(\) in plates.Service.Reserve \(plates.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.Reserve, wired here\)`,
			`a retry inserts the row for the same \(state, number\) again, which fails or duplicates it: the INSERT into plates in gormstore.Plates.Create \(gormstore.go:\d+:\d+\) has no conflict handling for the caller-known \(state, number\) \(HTTP handler Service.Register, wired here\)`,
		},
		"example.com/wiredfields/cmd/relay/main.go:15": {
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in sms.Client.Send \(sms.go:\d+:\d+\) \(HTTP handler Texts.Remind, wired here\)`,
		},
		// Options a helper hands on to a decorated gateway: none from
		// the task, a fresh key from the handler that makes it.
		"example.com/wiredopts/cmd/worker/main.go:23": {
			`a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: v1PaymentIntentService.Create\(\) in pay.StripeGateway.Charge \(pay.go:\d+:\d+\) \(asynq handler Wallets.AutoReload, wired here\)`,
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in svc.Wallets.Gift \(svc.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Wallets.Gift, wired here\)`,
		},
		// A row that logs an unkeyed call's outcome is that call's
		// finding; one that logs a keyed call's, under a fresh ID,
		// duplicates it; in a model built in place as well.
		"example.com/wiredlog/cmd/server/main.go:15": {
			`a crash after the HTTP request in mail.Client.Send \(mail.go:\d+:\d+\) and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and store.Log.Sent stores its outcome after it \(HTTP handler Service.Notify, wired here\)`,
			`a retry inserts a second sent_mail row with a new id: uuid.NewString\(\) in app.Service.NotifyEntryKeyed \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.NotifyEntryKeyed, wired here\)`,
			`a retry inserts a second sent_mail row with a new id: uuid.NewString\(\) in app.Service.NotifyKeyed \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.NotifyKeyed, wired here\)`,
			// An ID the caller sends, prefixed; not one a provider's
			// answer holds.
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into policies in store.Log.Policy \(store.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Service.Register, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in mail.Client.Send \(mail.go:\d+:\d+\) \(HTTP handler Service.Notify, wired here\)`,
		},
		// A handler a function makes from the dependency it is
		// given: the service main built before any request came. A
		// write of a marker the list checks first is keytx's.
		"example.com/wiredclosure/cmd/server/main.go:15": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in svc.Service.Refund \(svc.go:\d+:\d+\) is not idempotent \(HTTP handler func literal in refund, wired here\)`,
		},
		// A transactor that hands its work to bun runs it in the
		// transaction, and repositories bound to it with WithTx write
		// there; a reservation on the database commits apart. A bank's
		// refusal marked after the call is its outcome, not a write
		// of the operation's.
		"example.com/wiredbun/cmd/server/main.go:18": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of balances \(it computes from the current value\) in store.ledger.Reserve \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Request, wired here\)`,
			// A plate normalised, and a tag's event under its
			// stream's sequence number, are the same on every attempt;
			// a note looked up by its ID first is inserted once.
			`a retry inserts the row for the same \(serial, seq\) again, which fails or duplicates it: the INSERT into tag_events in records.Store.AppendEvent \(records.go:\d+:\d+\) has no conflict handling for the caller-known \(serial, seq\) \(HTTP handler Handler.TagEvent, wired here\)`,
			`a retry inserts the row for the same vehicle_number again, which fails or duplicates it: the INSERT into vehicles in records.Store.AddPlate \(records.go:\d+:\d+\) has no conflict handling for the caller-known vehicle_number \(HTTP handler Handler.RegisterPlate, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in store.Bank.Transfer \(store.go:\d+:\d+\) \(HTTP handler Handler.Pay(Checked)?, wired here\)`,
			// The options a helper collects into the struct the call's
			// helper reads the key from.
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in store.Gateway.Charge \(store.go:\d+:\d+\) \(HTTP handler Handler.TopUp, wired here\)`,
			// One finding for the claim, none for the eligibility
			// check, a read.
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in store.PBM.post \(store.go:\d+:\d+\) \(HTTP handler Handler.Claim, wired here\)`,
		},
		// Repositories that write on the transaction a context
		// carries, put there by the handler in gorm's Transaction or by
		// a unit of work, whose own Transaction is then a savepoint.
		// A helper the package calls with the request's context, as
		// well as from a unit of work's literal: its own package
		// judges it, concrete repositories and all.
		"example.com/wiredctxtx/app/app.go:211": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into events in Marks.Append is not idempotent \(HTTP handler Handler.SettleLoose\)`,
		},
		// A write of what a provider answered, read through a method
		// of its response (rcpt.Token()), is the call's outcome: it
		// is not counted apart from the transaction before the call.
		"example.com/wiredoutcome/cmd/server/main.go:15": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of stock \(it computes from the current value\) in store.Stock.Take \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Shop.CheckoutNoted, wired here\)`,
		},
		// A fresh value of the root's own package past a claim through
		// an interface, which returns the stored response for a key
		// seen before: the root judges it, and only the lookup that
		// claims nothing lets a retry insert a second row.
		"example.com/wiredprev/cmd/server/main.go:41": {
			`a retry inserts a second subscriptions row with a new id: uuid.NewString\(\) in subs.Handler.CreateSeen \(subs.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.CreateSeen, wired here\)`,
			// A body whose dedup field the caller leaves empty names
			// that field as the slot, not a header.
			`a retry repeats the HTTP POST: the input sets no client_reference: httpx.DoJSON\(\) in pay.Transfers.Send \(pay.go:\d+:\d+\) \(HTTP handler Refunds.RefundBare, wired here\)`,
			// A client that sends the key field it is given as a header
			// when it is set, given none: another field's reference
			// (what a statement shows) keys nothing.
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Debits.do\(\) in pay.Debits.Create \(pay.go:\d+:\d+\) \(HTTP handler Collections.Collect, wired here\)`,
			// A fresh key in a request whose client sends it through
			// a sender of another package, from a map a helper makes.
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in subs.Billing.Charge \(subs.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Billing.Charge, wired here\)`,
			// An attempt of a retry wrapper of the program's own is a
			// root; a key made before the attempts is not fresh there.
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in subs.Billing.Renew\$1 \(subs.go:\d+:\d+\) is fresh on every attempt \(backoff.Retry operation func literal in Billing.Renew, wired here\)`,
		},
		// A claim through an interface decides each item of a loop:
		// the item it finds done goes on to the next, whose claim
		// decides anew.
		"example.com/wiredprev/cmd/server/main.go:51": {
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into ledger_entries in ledgerdb.Store.Insert \(ledgerdb.go:\d+:\d+\) is not idempotent \(HTTP handler Run.Raise, wired here\)`,
			`a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in dues.Run.RaiseAll \(dues.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Run.RaiseAll, wired here\)`,
		},
		// A state guard's write before a transaction's callback: the
		// callback runs past it, and only the path without the write
		// makes a second row.
		"example.com/wiredprev/cmd/server/main.go:54": {
			`a failure between the writes leaves the operation half done, and the check of stored state before them stops the retry that would finish it: 2 writes commit separately, the INSERT into shipments in shipping.Service.ReportDamage\$1 \(shipping.go:\d+:\d+\) first \(HTTP handler Reports.Damage, wired here\)`,
			`a retry creates a second Shipment with a new ID: uuid.NewString\(\) in shipping.Service.ReportLoss\$1 \(shipping.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Reports.Loss, wired here\)`,
		},
		// A body whose reference the service fills from a row it read
		// is keyed, whoever calls the service; one with none is not.
		"example.com/wiredprev/cmd/server/main.go:57": {
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in customsgw.Client.Submit \(customsgw.go:\d+:\d+\) \(HTTP handler Handler.FileBare, wired here\)`,
		},
		// A command a bus of the program dispatches, in a generic
		// function, to the handler registered for its type, behind a
		// generic decorator: the instance the root calls names it.
		"example.com/wiredprev/cmd/server/main.go:60": {
			`a retry inserts a second grants row with a new id: uuid.NewString\(\) in ledgerdb.Grants.Grant \(ledgerdb.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Grant, wired here\)`,
		},
		// The writes past a chain of decorators as long as a root's
		// reach, each of which hands the command on: they cost none.
		"example.com/wiredprev/cmd/server/main.go:61": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into grants in ledgerdb.Grants.Grant \(ledgerdb.go:\d+:\d+\) is not idempotent \(HTTP handler API.Grant, wired here\)`,
		},
		// A unit of work whose function reaches its repositories
		// through the store it is given, and through a helper given
		// that store: one transaction. The pending payment before a
		// charge made through a retry wrapper is the charge's intent
		// record; the transaction that stores the charge's answer, and
		// marks the invoice paid with it, is its outcome: no pair of
		// writes apart (partialtx is silent on both handlers).
		"example.com/wiredprev/cmd/server/main.go:68": {
			`a retry creates a second paymentRow with a new ID: uuid.NewString\(\) in billing.Service.Pay \(billing.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Pay, wired here\)`,
		},
		// A client that makes its request with a maker of another
		// package, sets the key header only when its caller gives it a
		// key, and sends the request through a sender of that package
		// behind an interface of its own: a caller that gives none
		// sends none. So does one whose maker joins the path it is
		// given to the client's base (url.JoinPath), and one whose
		// maker is a method of a value of that package. A client that
		// calls nothing but the shared package's maker and sender, in
		// an operation of a retry wrapper of the program's that
		// captures the message, sent whole: its reference unset, also
		// in a message a helper of the caller's package builds, and a
		// batch's request_id.
		"example.com/wiredprev/cmd/server/main.go:71": {
			`a retry repeats the HTTP POST: the input sets no client_reference: mailx.SendWith\(\) in texts.Client.Greet \(texts.go:\d+:\d+\) \(HTTP handler Handler.TextBuilt, wired here\)`,
			`a retry repeats the HTTP POST: the input sets no client_reference: mailx.SendWith\(\) in texts.Client.Send \(texts.go:\d+:\d+\) \(HTTP handler Handler.Text, wired here\)`,
			`a retry repeats the HTTP POST: the input sets no request_id: mailx.SendWith\(\) in texts.Client.SendBatch \(texts.go:\d+:\d+\) \(HTTP handler Handler.Broadcast, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in mail.Client.Digest \(mail.go:\d+:\d+\) \(HTTP handler Handler.Digest, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in mail.Client.Notify \(mail.go:\d+:\d+\) \(HTTP handler Handler.Reminder, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: mailx.Send\(\) in mail.Client.Send \(mail.go:\d+:\d+\) \(HTTP handler Handler.Welcome, wired here\)`,
		},
		// A consumer loop that hands each message to a method of its
		// own, which dispatches it through a table of typed handlers:
		// each handler's literal runs on one delivery.
		"example.com/wiredprev/cmd/server/main.go:75": {
			`a retry inserts the row for the same reading_id again, which fails or duplicates it: the INSERT into readings in ledgerdb.Readings.Record \(ledgerdb.go:\d+:\d+\) has no conflict handling for the caller-known reading_id \(SQS consumer loop Consumer.Run, wired here\)`,
		},
		// A service that handles each event through a table of its
		// own methods, which its constructor fills: the entry that
		// orders a replacement before it records the order; another
		// entry's write is never run with it. An entry a wrapper of the
		// package returns (logged(e.stolen)) is one of the table's.
		"example.com/wiredprev/cmd/server/main.go:76": {
			`a crash after the HTTP request in fleetvendor.Client.OrderReplacement \(fleetvendor.go:\d+:\d+\) and before its outcome is stored leaves no record of it, .* fleetdb.Store.RecordOrder stores its outcome after it \(HTTP handler Handler.Event, wired here\)`,
			`a retry inserts a second thefts row with a new id: uuid.NewString\(\) in fleetsvc.Events.stolen \(fleetsvc.go:\d+:\d+\) is fresh on every attempt \(HTTP handler fleetsvc.Events.stolen, bound at fleetsvc.go:\d+:\d+, wired here\)`,
		},
		// A plain interface that main fills with an instance of a
		// generic table: its type argument is the one the interface's
		// method names where the table's names its type parameter. A
		// store whose repository builds its INSERT by reflection on the
		// row's tags, adding the conflict clause when an option asks:
		// the call without one. A store that embeds an instance of the
		// generic table, whose methods are the table's.
		"example.com/wiredgenrepo/cmd/server/main.go:16": {
			`a retry creates a second Scan with a new ID: uuid.NewString\(\) in app.Handler.Scan \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handler.Scan, wired here\)`,
			`a retry creates a second Scan with a new ID: uuid.NewString\(\) in app.Kiosk.Enter \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Kiosk.Enter, wired here\)`,
			`a retry inserts the row for the same \(provider_message_id, status\) again, .* the INSERT into gate_receipts in tagrepo.Insert \(tagrepo.go:\d+:\d+\) has no conflict handling for the caller-known \(provider_message_id, status\) \(HTTP handler Gate.Receipt, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into scans in genrepo.Table.Insert \(genrepo.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.Report, wired here\)`,
		},
		"example.com/wiredctxtx/cmd/server/main.go:16": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into events in repo.Marks.Append \(repo.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.MarkLoose, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into events in repo.Tags.Append \(repo.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.TagLoose, wired here\)`,
			// An account debited in Go and saved back whole.
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT of accounts \(it stores a value computed from the one read\) in repo.Accounts.Save \(repo.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.Charge, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in repo.Ledger.Post\$1 \(repo.go:\d+:\d+\) is not idempotent \(HTTP handler Handler.CreditLoose, wired here\)`,
		},
		// A service that calls the provider with options setting no
		// key, once and per item.
		"example.com/wiredctx/cmd/server/main.go:62": {
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in psp.Client.Refund \(psp.go:\d+:\d+\) \(HTTP handler API.Refund, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in psp.Client.Void \(psp.go:\d+:\d+\) \(HTTP handler API.VoidAll, wired here\)`,
		},
		// A transaction begun by hand and handed to the stores in the
		// context, past a status it sets: a retry finds it set and
		// finishes the rest. A record on the pool before it repeats.
		// A fresh ID handed to a service whose implementation stores
		// it past its claim of the request's key is made once; with no
		// claim, on every attempt.
		"example.com/wiredfresh/cmd/server/main.go:47": {
			`a retry inserts a second members row with a new id: uuid.NewString\(\) in memberapi.API.Join \(memberapi.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Join, wired here\)`,
		},
		"example.com/wiredfresh/cmd/server/main.go:35": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into quote_events in quotestore.Events.Add \(quotestore.go:\d+:\d+\) is not idempotent \(HTTP handler API.AcceptLoose, wired here\)`,
		},
		// A service the handlers of another package call directly,
		// not through an interface, which hands a fresh ID to a
		// repository main wires.
		"example.com/wiredfresh/cmd/server/main.go:38": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into wallet_transfers in store.Transfers.Insert \(store.go:\d+:\d+\) is not idempotent \(HTTP handler API.Halves, wired here\)`,
			`a retry inserts a second transfer_notes row with a new id: IDs.New\(\) in transfers.Service.Flag \(transfers.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Flag, wired here\)`,
			`a retry inserts a second transfer_notes row with a new id: uuid.NewString\(\) in store.TransferNotes.Add \(store.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Note, wired here\)`,
			`a retry inserts a second wallet_transfers row with a new id: uuid.New\(\) in transfers.Service.Book \(transfers.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Book, wired here\)`,
			`a retry inserts a second wallet_transfers row with a new id: uuid.New\(\) in transfers.Service.Create \(transfers.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Create, wired here\)`,
			`a retry inserts a second wallet_transfers row with a new id: uuid.New\(\) in transfers.Service.Split \(transfers.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Halves, wired here\)`,
			`a retry inserts a second wallet_transfers row with a new id: uuid.New\(\) in transfers.newReversalID \(transfers.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Reverse, wired here\)`,
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in bank.Client.Pay \(bank.go:\d+:\d+\) \(HTTP handler API.Payout, wired here\)`,
		},
		// A move recorded in the callback past the write of the tier
		// its caller tested is made once; one with no test is not.
		"example.com/wiredfresh/cmd/server/main.go:32": {
			`a retry inserts a second adjustments row with a new id: uuid.NewString\(\) in pledges.Service.Regrade\$1 \(pledges.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Regrade, wired here\)`,
		},
		// A handler a map of a generic handler type holds, which a
		// generic dispatcher's instance runs.
		"example.com/wiredfresh/cmd/server/main.go:30": {
			`a retry inserts a second returns row with a new id: uuid.NewString\(\) in hooks.Hooks.onReturned \(hooks.go:\d+:\d+\) is fresh on every attempt \(HTTP handler API.Bank, wired here\)`,
		},
		// Literals a start-up function registers through an adapter
		// run the services the dependencies it captures hold; a store
		// names a note its service leaves unnamed, but not one named.
		"example.com/wiredfresh/cmd/worker/main.go:16": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of campaigns \(it computes from the current value\) in settlestore.campaigns.AddCollected \(settlestore.go:\d+:\d+\) is not idempotent \(river worker funcWorker.Work, wired here\)`,
		},
		"example.com/wiredfresh/cmd/worker/main.go:15": {
			`a retry inserts a second pledge_notes row with a new id: uuid.NewString\(\) in settlestore.notes.Insert \(settlestore.go:\d+:\d+\) is fresh on every attempt \(river worker funcWorker.Work, wired here\)`,
		},
		// A fresh ID copied into another table's key is not a key the
		// caller knows; a reference the caller sends is.
		"example.com/wiredfresh/cmd/server/main.go:25": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into chargebacks in store.Ledger.Chargeback \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handlers.Chargeback, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into rental_accruals in store.Accruals.InsertRental \(store.go:\d+:\d+\) is not idempotent \(HTTP handler Handlers.Rental, wired here\)`,
			`a retry creates a second rentalModel with a new ID: uuid.NewString\(\) in accrual.Handlers.Lease \(accrual.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handlers.Lease, wired here\)`,
			`a retry creates a second rentalModel with a new ID: uuid.NewString\(\) in accrual.Handlers.Rental \(accrual.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Handlers.Rental, wired here\)`,
			`a retry inserts the row for the same \(member_id, source, source_ref\) again, which fails or duplicates it: the INSERT into ledger_entries in store.Ledger.Post \(store.go:\d+:\d+\) has no conflict handling for the caller-known \(member_id, source, source_ref\) \(HTTP handler Handlers.Card, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into chargebacks in store.Ledger.Chargeback \(store.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handlers.Chargeback, wired here\); add ON CONFLICT DO NOTHING and handle the existing row, stopping before the writes after it when it exists`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into disputes in store.Ledger.Dispute \(store.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handlers.Chargeback, wired here\)`,
		},
		"example.com/wiredwrap/cmd/server/main.go:12": {
			`a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in payments.Gateway.Charge \(payments.go:\d+:\d+\) \(HTTP handler Handler.Pay, wired here\)`,
		},
		// A table of handlers of a type a dispatcher's returned
		// handler calls, built in another package: found where it is
		// built, in every driver.
		"example.com/wiredtypes/events/events.go:32": {
			`a retry inserts a second settlements row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Handlers.onSettled\)`,
		},
		"example.com/wiredtypes/events/events.go:44": {
			`a retry inserts a second event_counts row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Handlers.onAny\)`,
		},
		// A key made once for a retry loop's attempts, in a handler
		// the request's retry runs again; a request the loop's
		// operation captures with its key left empty.
		"example.com/wiredattempts/cmd/server/main.go:12": {
			`a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in bank.Client.CreateTransfer \(bank.go:\d+:\d+\) \(HTTP handler Service.SendUnkeyed, wired here\)`,
			`a retry sends a new value as the Idempotency-Key header, so the duplicate is not recognised: uuid.NewString\(\) in svc.Service.Resend \(svc.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.Resend, wired here\)`,
		},
		// A client that copies its caller's reference into a body
		// literal a sender of another package encodes: keyed by the
		// reference, which one handler leaves empty.
		"example.com/wiredsms/cmd/server/main.go:12": {
			`a retry repeats the HTTP POST: the input sets no client_ref: httpx.JSON\(\) in textline.Client.Send \(textline.go:\d+:\d+\) \(HTTP handler Handler.Notify, wired here\)`,
		},
		// A function literal that only hands its command's field to a
		// service interface, adapted to the generic handler and
		// decorated by a helper of the package.
		"example.com/wiredforward/cmd/server/main.go:14": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of rooms \(it computes from the current value\) in store.Bookings.Move \(store.go:38:\d+\) is not idempotent \(HTTP handler Handlers.Move, wired here\)`,
			`a retry inserts a second bookings row with a new id: uuid.NewString\(\) in store.Bookings.Book \(store.go:18:\d+\) is fresh on every attempt \(HTTP handler Handlers.Book, wired here\)`,
			`a retry inserts a second holds row with a new id: uuid.NewString\(\) in store.Bookings.Hold \(store.go:31:\d+\) is fresh on every attempt \(HTTP handler Handlers.Hold, wired here\)`,
		},
		// A key the publisher makes when its caller gives none: one
		// finding, at the value made, not a second for the empty
		// field.
		"example.com/wireddefault/cmd/server/main.go:14": {
			`a retry sends a new value as the message's deduplication ID, so the duplicate is not recognised: uuid.NewString\(\) in queue.Publisher.Publish \(queue.go:28:\d+\) is fresh on every attempt \(HTTP handler Handler.Confirm, wired here\)`,
		},
		// Handlers a package of their own registers, through a
		// generic Register and a middleware, into a dispatcher that
		// the consumer loop reaches through an interface.
		"example.com/wiredawait/cmd/consumers/main.go:24": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of yard_blocks \(it computes from the current value\) in store.Yard.Depart \(store.go:28:\d+\) is not idempotent \(kafka-go consumer loop Consumer.Run, through dispatch.Dispatcher handler func literal in NewDispatcher, wired here\)`,
			`a retry inserts a second arrivals row with a new id: uuid.NewString\(\) in store.Yard.Arrive \(store.go:18:\d+\) is fresh on every attempt \(kafka-go consumer loop Consumer.Run, through dispatch.Dispatcher handler func literal in NewDispatcher, wired here\)`,
		},
		// A key made per attempt where the record of the operation,
		// claimed by the trip, is at hand: the fix derives it from
		// the record's ID, but where the record is new on every
		// attempt.
		// A model whose gorm create hook makes its ID, handed to a
		// store interface whose implementation inserts it through a
		// generic repository of a third package.
		"example.com/wiredmodelhook/cmd/server/main.go:15": {
			`a retry inserts a second bookings row with a new id: Booking.BeforeCreate's uuid.NewString\(\) in app.Handler.Book \(app.go:23:2\) is fresh on every attempt \(HTTP handler Handler.Book, wired here\); set ID before this write, derived from the request's Idempotency-Key header \(the hook keeps one that is set\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into bookings in db.Repository.Create \(db.go:\d+:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.BookKeyed, wired here\)`,
		},
		// Values made in services an adapter runs, where a middleware
		// puts the request's key in the context (the fix, in the
		// service's file, is the standalone driver's): no key for one
		// per item of a loop, nor where the service's package sees no
		// code that fills the slot its accessor reads. A job's worker
		// that calls a service a route runs too puts its own key in
		// the context; a key a route reads with the accessor and hands
		// to a store is the store's parameter's.
		"example.com/wiredreqctx/cmd/server/main.go:21": {
			`a retry inserts a second entries row with a new id: uuid.NewString\(\) in store.Repo.Post \(store.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.credit, wired here\)`,
			`a retry inserts a second instalment_notes row with a new id: uuid.NewString\(\) in app.Service.IssueNote \(app.go:\d+:\d+\) is fresh on every attempt \(river worker NoteWorker.Work, wired here\)`,
			`a retry inserts a second instalment_notes row with a new id: uuid.NewString\(\) in app.Service.IssueNotes \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.IssueNotes, wired here\); derive it from the request's Idempotency-Key header, passed down to where it is made`,
			`a retry inserts a second instalment_refunds row with a new id: uuid.NewString\(\) in app.Service.CreateRefund \(app.go:\d+:\d+\) is fresh on every attempt \(HTTP handler Service.CreateRefund, wired here\)`,
		},
		"example.com/wiredreqctx/cmd/server/main.go:22": {
			`a retry inserts a second instalment_refunds row with a new id: uuid.NewString\(\) in billing.Service.Refund \(billing.go:25:\d+\) is fresh on every attempt \(HTTP handler Service.Refund, wired here\); derive it from the request's Idempotency-Key header, passed down to where it is made`,
		},
		// A handler that a router's local adapter wraps makes the ID it
		// hands to a service: a fresh value, not one the caller knows,
		// so the INSERT without conflict handling is freshid's alone.
		"example.com/wiredlocal/cmd/server/main.go:17": {
			`a retry inserts a second swaps row with a new id: uuid.NewString\(\) in api.SwapHandler.Complete \(api.go:27:\d+\) is fresh on every attempt \(HTTP handler SwapHandler.Complete, wired here\)`,
		},
		"example.com/wiredintent/cmd/server/main.go:17": {
			`a retry inserts a second copays row with a new id: uuid.NewString\(\) in app.Service.CollectLoose \(app.go:59:\d+\) is fresh on every attempt \(HTTP handler Handler.CollectLoose, wired here\)`,
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in api.Handler.Tip \(api.go:44:\d+\) is fresh on every attempt \(HTTP handler Handler.Tip, wired here\)`,
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in app.Service.Collect \(app.go:53:\d+\) is fresh on every attempt \(HTTP handler Handler.Collect, wired here\)`,
			`a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) in app.Service.CollectLoose \(app.go:63:\d+\) is fresh on every attempt \(HTTP handler Handler.CollectLoose, wired here\)`,
		},
		// A gorm repository's check and record of an event, both on
		// the database, around the transaction of the effect; the
		// service reaches them from a table of its own methods. A
		// listing reserved on the database before the sale's
		// transaction, at a price a fee policy computes.
		"example.com/wiredinbound/cmd/server/main.go:21": {
			`a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(processed_events on a handle that commits each statement, the effect on a transaction; processed_events in store.processed.Record \(store.go:47:\d+\), HTTP handler Handler.Webhook, wired here\)`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction: the UPDATE into listings in store.listings.Reserve \(store.go:104:\d+\) first \(HTTP handler Shop.Buy, wired here\)`,
			`a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(processed_events on a handle that commits each statement, the effect on a transaction; processed_events in store.processed.Exists \(store.go:42:\d+\), HTTP handler Handler.Webhook, wired here\)`,
		},
		// A table of an interface's method values and a method of the
		// consumer's own, behind a check and a record of the event.
		"example.com/wiredinbound/cmd/server/main.go:37": {
			`a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(processed_events on a handle that commits each statement, the effect on a handle that commits each statement; processed_events in ledger.Inbox.Mark \(ledger.go:43:\d+\), HTTP handler Consumer.Webhook, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into ledger in ledger.Ledger.Credit \(ledger.go:17:\d+\) is not idempotent \(HTTP handler Consumer.Webhook, wired here\)`,
			`a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(processed_events on a handle that commits each statement, the effect on a handle that commits each statement; processed_events in ledger.Inbox.Seen \(ledger.go:38:\d+\), HTTP handler Consumer.Webhook, wired here\)`,
		},
		// A time read per attempt in the arguments of a job another
		// package declares unique by them.
		"example.com/wiredjobs/cmd/worker/main.go:15": {
			`a retry sends a new value as the job's unique argument RequestedAt, so the duplicate is not recognised: time.Now\(\) in reminders.Sweeper.Run \(reminders.go:20:\d+\) is fresh on every attempt \(river worker SweepWorker.Work, wired here\)`,
		},
		// An ID generator held in a field the composition root fills
		// with a fresh one, or hands a constructor in a variable, or a
		// constructor fills from a package the root does not import, or
		// with the method of a source of IDs; the one it fills with a
		// hash is not, nor one that names a shelf, nor the method of a
		// source pinned to one ID.
		"example.com/wiredidgen/cmd/server/main.go:20": {
			`a retry inserts a second holds row with a new id: NewID\(\) in holds.Returns.Return \(holds.go:90:\d+\) is fresh on every attempt \(HTTP handler Handler.Return, wired here\)`,
			`a retry inserts a second holds row with a new id: NewID\(\) in holds.Service.Place \(holds.go:28:\d+\) is fresh on every attempt \(HTTP handler Handler.Place, wired here\)`,
			`a retry inserts a second holds row with a new id: newID\(\) in holds.Transfers.Transfer \(holds.go:73:\d+\) is fresh on every attempt \(HTTP handler Handler.Transfer, wired here\)`,
			`a retry inserts a second holds row with a new id: newID\(\) in holds.Waitlist.Join \(holds.go:56:\d+\) is fresh on every attempt \(HTTP handler Handler.Join, wired here\)`,
		},
		// A fresh row in a unit of work that also inserts a row under
		// the partner's transfer ID, with no conflict handling: the
		// retry fails there and rolls the fresh row back. Not when the
		// transfer's INSERT ignores a repeat. An event queued only when
		// the upsert says it inserted the gift (xmax = 0).
		// A store that embeds the generic repository of its row type:
		// its Create is the repository's, on the store's type argument.
		"example.com/wiredembedrepo/cmd/server/main.go:17": {
			`a retry creates a second Visit with a new ID: uuid.NewString\(\) in app.Handler.Visit \(app.go:40:\d+\) is fresh on every attempt \(HTTP handler Handler.Visit, wired here\)`,
			`a retry inserts the row for the same client_request_id again, which fails or duplicates it: the INSERT into holds in repo.Repository.Create \(repo.go:19:\d+\) has no conflict handling for the caller-known client_request_id \(HTTP handler Handler.Hold, wired here\)`,
		},
		// A note past a test of the pickup's status whose wired write
		// sets the status tested, whether a fresh row or one under the
		// pickup's ID: not when it sets another, or none.
		// A move a unit of work inserts under the caller's reference,
		// past a lookup by that reference that leaves when it finds one,
		// also one the callback builds from the reference it captures:
		// not when nothing looks first.
		// An event queued in a unit of work that inserts the gift's lot
		// under the gift's ID, read back by the ID the request gives,
		// before or after it: not when the lot's INSERT ignores a repeat.
		"example.com/wiredrollback/cmd/server/main.go:22": {
			`a retry inserts a second driver_notes row with a new id: uuid.NewString\(\) in dispatch.Service.Hold \(dispatch.go:113:\d+\) is fresh on every attempt \(HTTP handler Handler.PostHold, wired here\)`,
			`a retry inserts a second driver_notes row with a new id: uuid.NewString\(\) in dispatch.Service.Reopen \(dispatch.go:90:\d+\) is fresh on every attempt \(HTTP handler Handler.PostReopen, wired here\)`,
			`a retry inserts a second lot_events row with a new id: uuid.NewString\(\) in store.EventStore.Enqueue \(lots.go:68:\d+\) is fresh on every attempt \(HTTP handler Handler.PostNote, wired here\)`,
			`a retry inserts a second rescue_animals row with a new id: uuid.NewString\(\) in intake.Service.ReceiveQuietly \(intake.go:54:\d+\) is fresh on every attempt \(HTTP handler Handler.PostTransferQuietly, wired here\)`,
			`a retry inserts a second shelter_outbox row with a new id: uuid.NewString\(\) in store.OutboxRepo.Enqueue \(store.go:67:\d+\) is fresh on every attempt \(HTTP handler Handler.PostDonationAny, wired here\)`,
			`a retry inserts the row for the same \(partner_id, partner_transfer_id\) again, which fails or duplicates it: the INSERT into intake_transfers in store.TransferRepo.Insert \(store.go:46:\d+\) has no conflict handling for the caller-known \(partner_id, partner_transfer_id\) \(HTTP handler Handler.PostTransfer, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into driver_notes in store.NoteRepo.Insert \(pickups.go:53:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.PostRemind, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into seed_lots in store.LotStore.InsertFromGift \(lots.go:55:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.PostReceive, wired here\)`,
			`a retry inserts the row for the same reference again, which fails or duplicates it: the INSERT into lot_moves in store.MoveStore.Create \(lots.go:88:\d+\) has no conflict handling for the caller-known reference \(HTTP handler Handler.PostMoveBlind, wired here\)`,
		},
		// A refund made fresh in the work a unit of work runs after a
		// claim: past the claim when the runner runs it once, not when
		// it runs it again after a failure. A receipt past a claim
		// whose rows affected are compared with the rows asked for. A
		// credit a table's handler makes past the claim of its caller. A
		// delivery's record whose failure is only logged fails no retry.
		// Points a helper awards past its caller's claim.
		"example.com/wiredworkclaim/cmd/server/main.go:14": {
			// A claim of the event's ID by what it does, apart from the
			// points it lets run: keytx's.
			`a crash between the two commits records the key without its effect.* \(applied_events on a handle that commits each statement, the effect on a handle that commits each statement; applied_events in store.Events.Claim \(store.go:\d+:\d+\), HTTP handler Handler.Award, wired here\)`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into receipts in store.Receipts.Issue \(store.go:110:\d+\) is not idempotent \(HTTP handler Handler.Pay, wired here\)`,
			`a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into refunds in store.Refunds.Create \(store.go:86:\d+\) is not idempotent \(HTTP handler Handler.Cancel, wired here\)`,
			`a retry inserts a second credits row with a new id: uuid.NewString\(\) in events.Applier.onPaid \(events.go:46:\d+\) is fresh on every attempt \(HTTP handler Handler.ApplyLoose, wired here\)`,
			`a retry inserts a second points row with a new id: uuid.NewString\(\) in store.Points.Award \(store.go:150:\d+\) is fresh on every attempt \(HTTP handler Handler.AwardLoose, wired here\)`,
			`a retry inserts a second receipts row with a new id: uuid.NewString\(\) in store.Receipts.Issue \(store.go:108:\d+\) is fresh on every attempt \(HTTP handler Handler.PayAnyway, wired here\)`,
			`a retry inserts a second refunds row with a new id: uuid.NewString\(\) in store.Refunds.Create \(store.go:85:\d+\) is fresh on every attempt \(HTTP handler Handler.CancelLoose, wired here\)`,
			`a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into deliveries in store.Deliveries.Record \(store.go:141:\d+\) has no conflict handling for the caller-known id \(HTTP handler Handler.ReceiveStrict, wired here\)`,
		},
		// Writes through the context's handle in a command handler a
		// transactional decorator wraps where it is wired commit
		// together; those of one it does not wrap do not.
		"example.com/wiredtxdecor/cmd/server/main.go:14": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of sessions \(it computes from the current value\) in store.Seats.Take \(store.go:44:\d+\) is not idempotent \(HTTP handler Handler.Hold, wired here\)`,
		},
		// Statements a generic store's helper runs on what the context
		// chooses: the database on a request's context.
		"example.com/wiredgenstore/cmd/server/main.go:14": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in store.Accounts.Debit \(store.go:35:\d+\) is not idempotent \(HTTP handler Handler.Transfer, wired here\)`,
		},
		// A task named by a reminder's ID that the store's upsert
		// scans back over the new one: not the notice's, whose upsert
		// returns its status only. A run's row whose outcome a deferred
		// literal writes with the attempt's error: not one that nothing
		// finishes with the outcome.
		"example.com/wiredreread/cmd/server/main.go:20": {
			`a retry inserts a second recon_runs row with a new id: uuid.New\(\) in recon.Service.Rerun \(recon.go:53:\d+\) is fresh on every attempt \(HTTP handler Handler.PostRerun, wired here\)`,
		},
		"example.com/wiredreread/cmd/server/main.go:21": {
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into recon_runs in store.Runs.Start \(store.go:42:\d+\) is not idempotent \(HTTP handler Handler.PostRerun, wired here\)`,
			`a retry sends a new value as the job's unique ID, so the duplicate is not recognised: uuid.New\(\) in api.Handler.PostNoticeNow \(api.go:51:\d+\) is fresh on every attempt \(HTTP handler Handler.PostNoticeNow, wired here\)`,
			`a retry sends a new value as the job's unique ID, so the duplicate is not recognised: uuid.New\(\) in reminders.Service.ScheduleNotice \(reminders.go:58:\d+\) is fresh on every attempt \(HTTP handler Handler.PostNotice, wired here\)`,
		},
		// sqlx's named parameters in a store that imports no driver:
		// main's driver tells the dialect.
		// bun's insert on a database of the MySQL dialect beside it.
		"example.com/wirednamed/cmd/server/main.go:19": {
			`a retry inserts the row for the same lot_ref again, which fails or duplicates it: the INSERT into lot_receipts in store.Receipts.Add \(store.go:\d+:\d+\) has no conflict handling for the caller-known lot_ref \(HTTP handler Handler.PostReceipt, wired here\); add ON DUPLICATE KEY UPDATE lot_ref = lot_ref and handle the existing row`,
			`a retry inserts the row for the same message_id again, which fails or duplicates it: the INSERT into partner_acks in store.Acks.Insert \(store.go:23:\d+\) has no conflict handling for the caller-known message_id \(HTTP handler Handler.PostAck, wired here\); add ON DUPLICATE KEY UPDATE message_id = message_id and handle the existing row`,
		},
		// A service's storage declared as interface literals in its
		// fields.
		// A webhook's event recorded on the pool, by what the
		// statement does (its table is named for no key), before the
		// transaction of the runner main wires: not when it is recorded
		// in that transaction, nor when it is deleted on failure, nor a
		// hold after a log of the delivery.
		// A job's mark checked by a count and set by an upsert of when,
		// on the pool, around the unit of work of a store that keeps the
		// pool beside its transaction to begin the next one; a cursor's
		// position moved after the work is a write apart, no mark.
		"example.com/wiredmarker/cmd/worker/main.go:18": {
			`a crash between the two commits leaves the effect without its key.* \(job_marks on a handle that commits each statement, the effect on a transaction; job_marks in store.markers.Mark \(store.go:\d+:\d+\), asynq handler Handlers.Capture, wired here\)`,
			`a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of deposits \(it computes from the current value\) in store.deposits.Capture \(store.go:\d+:\d+\) is not idempotent \(asynq handler Handlers.Follow, wired here\)`,
			// A partner's update inserted under the partner a lookup through
			// the store's accessor returned, by the value the path gives.
			`a retry inserts the row for the same \(partner_id, event_id\) again, which fails or duplicates it: the INSERT into marker_partner_updates in store.updates.Insert \(store.go:\d+:\d+\) has no conflict handling for the caller-known \(partner_id, event_id\) \(HTTP handler Webhooks.Update, wired here\)`,
			// A dispute stored through a struct without a name that main
			// makes of two stores, each with half of the methods.
			`a retry inserts the row for the same \(statement_id, dispute_ref\) again, which fails or duplicates it: the INSERT into marker_disputes in store.Opener.Open \(store.go:\d+:\d+\) has no conflict handling for the caller-known \(statement_id, dispute_ref\) \(HTTP handler Webhooks.Dispute, wired here\)`,
			`a retry that arrives while the first attempt runs passes the same check.* \(job_marks on a handle that commits each statement, the effect on a transaction; job_marks in store.markers.Done \(store.go:\d+:\d+\), asynq handler Handlers.Capture, wired here\)`,
		},
		"example.com/wiredwebhook/cmd/server/main.go:17": {
			`a crash between the two commits records the key without its effect.* \(provider_events on a handle that commits each statement, the effect on a transaction; provider_events in store.Events.Record \(store.go:\d+:\d+\), HTTP handler Handler.Settled, wired here\)`,
		},
		"example.com/wiredinline/cmd/server/main.go:14": {
			`a retry inserts a second inline_orders row with a new id: uuid.NewString\(\) in api.Service.PostOrder \(api.go:33:\d+\) is fresh on every attempt \(HTTP handler Service.PostOrder, wired here\)`,
			`a retry inserts the row for the same event_id again, which fails or duplicates it: the INSERT into inline_events in store.Events.Record \(store.go:23:\d+\) has no conflict handling for the caller-known event_id \(HTTP handler Service.PostEvent, wired here\)`,
		},
		"example.com/cqrs/cmd/server/main.go:15": {
			`a retry inserts a second orders row with a new id: uuid.NewString\(\) in ports.Server.PlaceOrder \(http.go:16:\d+\) is fresh on every attempt \(HTTP handler Server.PlaceOrder, wired here\)`,
		},
	}
	if len(got) != len(wantAt) {
		t.Errorf("one package at a time: findings at %d lines, want %d: %q", len(got), len(wantAt), got)
	}

	for at, res := range wantAt {
		msgs := got[at]
		slices.Sort(msgs)
		if len(msgs) != len(res) {
			t.Errorf("one package at a time: %s: got %q, want %d findings", at, msgs, len(res))
			continue
		}
		for i, re := range res {
			if !regexp.MustCompile(re).MatchString(msgs[i]) {
				t.Errorf("one package at a time: %s: got %q, want a match of %q", at, msgs[i], re)
			}
		}
	}
}

// analyze runs the checks with cfg over pkgs.
func analyze(t *testing.T, cfg *config.Config, pkgs []*packages.Package) *checker.Graph {
	t.Helper()
	graph, err := checker.Analyze(idemlint.New(cfg), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
	}
	return graph
}

// findings returns the messages of the graph's findings by
// "path/file.go:line" relative to src.
func findings(graph *checker.Graph, src string) map[string][]string {
	got := map[string][]string{} // "path/file.go:line" -> messages
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			rel, _ := filepath.Rel(src, p.Filename)
			key := filepath.ToSlash(rel) + ":" + strconv.Itoa(p.Line)
			if !slices.Contains(got[key], d.Message) {
				got[key] = append(got[key], d.Message)
			}
		}
	}
	return got
}

var (
	wantComment = regexp.MustCompile("// want (`[^`]*`(?: `[^`]*`)*)")
	wantPattern = regexp.MustCompile("`([^`]*)`")
)

// wantComments reads the // want `regexp` ... comments of the Go files
// of the package trees under src, by "path/file.go:line" relative to
// src: one regexp per finding of the line, in the order of the
// findings' sorted messages.
func wantComments(t *testing.T, src string, trees ...string) map[string][]*regexp.Regexp {
	t.Helper()
	out := map[string][]*regexp.Regexp{}
	for _, tree := range trees {
		err := filepath.WalkDir(filepath.Join(src, filepath.FromSlash(tree)), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, path)
			for i, line := range strings.Split(string(data), "\n") {
				if m := wantComment.FindStringSubmatch(line); m != nil {
					key := filepath.ToSlash(rel) + ":" + strconv.Itoa(i+1)
					for _, p := range wantPattern.FindAllStringSubmatch(m[1], -1) {
						out[key] = append(out[key], regexp.MustCompile(p[1]))
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) == 0 {
		t.Fatal("no // want comments: the test would pass vacuously")
	}
	return out
}

// relates reports whether the finding whose message names root has a
// related position whose message is text.
func relates(graph *checker.Graph, root, text string) bool {
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			if !strings.Contains(d.Message, root) {
				continue
			}
			for _, r := range d.Related {
				if r.Message == text {
					return true
				}
			}
		}
	}
	return false
}

// relatedAt returns where the related information of the finding whose
// message names root, and whose text begins with prefix, points:
// "dir/file.go:line", or "".
func relatedAt(graph *checker.Graph, root, prefix string) string {
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			if !strings.Contains(d.Message, root) {
				continue
			}
			for _, r := range d.Related {
				if strings.HasPrefix(r.Message, prefix) {
					p := act.Package.Fset.Position(r.Pos)
					return filepath.Base(filepath.Dir(p.Filename)) + "/" + filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
				}
			}
		}
	}
	return ""
}

// editsFile reports whether the first fix of the finding whose message
// names root edits a file whose path ends in suffix.
func editsFile(graph *checker.Graph, root, suffix string) bool {
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			if !strings.Contains(d.Message, root) || len(d.SuggestedFixes) == 0 {
				continue
			}
			for _, e := range d.SuggestedFixes[0].TextEdits {
				if strings.HasSuffix(act.Package.Fset.File(e.Pos).Name(), suffix) {
					return true
				}
			}
		}
	}
	return false
}

// fixedCopy copies testdata/src into a new GOPATH and writes the golden
// files of the packages under module there over their sources: the
// program with its fixes applied.
func fixedCopy(t *testing.T, module string) string {
	t.Helper()
	gopath := t.TempDir()
	if err := os.CopyFS(filepath.Join(gopath, "src"), os.DirFS(filepath.Join("testdata", "src"))); err != nil {
		t.Fatal(err)
	}
	fixed := 0
	err := filepath.WalkDir(filepath.Join(gopath, "src", module), func(path string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".go.golden") {
			return err
		}
		data, err := os.ReadFile(path)
		if err == nil {
			fixed++
			err = os.WriteFile(strings.TrimSuffix(path, ".golden"), data, 0o644)
		}
		return err
	})
	if err != nil || fixed == 0 {
		t.Fatalf("no golden files applied: %v", err)
	}
	return gopath
}

// TestIntentFixesConverge applies the fixes of example.com/wiredintent
// and analyses the fixed program again: a key derived from the ID of
// the co-pay the store claims for the trip is the same on every
// attempt, so the charges it keys are no findings any more.
func TestIntentFixesConverge(t *testing.T) {
	gopath := fixedCopy(t, "example.com/wiredintent")
	cfg := config.Default()
	cfg.WholeProgram = true
	pkgs := checktest.Load(t, gopath, false, "example.com/wiredintent/...")
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the fixed program does not type-check")
	}
	for _, act := range analyze(t, cfg, pkgs).Roots {
		for _, d := range act.Diagnostics {
			if act.Analyzer.Name != "freshid" {
				continue
			}
			if strings.Contains(d.Message, "Handler.Collect)") || strings.Contains(d.Message, "Handler.Tip)") {
				t.Errorf("after the fixes: %s: %s", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
}

// TestHookFixesConverge applies the fixes of example.com/wiredmodelhook
// (its golden files) and analyses the fixed program again: the booking
// whose ID its create hook made is given one derived from the request's
// key before the write, which the hook keeps, so freshid no longer
// reports it; the insert of that caller-known ID without conflict
// handling is naturalkey's, as the keyed booking's already was.
func TestHookFixesConverge(t *testing.T) {
	gopath := fixedCopy(t, "example.com/wiredmodelhook")
	cfg := config.Default()
	cfg.WholeProgram = true
	pkgs := checktest.Load(t, gopath, false, "example.com/wiredmodelhook/...")
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the fixed program does not type-check")
	}
	graph := analyze(t, cfg, pkgs)
	keyed := 0
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			switch act.Analyzer.Name {
			case "freshid":
				t.Errorf("after the fixes, a fresh ID: %s: %s", act.Package.Fset.Position(d.Pos), d.Message)
			case "naturalkey":
				if strings.Contains(d.Message, "Handler.Book)") {
					keyed++
				}
			}
		}
	}
	if keyed != 1 {
		t.Errorf("after the fixes, %d naturalkey findings of Handler.Book, want 1", keyed)
	}
}

// TestAccessorFixesConverge applies the fixes of example.com/wiredreqctx
// (its golden files) and analyses the fixed program again: the refund's
// ID, derived from the key that the program's middleware puts in the
// context and its own accessor reads, is no fresh value any more; and
// the INSERT of that caller-known ID absorbs a repeat (the conflict
// clause the fix added), so naturalkey finds nothing there either. The
// values no fix could derive stay.
func TestAccessorFixesConverge(t *testing.T) {
	gopath := fixedCopy(t, "example.com/wiredreqctx")
	cfg := config.Default()
	cfg.WholeProgram = true
	pkgs := checktest.Load(t, gopath, false, "example.com/wiredreqctx/...")
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the fixed program does not type-check")
	}
	graph := analyze(t, cfg, pkgs)
	fresh, keyed := 0, 0
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			switch act.Analyzer.Name {
			case "freshid":
				fresh++
				if strings.Contains(d.Message, "CreateRefund") {
					t.Errorf("after the fixes, a fresh ID: %s: %s", act.Package.Fset.Position(d.Pos), d.Message)
				}
			case "naturalkey":
				if strings.Contains(d.Message, "Service.CreateRefund)") {
					keyed++
				}
			}
		}
	}
	if fresh != 2 || keyed != 0 {
		t.Errorf("after the fixes, %d freshid findings and %d naturalkey findings of CreateRefund, want 2 and 0", fresh, keyed)
	}
}

// TestWiredFixesConverge applies the fixes of example.com/wiredctx (its
// golden files) and analyses the fixed program again: a value derived
// from the key a root puts in the context, and a slot or field filled
// with it, are no findings any more, so a second -fix changes nothing.
// The findings that carried no fix stay.
func TestWiredFixesConverge(t *testing.T) {
	gopath := fixedCopy(t, "example.com/wiredctx")
	cfg := config.Default()
	cfg.WholeProgram = true
	pkgs := checktest.Load(t, gopath, false, "example.com/wiredctx/...")
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the fixed program does not type-check")
	}
	graph := analyze(t, cfg, pkgs)
	var got []string
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			if act.Analyzer.Name == "freshid" || act.Analyzer.Name == "missingkey" {
				got = append(got, act.Package.Fset.Position(d.Pos).String()+": "+d.Message)
				if len(d.SuggestedFixes) > 0 {
					t.Errorf("after the fixes, a finding with a fix again: %s: %s", act.Package.Fset.Position(d.Pos), d.Message)
				}
			}
		}
	}
	// Those without a fix: in a loop (the handler's, a callback's made
	// per line, a consumer's per line of a message),
	// in a package the handler's imports, a note nobody can key, and a
	// helper that makes a context of its own, and an adapter that runs
	// another handler that makes the same call once per item, and a call
	// with options made per item. (The task that an adapter calls in two
	// places reads the task's ID from the context asynq gives it.)
	for _, root := range []string{"Handler.Bulk", "Handler.Note", "Handler.PayEach", "Handler.RemindAll", "Handler.ArchiveEach", "Queue.handle", "Handler.Resend", "Tasks.again", "API.VoidAll"} {
		if !slices.ContainsFunc(got, func(s string) bool {
			return strings.Contains(s, "("+root+")") || strings.Contains(s, root+";") || strings.Contains(s, "HTTP handler "+root) || strings.Contains(s, " "+root+")")
		}) {
			t.Errorf("the finding of %s, which had no fix, is gone after the fixes", root)
		}
	}
	if len(got) != 9 {
		t.Errorf("after the fixes, %d freshid and missingkey findings, want the 9 that had no fix:\n%s", len(got), strings.Join(got, "\n"))
	}
}

// TestAbsorbFixesTypeCheck applies the fixes of example.com/wiredfresh,
// whose store's gorm Create and SQL INSERTs gain the conflict clauses
// that absorb a derived identity's repeat, and type-checks the result.
func TestAbsorbFixesTypeCheck(t *testing.T) {
	gopath := fixedCopy(t, "example.com/wiredfresh")
	pkgs := checktest.Load(t, gopath, false, "example.com/wiredfresh/...")
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the fixed program does not type-check")
	}
}
