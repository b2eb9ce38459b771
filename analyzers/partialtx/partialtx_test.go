package partialtx_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/partialtx"
	"github.com/idemlint/idemlint/internal/fixtest"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

// TestPartialTx runs the check once over the packages without a golden
// file.
func TestPartialTx(t *testing.T) {
	analysistest.Run(t, testdata, partialtx.Analyzer,
		"partialtx/a",
		// Writes made in repository helpers and sqlc-generated queries
		// of other packages, whose commit units the caller's handle
		// decides.
		"partialtx/xsqlc", "example.com/ordersdb", "example.com/ledgerdb", "example.com/ordersrepo",
	)
}

// TestFixes applies the suggested fixes once over the packages with
// golden files and compares with them: the wrap fix, and the wrap fix
// when writes run in callees (the transaction is passed where their
// handle is chosen, and no fix is offered where that would move other
// uses of the handle or not compile).
func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, partialtx.Analyzer, "partialtx/fixes", "partialtx/xsqlcfix"))
}
