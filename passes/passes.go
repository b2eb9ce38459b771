// Package passes assembles the shared passes of one idemlint run. Checks
// are built from a Set, so that every check of a run shares one catalog
// (with the run's configuration) and one summary per package. The passes
// report nothing.
package passes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/config"
	catalogpass "github.com/idemlint/idemlint/passes/catalog"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

// A Set is the shared passes of a run.
type Set struct {
	Config  *config.Config
	Catalog *analysis.Analyzer
	Retried *analysis.Analyzer
	Summary *analysis.Analyzer
}

// New builds the shared passes for a configuration.
func New(cfg *config.Config) *Set {
	cat := catalogpass.New(catalog.New(cfg))
	ret := retried.New(cat)
	return &Set{Config: cfg, Catalog: cat, Retried: ret, Summary: summary.New(cat, ret)}
}

var defaultSet = New(config.Default())

// Default returns the shared passes of the default configuration, which
// the exported Analyzer variables of the checks use.
func Default() *Set { return defaultSet }
