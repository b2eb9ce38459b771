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

func TestIntentFirst(t *testing.T) {
	analysistest.Run(t, testdata, intentfirst.Analyzer, "intentfirst/xstore", "intentfirst/a")
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, intentfirst.Analyzer, "intentfirst/fixes", "intentfirst/fixself"))
}

// TestHelperElsewhere checks an external call made by a client of
// another package, whose outcome the caller writes back.
func TestHelperElsewhere(t *testing.T) {
	analysistest.Run(t, testdata, intentfirst.Analyzer, "intentfirst/xcarrier", "intentfirst/xworker")
}

// TestSQLC checks intents and write-backs through sqlc-generated
// queries, whose handle the caller chooses.
func TestSQLC(t *testing.T) {
	analysistest.Run(t, testdata, intentfirst.Analyzer, "intentfirst/xsqlc")
}

// TestActivity checks Temporal activities registered by another
// package, found by their use of the activity API.
func TestActivity(t *testing.T) {
	analysistest.Run(t, testdata, intentfirst.Analyzer, "intentfirst/xactivity")
}
