package intentfirst_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/intentfirst"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

func TestIntentFirst(t *testing.T) {
	analysistest.Run(t, testdata, intentfirst.Analyzer, "intentfirst/xstore", "intentfirst/a")
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, intentfirst.Analyzer, "intentfirst/fixes", "intentfirst/fixself")
}

// TestHelperElsewhere checks an external call made by a client of
// another package, whose outcome the caller writes back.
func TestHelperElsewhere(t *testing.T) {
	analysistest.Run(t, testdata, intentfirst.Analyzer, "intentfirst/xcarrier", "intentfirst/xworker")
}
