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

func TestNaturalKey(t *testing.T) {
	analysistest.Run(t, testdata, naturalkey.Analyzer, "naturalkey/a")
}

func TestFixes(t *testing.T) {
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, naturalkey.Analyzer, "naturalkey/fixes", "naturalkey/fixmysql", "naturalkey/fixsqlite",
		"naturalkey/fixreturning", "naturalkey/fixreturnlite"))
}

// TestGorm checks gorm's model-based Create, and its fix.
func TestGorm(t *testing.T) {
	analysistest.Run(t, testdata, naturalkey.Analyzer, "naturalkey/gormcase")
	fixtest.Gofmt(t, analysistest.RunWithSuggestedFixes(t, testdata, naturalkey.Analyzer, "naturalkey/gormfix"))
}

// TestAcross checks INSERTs that helpers and generated queries of other
// packages run with the caller's values.
func TestAcross(t *testing.T) {
	analysistest.Run(t, testdata, naturalkey.Analyzer, "naturalkey/xrepo")
}

// TestGenerated checks that a finding in generated code is reported at
// the call into it.
func TestGenerated(t *testing.T) {
	analysistest.Run(t, testdata, naturalkey.Analyzer, "naturalkey/gensqlc")
}

// TestSchema checks identities read from the package's migrations.
func TestSchema(t *testing.T) {
	cfg := &config.Config{Schema: []string{"migrations"}}
	if err := cfg.ReadSchema(filepath.Join(testdata, "src", "naturalkey", "schema")); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, naturalkey.New(passes.New(cfg)), "naturalkey/schema")
}
