package keytx_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/keytx"
	"github.com/idemlint/idemlint/internal/fixtest"
)

// TestClaimFixes applies the fixes that turn a check-then-act into a
// claim, in the driver shapes and dialects they cover, and compares with
// the golden files; the checks they cannot rewrite keep their report.
func TestClaimFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, keytx.Analyzer, "keytx/claim", "keytx/claimmysql", "keytx/claimlite"))
}
