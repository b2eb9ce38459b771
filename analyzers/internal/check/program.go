package check

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/passes/summary"
)

// A Placed is where a defect resolved at the composition root is
// reported, and the related information that shows its chain.
type Placed struct {
	Pos token.Pos
	// Wired is set when Pos is the composition root's wiring line, not
	// the defect itself (go vet, gopls): the message must then say where
	// the defect is.
	Wired   bool
	Related []analysis.RelatedInformation
}

// Place decides where check m reports a defect resolved at the
// composition root, and reports false when a directive at the defect
// ignores the check.
func Place(m report.Meta, d summary.ProgramDefect) (Placed, bool) {
	if (&report.Ignore{Checks: d.Ignores}).Matches(m.Code, m.Name) {
		return Placed{}, false
	}
	p := Placed{Pos: d.Pos}
	if !p.Pos.IsValid() {
		p.Pos, p.Wired = d.Wiring, true
	}
	if !p.Pos.IsValid() {
		return Placed{}, false
	}
	via := func(text string) {
		p.Related = append(p.Related, analysis.RelatedInformation{Pos: p.Pos, Message: text})
	}
	for _, f := range d.Chain {
		via("via " + f.String())
	}
	for _, r := range d.Through {
		iface := r.Call.Iface[strings.LastIndex(r.Call.Iface, "/")+1:] // "app.Orders"
		via(fmt.Sprintf("via %s.%s (%s), implemented by %s", iface, r.Call.Method, r.Call.At.Pos, r.Impl))
	}
	for _, f := range d.Defect.Chain {
		via("via " + f.String())
	}
	return p, true
}
