package missingkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/missingkey"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/fixtest"
	"github.com/idemlint/idemlint/passes"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

// TestMissingKey runs the check once over the packages that need no
// configuration and no golden file.
func TestMissingKey(t *testing.T) {
	analysistest.Run(t, testdata, missingkey.Analyzer,
		"missingkey/a",
		// A call without a key in another package's helper.
		"missingkey/xpay", "missingkey/xapi",
		// An activity registered by a worker of another package: the
		// root is found where it is registered.
		"missingkey/xact", "missingkey/xworker",
	)
}

// TestFixes applies the suggested fixes and compares with fixes.go.golden.
func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, missingkey.Analyzer, "missingkey/fixes"))
}

// TestConfigured checks externals and roots from the configuration.
func TestConfigured(t *testing.T) {
	one := 1
	cfg := &config.Config{
		Roots: []string{"missingkey/configured.nightly"},
		Externals: []config.External{
			{Func: "(*example.com/carrier.Client).Book", What: "carrier booking", KeyArg: &one, KeyField: "Reference"},
			{Func: "(*example.com/carrier.Client).Cancel", What: "carrier cancellation"},
		},
	}
	analysistest.Run(t, testdata, missingkey.New(passes.New(cfg)), "missingkey/configured")
}
