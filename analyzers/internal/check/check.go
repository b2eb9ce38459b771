// Package check builds the analyzer of each idemlint check from its
// record (report.Meta), its doc.go and the function that decides its
// findings, so that every check is wired to the shared passes, the
// directives and its flags the same way.
package check

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

// A RunFunc reports one check's findings in a package that can hold
// some, through rep, which honours the suppression directives.
type RunFunc func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter)

// New builds the analyzer of check m for the run whose shared passes are
// ps: its Doc from m and the "# Analyzer name" section of its doc.go, its
// documentation URL, the -name.strict flag, and a Run that hands packages
// that can hold a finding to run, then reports the check's directives.
// A check that reports defects resolved at a composition root
// (summary.Result.Program, ProgramRoots) passes a second function,
// called when there are some, whether or not the root's own code is relevant.
func New(ps *passes.Set, m report.Meta, docGo string, run RunFunc, program ...RunFunc) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     m.Name,
		Doc:      m.Doc(docGo),
		URL:      m.URL(),
		Requires: []*analysis.Analyzer{ps.Summary},
	}
	strict := a.Flags.Bool("strict", false, "also report //idemlint:ignore directives that suppress nothing")
	a.Run = func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[ps.Summary].(*summary.Result)
		rep := report.NewReporter(pass, m)
		if res.Relevant {
			run(pass, res, rep)
		}
		if len(res.Program) > 0 || len(res.ProgramRoots) > 0 {
			for _, p := range program {
				p(pass, res, rep)
			}
		}
		rep.Finish(*strict)
		return nil, nil
	}
	return a
}

// Chain is the related information of a finding reached by path: the
// retried root, then the calls from it.
func Chain(path *retried.Path) []analysis.RelatedInformation {
	return report.Chain(path.Root.Pos, path.Root.Describe(), path.Calls())
}
