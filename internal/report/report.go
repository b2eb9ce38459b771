package report

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// A Reporter reports one check's diagnostics, honouring
// //idemlint:ignore directives.
//
// Diagnostics are held until Finish and reported in position order, once
// each: a check finds them walking maps and call graphs, and users (and
// the caches of CI and code scanning) expect the same input to give the
// same output, byte for byte.
type Reporter struct {
	pass    *analysis.Pass
	meta    Meta
	ignores []*Ignore
	used    map[*Ignore]bool
	pending []analysis.Diagnostic
	sources map[*token.File][]byte // see formattedSource
}

// NewReporter returns the reporter of check m for a pass.
func NewReporter(pass *analysis.Pass, m Meta) *Reporter {
	return &Reporter{
		pass:    pass,
		meta:    m,
		ignores: Ignores(pass.Fset, pass.Files),
		used:    make(map[*Ignore]bool),
	}
}

// Report reports d unless a directive with a reason suppresses it. The
// message ends with the check's code, which suppressions name. A finding
// in generated code moves to the user's call into it (outOfGenerated).
func (r *Reporter) Report(d analysis.Diagnostic) {
	d = r.outOfGenerated(d)
	if ig := Suppresses(r.pass.Fset, r.ignores, d.Pos, r.meta.Code, r.meta.Name); ig != nil {
		r.used[ig] = true
		return
	}
	d.Category = r.meta.Code
	d.Message += " [" + r.meta.Code + "]"
	if d.End == token.NoPos {
		d.End = r.extent(d.Pos)
	}
	r.pending = append(r.pending, d)
}

// extent returns the end of the expression a diagnostic at pos is about:
// the largest expression that starts at pos, else the innermost one that
// holds it (a call reported at its parenthesis). Editors underline from
// Pos to End; without an End they show a mark too small to see.
func (r *Reporter) extent(pos token.Pos) token.Pos {
	for _, f := range r.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, pos, pos)
		end := token.NoPos
		for _, n := range path {
			e, ok := n.(ast.Expr)
			if !ok {
				break
			}
			if n.Pos() == pos || end == token.NoPos {
				end = e.End()
			}
		}
		return end
	}
	return token.NoPos
}

// Finish reports the check's malformed directives, and with strict its
// directives that suppressed nothing, then everything held, in order.
// Directives that name no check are reported by the check whose record
// says so (Meta.Directives) only, so once.
func (r *Reporter) Finish(strict bool) {
	for _, ig := range r.ignores {
		if msg := r.directiveProblem(ig, strict); msg != "" {
			r.pending = append(r.pending, analysis.Diagnostic{Pos: ig.Pos, End: ig.End, Category: "directive", Message: msg})
		}
	}
	compare := r.compareDiagnostics
	slices.SortStableFunc(r.pending, compare)
	r.pending = slices.CompactFunc(r.pending, func(a, b analysis.Diagnostic) bool {
		return compare(a, b) == 0
	})
	for _, d := range r.pending {
		for i, fix := range d.SuggestedFixes {
			d.SuggestedFixes[i] = r.formatFix(fix)
		}
		r.pass.Report(d)
	}
	r.pending = nil
}

// directiveProblem returns what is wrong with ig for this check, or "".
func (r *Reporter) directiveProblem(ig *Ignore, strict bool) string {
	mine := ig.Matches(r.meta.Code, r.meta.Name)
	switch {
	case len(ig.Checks) == 0 && r.meta.Directives:
		return "//idemlint:ignore needs a check and a reason: //idemlint:ignore " + r.meta.Code + " why this is safe"
	case mine && ig.Reason == "":
		return "//idemlint:ignore " + r.meta.Code + " needs a reason after the check"
	case mine && strict && !r.used[ig]:
		return "//idemlint:ignore " + r.meta.Code + " suppresses nothing"
	}
	return ""
}

// compareDiagnostics orders diagnostics by file name and offset, then
// message; two that compare equal say the same thing at the same place.
// token.Pos alone will not do: drivers parse a package's files in
// parallel, so the order of files in the file set changes between runs.
func (r *Reporter) compareDiagnostics(a, b analysis.Diagnostic) int {
	pa, pb := r.pass.Fset.Position(a.Pos), r.pass.Fset.Position(b.Pos)
	return cmp.Or(
		cmp.Compare(pa.Filename, pb.Filename),
		cmp.Compare(pa.Offset, pb.Offset),
		cmp.Compare(a.End-a.Pos, b.End-b.Pos),
		cmp.Compare(a.Message, b.Message),
	)
}
