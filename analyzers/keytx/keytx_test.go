package keytx_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/keytx"
	"github.com/idemlint/idemlint/internal/fixtest"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

func TestKeyTx(t *testing.T) {
	analysistest.Run(t, testdata, keytx.Analyzer, "keytx/a")
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, keytx.Analyzer, "keytx/fixes"))
}

// TestHelperElsewhere checks a transaction helper of another package.
func TestHelperElsewhere(t *testing.T) {
	analysistest.Run(t, testdata, keytx.Analyzer, "keytx/xtx", "keytx/xuse")
}

// TestAcrossCalls checks keys and effects written through sqlc-generated
// queries and repository helpers of other packages, whose commit units
// the caller's handle decides.
func TestAcrossCalls(t *testing.T) {
	analysistest.Run(t, testdata, keytx.Analyzer, "keytx/xsqlc", "example.com/ordersdb", "example.com/ledgerdb", "example.com/ordersrepo")
}

// TestFixesAcrossCalls checks the fixes of findings whose key or effect
// runs in a callee: the transaction passed where the key's handle is
// chosen, or named as the receiver of the function's own key statement,
// and no fix where that would move other statements or not compile.
func TestFixesAcrossCalls(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, keytx.Analyzer, "keytx/xsqlcfix"))
}
