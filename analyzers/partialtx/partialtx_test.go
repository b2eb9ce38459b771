package partialtx_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/idemlint/idemlint/analyzers/partialtx"
	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/fixtest"
)

// testdata is the repository's shared tree of test packages.
var testdata, _ = filepath.Abs("../../testdata")

// TestPartialTx runs the check once over all its packages, and compares
// the fixes of those with golden files.
func TestPartialTx(t *testing.T) {
	results := checktest.Run(t, testdata, partialtx.Analyzer,
		"partialtx/a", "example.com/laterrepo",
		// gorm's model writes.
		"partialtx/gormcase", "example.com/gormrepo",
		// bun's query builders.
		"partialtx/buncase",
		// ent's generated builders.
		"partialtx/entcase",
		// pgx v4.
		"partialtx/pgxfour",
		// squirrel.
		"partialtx/squirrelcase",
		// Writes made in repository helpers and sqlc-generated queries
		// of other packages, whose commit units the caller's handle
		// decides.
		"partialtx/xsqlc", "example.com/ordersdb", "example.com/ledgerdb", "example.com/ordersrepo",
		// The packages with golden files, whose fixes Golden compares.
		"partialtx/fixes", "partialtx/xsqlcfix", "partialtx/gormfix", "partialtx/bunfix", "partialtx/entfix",
	)
	fixtest.Golden(t, results,
		"partialtx/fixes", "partialtx/xsqlcfix", "partialtx/gormfix", "partialtx/bunfix", "partialtx/entfix")
	fixtest.Gofmt(t, results)
	checktest.Placed(t, results)
	fixtest.Remedied(t, results, regexp.MustCompile(`run them in (it|one transaction|the guard's transaction)`))
}
