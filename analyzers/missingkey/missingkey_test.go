package missingkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/missingkey"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

func TestMissingKey(t *testing.T) {
	analysistest.Run(t, testdata, missingkey.Analyzer, "missingkey/a")
}

// TestCrossPackage checks a call without a key in another package's helper.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata, missingkey.Analyzer, "missingkey/xpay", "missingkey/xapi")
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, missingkey.Analyzer, "missingkey/fixes")
}
