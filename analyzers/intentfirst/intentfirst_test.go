package intentfirst_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/intentfirst"
	"github.com/idemlint/idemlint/internal/fixtest"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

// TestIntentFirst runs the check once over the packages without a
// golden file.
func TestIntentFirst(t *testing.T) {
	analysistest.Run(t, testdata, intentfirst.Analyzer,
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
	)
}

// TestFixes applies the suggested fixes and compares with the golden files.
func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, intentfirst.Analyzer, "intentfirst/fixes", "intentfirst/fixself"))
}
