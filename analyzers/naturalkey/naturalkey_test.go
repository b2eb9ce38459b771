package naturalkey_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/idemlint/idemlint/analyzers/naturalkey"
	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/fixtest"
	"github.com/idemlint/idemlint/passes"
)

// testdata is the repository's shared tree of test packages.
var testdata, _ = filepath.Abs("../../testdata")

// TestNaturalKey runs the check once over all its packages, since
// loading them together type-checks the libraries they share once, and
// compares the fixes of those with golden files. The configuration names the migrations of
// naturalkey/schema, whose tables no other package writes.
func TestNaturalKey(t *testing.T) {
	cfg := &config.Config{Schema: []string{"migrations"}}
	if err := cfg.ReadSchema(filepath.Join(testdata, "src", "naturalkey", "schema")); err != nil {
		t.Fatal(err)
	}
	results := checktest.Run(t, testdata, naturalkey.New(passes.New(cfg)),
		"naturalkey/a",
		// gorm's model-based Create.
		"naturalkey/gormcase",
		// bun models inserted under the task's ID.
		"naturalkey/bunkey",
		// The caller's key in a gRPC call's metadata, a protobuf field,
		// an API Gateway request's headers.
		"naturalkey/requestkey",
		// INSERTs that helpers and generated queries of other packages
		// run with the caller's values.
		"naturalkey/xrepo",
		// Statements a generic store's methods hand each other.
		"naturalkey/genstore",
		// Unique violations renamed to errors callers take, or not.
		"naturalkey/renamed", "naturalkey/renamed/dberr",
		// A finding in generated code is reported at the call into it.
		"naturalkey/gensqlc",
		// Identities read from the package's migrations.
		"naturalkey/schema",
		// The packages with golden files, whose fixes Golden compares.
		"naturalkey/fixes", "naturalkey/fixmysql", "naturalkey/fixsqlite",
		"naturalkey/fixreturning", "naturalkey/fixreturnlite",
		"naturalkey/gormfix",
		// ent builders inserted under the task's ID.
		"naturalkey/entfix",
		// bun's, on a database of the PostgreSQL dialect.
		"naturalkey/bunfix",
	)
	fixtest.Golden(t, results,
		"naturalkey/fixes", "naturalkey/fixmysql", "naturalkey/fixsqlite", "naturalkey/fixreturning", "naturalkey/fixreturnlite", "naturalkey/gormfix", "naturalkey/entfix", "naturalkey/bunfix")
	fixtest.Gofmt(t, results)
	checktest.Placed(t, results)
	fixtest.Remedied(t, results, regexp.MustCompile(`; add (ON CONFLICT|ON DUPLICATE KEY|Clauses|On\("|OnConflictColumns)|; write it first`))
}
