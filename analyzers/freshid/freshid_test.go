package freshid_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/freshid"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/fixtest"
	"github.com/idemlint/idemlint/passes"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

// TestFreshID runs the check once over the packages that need no
// configuration and no golden file: loading them together type-checks
// the libraries they share once.
func TestFreshID(t *testing.T) {
	analysistest.Run(t, testdata, freshid.Analyzer,
		"freshid/basic",
		"freshid/roots",
		"freshid/sinks",
		// Findings that need facts of another package.
		"freshid/xstore", "freshid/xapi",
		"freshid/negatives",
		// A package whose test files declare variables and handlers:
		// tests are neither roots nor reported.
		"freshid/withtests",
	)
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, freshid.Analyzer, "freshid/fixes"))
}

// TestSchema checks identities read from the package's migrations.
func TestSchema(t *testing.T) {
	cfg := &config.Config{Schema: []string{"migrations"}}
	if err := cfg.ReadSchema(filepath.Join(testdata, "src", "freshid", "schema")); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, freshid.New(passes.New(cfg)), "freshid/schema")
}
