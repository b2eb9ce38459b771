package summary_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/passes"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

// TestSummaries checks the summary facts of the exported functions of a
// package, and of a package that calls it, with the facts of the first.
func TestSummaries(t *testing.T) {
	analysistest.Run(t, testdata, passes.Default().Summary, "summary/store", "summary/caller")
}
