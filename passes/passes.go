// Package passes assembles the shared passes of one idemlint run. Checks
// are built from a Set, so that every check of a run shares one catalog
// (with the run's configuration) and one summary per package.
package passes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/report"
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

// A CheckFunc reports one check's findings in a package that can hold
// some, through rep, which honours the suppression directives.
type CheckFunc func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter)

// Check builds the analyzer of a check of this run: its Doc from the
// "# Analyzer name" section of its doc.go, its documentation URL, the
// -name.strict flag, and a Run that hands packages that can hold a
// finding to run, then reports the check's directives.
func (ps *Set) Check(name, code, doc string, run CheckFunc) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     name,
		Doc:      report.MustExtractDoc(doc, name),
		URL:      "https://github.com/idemlint/idemlint/blob/main/docs/checks/" + name + ".md",
		Requires: []*analysis.Analyzer{ps.Summary},
	}
	strict := a.Flags.Bool("strict", false, "also report //idemlint:ignore directives that suppress nothing")
	a.Run = func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[ps.Summary].(*summary.Result)
		rep := report.NewReporter(pass, code, name)
		if res.Relevant {
			run(pass, res, rep)
		}
		rep.Finish(*strict)
		return nil, nil
	}
	return a
}
