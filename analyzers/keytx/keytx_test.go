package keytx_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/keytx"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

func TestKeyTx(t *testing.T) {
	analysistest.Run(t, testdata, keytx.Analyzer, "keytx/a")
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, keytx.Analyzer, "keytx/fixes")
}

// TestHelperElsewhere checks a transaction helper of another package.
func TestHelperElsewhere(t *testing.T) {
	analysistest.Run(t, testdata, keytx.Analyzer, "keytx/xtx", "keytx/xuse")
}
