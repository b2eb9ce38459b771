package partialtx_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/partialtx"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

func TestPartialTx(t *testing.T) {
	analysistest.Run(t, testdata, partialtx.Analyzer, "partialtx/a")
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, partialtx.Analyzer, "partialtx/fixes")
}
