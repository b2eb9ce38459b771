package intentfirst_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/idemlint/idemlint/analyzers/intentfirst"
	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/fixtest"
)

// testdata is the repository's shared tree of test packages.
var testdata, _ = filepath.Abs("../../testdata")

// TestIntentFirst runs the check once over all its packages, and
// compares the fixes of those with golden files.
func TestIntentFirst(t *testing.T) {
	results := checktest.Run(t, testdata, intentfirst.Analyzer,
		"intentfirst/xstore", "intentfirst/a",
		// An external call made by a client of another package, whose
		// outcome the caller writes back.
		"intentfirst/xcarrier", "intentfirst/xworker",
		// Intents and write-backs through sqlc-generated queries, whose
		// handle the caller chooses.
		"intentfirst/xsqlc",
		// Temporal activities registered by another package, found by
		// their use of the activity API.
		"intentfirst/xactivity",
		// A client whose request a shared builder of another package
		// makes, with options of the client's own.
		"intentfirst/xreprint",
		// The packages with golden files, whose fixes Golden compares.
		"intentfirst/fixes", "intentfirst/fixself",
	)
	fixtest.Golden(t, results,
		"intentfirst/fixes", "intentfirst/fixself")
	fixtest.Gofmt(t, results)
	checktest.Placed(t, results)
	fixtest.Remedied(t, results, regexp.MustCompile(`; commit a record of the operation, with its ID in the call's key, before the call`))
}
