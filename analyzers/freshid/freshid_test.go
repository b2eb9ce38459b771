package freshid_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/idemlint/idemlint/analyzers/freshid"
	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/fixtest"
	"github.com/idemlint/idemlint/passes"
)

// testdata is the repository's shared tree of test packages.
var testdata, _ = filepath.Abs("../../testdata")

// TestFreshID runs the check once over all its packages, since loading
// them together type-checks the libraries they share once, and compares
// the fixes of those with golden files. The configuration names the migrations of freshid/schema, whose tables
// no other package writes.
func TestFreshID(t *testing.T) {
	cfg := &config.Config{
		Schema: []string{"migrations"},
		Sinks: []config.Sink{
			{Type: "freshid/sinks.Envelope", Field: "Dedup", What: "the envelope's dedup key"},
			// The message IDs of a program whose consumers deduplicate
			// on them (no default sink: see TestMessageIDs).
			{Type: "github.com/rabbitmq/amqp091-go.Publishing", Field: "MessageId", What: "the published message's ID"},
			{Func: "github.com/ThreeDotsLabs/watermill/message.NewMessage", Arg: 0, What: "the published message's ID"},
		},
	}
	if err := cfg.ReadSchema(filepath.Join(testdata, "src", "freshid", "schema")); err != nil {
		t.Fatal(err)
	}
	results := checktest.Run(t, testdata, freshid.New(passes.New(cfg)),
		"freshid/basic",
		// Rows a repository of another package inserts by reflection
		// on their tags, with a conflict clause its options add.
		"freshid/tagrows",
		// A consumer's table copied, wrapped, from one a method
		// returns.
		"freshid/tablecopy",
		// ID functions of another package held in fields.
		"freshid/xids", "freshid/heldx",
		// A fresh key in the option that sets a client's key.
		"freshid/xoptclient", "freshid/xoptcall",
		"freshid/roots",
		// A row under a fresh ID that the request's key, stored after
		// it, rolls back on a repeat.
		"freshid/keyafter",
		// A consumer of another package that keeps the handler its
		// route table holds in a variable a retry closure calls.
		"freshid/xroutevar", "freshid/xroutevaruse",
		// Models another package's repository inserts, one of them
		// under a key of the table its caller fills.
		"freshid/xmodelrepo", "freshid/xmodelrepouse",
		// Methods of a gRPC service whose descriptor another package's
		// generic helper builds, bound through the service's interface.
		"freshid/xgrpcdesc", "freshid/xgrpcdescuse",
		// A consumer loop of another package given its handler.
		"freshid/xloopuse", "freshid/xrouter", "freshid/xrouteruse",
		// A runner of another package whose helper calls, in a retry
		// loop of its own, the handler a route holds.
		"freshid/xrunneruse",
		// A router of another package given, in a loop over a map
		// literal, the functions of a struct's fields that a third
		// package fills.
		"freshid/xevuse",
		// Handlers of one package registered from a table by another.
		"freshid/xwire",
		// Handlers of one package kept in a set, which a table of
		// another lists for the routes a dispatcher of a third runs.
		"freshid/xdispatchset", "freshid/xdispatchtable",
		// A table of handlers adapted by a generic decoder, for a
		// runner of another package whose consumer calls what a
		// parameter of its handler type gives it.
		"freshid/xjsroutes",
		// Handlers registered with a generic dispatcher of another
		// package whose Dispatch a consumer loop here calls.
		"freshid/xeventsuse",
		// Methods of another package bound where a generic adapter
		// makes each a handler: a fresh value in the method's body.
		"freshid/xsettleuse",
		// Models inserted through the package's generic helper, under
		// keys the schema declares.
		"freshid/gormgeneric",
		// Models whose gorm create hook makes their ID.
		"freshid/gormhooks", "freshid/xhookuse",
		// A key an option of another package's constructor sets in the
		// struct it returns, which a client sends.
		"freshid/xmsguse",
		// A key an option of the package's own sets in the options its
		// builder copies into the request a client sends.
		"freshid/xoptbuilduse",
		"freshid/sinks", "freshid/xjobargs", "freshid/xjobsuse", "freshid/xjobsworker",
		// bun's models.
		"freshid/bunsink",
		// ent's generated builders.
		"freshid/entsink",
		// Findings that need facts of another package.
		"freshid/xstore", "freshid/xpublish", "freshid/xclient", "freshid/xapi",
		// A package whose only fresh source is random bytes.
		"freshid/xtokensuse",
		// A reference another package makes from the clock.
		"freshid/xclockuse",
		// References a client encodes in the bodies it sends: made in
		// its retry closure, or by the caller of a client that sends
		// the caller's struct whole.
		"freshid/xpbm", "freshid/xpbmuse",
		// A claim whose row a repeat finds missing stops it by its error.
		"freshid/xclaimsuse",
		// A package's function that claims the caller's key before it
		// calls a third package's function that inserts a fresh row.
		"freshid/xwithdrawuse",
		// Work a runner of another package runs only when its claim of
		// the caller's key is new, made here and in a service of a third.
		"freshid/xclaimrunuse",
		"freshid/negatives",
		// Helpers that hand SQL text and arguments to an executor, in the
		// package and in another.
		"freshid/forward", "freshid/xforward", "freshid/xforwardapi",
		// squirrel's builders.
		"freshid/squirrel",
		// Prepared statements.
		"freshid/prepared",
		// Tests of stored state that a retry stops at.
		"freshid/stateguards",
		// S3 object keys.
		"freshid/objects",
		// Temporal workflow IDs.
		"freshid/workflows",
		// MongoDB documents.
		"freshid/mongodocs",
		// Records of delivery attempts.
		"freshid/attempts",
		// A package whose test files declare variables and handlers:
		// tests are neither roots nor reported.
		"freshid/withtests",
		// Identities read from the package's migrations.
		"freshid/schema",
		// The packages with golden files, whose fixes Golden compares.
		"freshid/fixes", "freshid/ctxkeys", "freshid/ctxalias",
		// A key the package's middleware puts in the context, which
		// its accessor reads (read from net/http's and fiber's
		// requests).
		"freshid/ctxaccess", "freshid/ctxfiber",
	)
	fixtest.Golden(t, results,
		"freshid/fixes", "freshid/ctxkeys", "freshid/ctxalias", "freshid/xdispatchset", "freshid/gormhooks", "freshid/xhookuse", "freshid/ctxaccess", "freshid/ctxfiber")
	fixtest.Gofmt(t, results)
	checktest.Placed(t, results)
	fixtest.Remedied(t, results, regexp.MustCompile(`; (derive it from|store the operation's key|make it once, before the retries|the hook replaces an ID set before the write|set \w+ before this write)|needs a reason`))
}

// TestMessageIDs: neither RabbitMQ nor watermill's brokers deduplicate
// on a published message's ID, so by default a fresh one is no finding:
// the consumers that would make it an identity are not in the
// publisher's package.
func TestMessageIDs(t *testing.T) {
	checktest.Run(t, testdata, freshid.New(passes.New(config.Default())), "freshid/msgids")
}
