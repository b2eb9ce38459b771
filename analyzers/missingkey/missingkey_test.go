package missingkey_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/idemlint/idemlint/analyzers/missingkey"
	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/fixtest"
	"github.com/idemlint/idemlint/passes"
)

// testdata is the repository's shared tree of test packages.
var testdata, _ = filepath.Abs("../../testdata")

// TestMissingKey runs the check once over all its packages, since
// loading them together type-checks the libraries they share once, and
// compares the fixes of those with golden files. The configuration adds the root and the externals of
// missingkey/configured, which no other package calls.
func TestMissingKey(t *testing.T) {
	one := 1
	cfg := &config.Config{
		Roots: []string{"missingkey/configured.nightly"},
		Externals: []config.External{
			{Func: "(*example.com/carrier.Client).Book", What: "carrier booking", KeyArg: &one, KeyField: "Reference"},
			{Func: "(*example.com/carrier.Client).Cancel", What: "carrier cancellation"},
		},
	}
	results := checktest.Run(t, testdata, missingkey.New(passes.New(cfg)),
		"missingkey/a",
		// A call without a key in another package's helper.
		"missingkey/xpay", "missingkey/xpost", "missingkey/xmail", "missingkey/xapi", "missingkey/xjsonopts", "missingkey/xjsonoptsuse", "missingkey/xjsonoptsapi",
		// A helper that posts to the address its caller gives: the
		// program's own routes are no effect.
		"missingkey/xhttp", "missingkey/xui",
		// A request described to another package's sender, as a struct
		// of its method, address and headers.
		"missingkey/xsenduse",
		// A client whose key only an option sets, and its callers.
		"missingkey/xretry", "missingkey/xbureau", "missingkey/xcredit",
		// A Stripe wrapper whose options a helper collects into a
		// config that applies itself to the params.
		"missingkey/xstripecall",
		// A client that keeps the options a helper collects in a
		// variable and hands them by value to the helper that posts.
		"missingkey/xpayoptsuse",
		// A client that copies its caller's reference into a body
		// literal a sender of another package encodes.
		"missingkey/xtextlineuse",
		// An activity registered by a worker of another package: the
		// root is found where it is registered.
		"missingkey/xact", "missingkey/xworker",
		// A notification library's call, which its own HTTP helper makes.
		"missingkey/xmailgun",
		// A request a builder of the package makes from its options,
		// none of which sets the field the client keys the call by.
		"missingkey/xbuildpay",
		// A client whose package names no key, whose provider takes
		// none, beside a webhook sender and a client that names one.
		"missingkey/xnokey", "missingkey/xkeyfield",
		// A client whose methods hand their request to a helper that
		// encodes it, and callers whose helpers copy a literal into a
		// variable and set more of its fields.
		"missingkey/xenvelopeuse",
		// A client whose options fill a config handed by value to the
		// helper that sends, and an adapter whose helper makes the key
		// option from its caller's field.
		"missingkey/xcarduse",
		// A request struct that embeds the call's options, which a
		// helper applies to the params only when they carry a key.
		"missingkey/xstripereqcall",
		// A create a generic retry helper runs in a closure.
		"missingkey/xstripegen", "missingkey/xstripegenuse",
		// Activities a table of their package names, registered there.
		"missingkey/xactself",
		// Requests a shared builder makes and applies options to:
		// what the options set decides the slot, and a client whose
		// other requests take the key from their callers' options
		// makes one with none on an endpoint that takes none.
		"missingkey/xprintpost", "missingkey/xrelay",
		// A client whose create calls hand the struct their options
		// are collected into to a helper that sends, with the key
		// header set in the closure a retry wrapper runs.
		"missingkey/xdooptsuse",
		// A client that puts its caller's reference in the map it
		// encodes, when there is one, and resends the request itself.
		"missingkey/xmapref", "missingkey/xmaprefuse",
		// A Stripe client whose generic helper hands its closure to the
		// program's own retry helper of another package, and a helper
		// that sets the key from a parameter of its own, given a field
		// of the options the caller collects, or the caller's key.
		"missingkey/xretrypolicy", "missingkey/xstripepolicy", "missingkey/xstripepolicyuse",
		"missingkey/xcheckopts", "missingkey/xcheckoptsuse",
		// A client that describes each request in a struct a helper
		// sends, with the key in a field of it.
		"missingkey/xreqdesc", "missingkey/xreqdescuse",
		// A mail house's client whose body carries the reference only
		// an option sets, and a request key its caller gives, each
		// sent from a retry closure.
		"missingkey/xletters", "missingkey/xlettersuse",
		// A client whose every call goes through a helper that hands a
		// retry closure the send, with the address its caller joins.
		"missingkey/xretrydo", "missingkey/xretrydouse",
		// A client whose helper retries a shared JSON client's Do with
		// the request its caller describes.
		"missingkey/xjsonapi", "missingkey/xrelaysend", "missingkey/xrelaysenduse",
		// A client that hands a shared sender its headers as name and
		// value pairs, the key among them from an option or a
		// parameter.
		"missingkey/xpairhttp", "missingkey/xpairclient", "missingkey/xpairuse",
		// A client whose helper copies the caller's header map onto
		// each attempt of a retry closure.
		"missingkey/xhdrmap", "missingkey/xhdrmapuse",
		// Externals and roots from the configuration.
		"missingkey/configured",
		// The packages with golden files, whose fixes Golden compares.
		"missingkey/fixes",
	)
	fixtest.Golden(t, results,
		"missingkey/fixes", "missingkey/xcredit", "missingkey/xstripecall", "missingkey/xsenduse", "missingkey/xpayoptsuse", "missingkey/xstripereqcall", "missingkey/xdooptsuse", "missingkey/xmaprefuse", "missingkey/xcheckoptsuse")
	fixtest.Gofmt(t, results)
	checktest.Placed(t, results)
	fixtest.Remedied(t, results, regexp.MustCompile(`; (set .* from|pass .* with) .*, passed down to the call`))
}
