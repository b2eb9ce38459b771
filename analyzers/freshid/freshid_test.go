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

func TestFreshID(t *testing.T) {
	analysistest.Run(t, testdata, freshid.Analyzer, "freshid/basic")
}

func TestRoots(t *testing.T) {
	analysistest.Run(t, testdata, freshid.Analyzer, "freshid/roots")
}

func TestSinks(t *testing.T) {
	analysistest.Run(t, testdata, freshid.Analyzer, "freshid/sinks")
}

// TestCrossPackage checks findings that need facts of another package.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata, freshid.Analyzer, "freshid/xstore", "freshid/xapi")
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, freshid.Analyzer, "freshid/fixes"))
}

func TestNegatives(t *testing.T) {
	analysistest.Run(t, testdata, freshid.Analyzer, "freshid/negatives")
}

// TestWithTests checks a package whose test files declare variables and
// handlers: tests are neither roots nor reported.
func TestWithTests(t *testing.T) {
	analysistest.Run(t, testdata, freshid.Analyzer, "freshid/withtests")
}

// TestSchema checks identities read from the package's migrations.
func TestSchema(t *testing.T) {
	cfg := &config.Config{Schema: []string{"migrations"}}
	if err := cfg.ReadSchema(filepath.Join(testdata, "src", "freshid", "schema")); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, freshid.New(passes.New(cfg)), "freshid/schema")
}
