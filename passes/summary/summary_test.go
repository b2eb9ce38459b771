package summary_test

import (
	"path/filepath"
	"testing"

	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/passes"
)

// testdata is the repository's shared tree of test packages.
var testdata, _ = filepath.Abs("../../testdata")

// TestSummaries checks the summary facts of the exported functions of a
// package, and of a package that calls it, with the facts of the first.
func TestSummaries(t *testing.T) {
	checktest.Run(t, testdata, passes.Default().Summary, "summary/store", "summary/caller", "summary/ids", "example.com/wiredfacts")
}
