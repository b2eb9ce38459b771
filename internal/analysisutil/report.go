package analysisutil

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/directive"
)

// A Reporter reports one check's diagnostics, honouring
// //idemlint:ignore directives.
type Reporter struct {
	pass       *analysis.Pass
	code, name string
	ignores    []*directive.Ignore
	used       map[*directive.Ignore]bool
}

// NewReporter returns the reporter of check name (code) for a pass.
func NewReporter(pass *analysis.Pass, code, name string) *Reporter {
	return &Reporter{
		pass:    pass,
		code:    code,
		name:    name,
		ignores: directive.Ignores(pass.Fset, pass.Files),
		used:    make(map[*directive.Ignore]bool),
	}
}

// Report reports d unless a directive with a reason suppresses it. The
// message ends with the check's code, which suppressions name.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if ig := directive.Suppresses(r.pass.Fset, r.ignores, d.Pos, r.code, r.name); ig != nil {
		r.used[ig] = true
		return
	}
	d.Category = r.code
	d.Message += " [" + r.code + "]"
	r.pass.Report(d)
}

// Finish reports the check's malformed directives, and with strict its
// directives that suppressed nothing. Directives that name no check are
// reported by the check whose code is IDEM001 only, so once.
func (r *Reporter) Finish(strict bool) {
	for _, ig := range r.ignores {
		mine := ig.Matches(r.code, r.name)
		switch {
		case len(ig.Checks) == 0 && r.code == "IDEM001":
			r.pass.Report(analysis.Diagnostic{Pos: ig.Pos, End: ig.End, Category: "directive",
				Message: "//idemlint:ignore needs a check and a reason: //idemlint:ignore IDEM001 why this is safe"})
		case mine && ig.Reason == "":
			r.pass.Report(analysis.Diagnostic{Pos: ig.Pos, End: ig.End, Category: "directive",
				Message: "//idemlint:ignore " + r.code + " needs a reason after the check"})
		case mine && strict && !r.used[ig]:
			r.pass.Report(analysis.Diagnostic{Pos: ig.Pos, End: ig.End, Category: "directive",
				Message: "//idemlint:ignore " + r.code + " suppresses nothing"})
		}
	}
}
