package keytx_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/idemlint/idemlint/analyzers/keytx"
	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/fixtest"
)

// testdata is the repository's shared tree of test packages.
var testdata, _ = filepath.Abs("../../testdata")

// TestKeyTx runs the check once over all its packages, and compares the
// fixes of those with golden files.
func TestKeyTx(t *testing.T) {
	results := checktest.Run(t, testdata, keytx.Analyzer,
		"keytx/a",
		// A transaction helper of another package.
		"keytx/xtx", "keytx/xuse",
		// Keys and effects written through sqlc-generated queries and
		// repository helpers of other packages, whose commit units the
		// caller's handle decides.
		"keytx/xsqlc", "example.com/ordersdb", "example.com/ledgerdb", "example.com/ordersrepo",
		// The packages with golden files, whose fixes Golden compares.
		"keytx/fixes",
		// Findings whose key or effect runs in a callee: the transaction
		// passed where the key's handle is chosen, or named as the
		// receiver of the function's own key statement, and no fix where
		// that would move other statements or not compile.
		"keytx/xsqlcfix",
		// The fixes that turn a check-then-act into a claim, in the
		// driver shapes and dialects they cover; the checks they cannot
		// rewrite keep their report.
		"keytx/claim", "keytx/claimmysql", "keytx/claimlite",
		// gorm's model writes, and ent's builders and queries.
		"keytx/gormcase", "keytx/entcase",
		// Claims that answer with the stored resource, and cursors.
		"keytx/claimread",
	)
	fixtest.Golden(t, results,
		"keytx/fixes", "keytx/xsqlcfix", "keytx/claim", "keytx/claimmysql", "keytx/claimlite")
	fixtest.Gofmt(t, results)
	checktest.Placed(t, results)
	fixtest.Remedied(t, results, regexp.MustCompile(`; (claim|write) the key in the effect's transaction`))
}
