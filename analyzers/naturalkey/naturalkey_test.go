package naturalkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemlint/idemlint/analyzers/naturalkey"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/fixtest"
	"github.com/idemlint/idemlint/passes"
)

// testdata is the repository's shared analysistest tree.
var testdata, _ = filepath.Abs("../../testdata")

// TestNaturalKey runs the check once over the packages that need no
// configuration and no golden file.
func TestNaturalKey(t *testing.T) {
	analysistest.Run(t, testdata, naturalkey.Analyzer,
		"naturalkey/a",
		// gorm's model-based Create.
		"naturalkey/gormcase",
		// INSERTs that helpers and generated queries of other packages
		// run with the caller's values.
		"naturalkey/xrepo",
		// A finding in generated code is reported at the call into it.
		"naturalkey/gensqlc",
	)
}

// TestFixes applies the suggested fixes once over the packages with
// golden files, in each dialect and for gorm, and compares with them.
func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, naturalkey.Analyzer,
		"naturalkey/fixes", "naturalkey/fixmysql", "naturalkey/fixsqlite",
		"naturalkey/fixreturning", "naturalkey/fixreturnlite",
		"naturalkey/gormfix",
	))
}

// TestSchema checks identities read from the package's migrations.
func TestSchema(t *testing.T) {
	cfg := &config.Config{Schema: []string{"migrations"}}
	if err := cfg.ReadSchema(filepath.Join(testdata, "src", "naturalkey", "schema")); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, naturalkey.New(passes.New(cfg)), "naturalkey/schema")
}
