package check

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/valueflow"
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

// A Merger keeps one finding per defect site that roots of the program
// reach, and names in it every other root once, with its first way
// there (AlsoFrom): a root that reaches the site through several
// implementations is one root to the user. Report reports them all,
// in the order added.
type Merger struct {
	diags []analysis.Diagnostic
	at    map[string]int
	roots map[string][]string // the roots each site's finding names
}

// Seen reports whether a finding at site was added.
func (m *Merger) Seen(site string) bool {
	_, ok := m.at[site]
	return ok
}

// Add adds the finding at site, which root reaches.
func (m *Merger) Add(site, root string, d analysis.Diagnostic) {
	if m.at == nil {
		m.at, m.roots = map[string]int{}, map[string][]string{}
	}
	m.at[site] = len(m.diags)
	m.roots[site] = []string{root}
	m.diags = append(m.diags, d)
}

// Also names another root, placed at p, in the finding at site, unless
// the finding names it already.
func (m *Merger) Also(site, root string, p Placed) {
	i, ok := m.at[site]
	if !ok || slices.Contains(m.roots[site], root) {
		return
	}
	m.roots[site] = append(m.roots[site], root)
	m.diags[i].Related = append(m.diags[i].Related, AlsoFrom(root, p)...)
}

// Report reports the findings.
func (m *Merger) Report(rep *report.Reporter) {
	for _, d := range m.diags {
		rep.Report(d)
	}
}

// AlsoFrom is the related information that adds, to the finding at
// p's position, another root that reaches the same defect, and its way
// there.
func AlsoFrom(root string, p Placed) []analysis.RelatedInformation {
	out := []analysis.RelatedInformation{{Pos: p.Pos, Message: "also retried root: " + root}}
	return append(out, p.Related...)
}

// Place decides where check m reports a defect resolved at the
// composition root, and reports false when a directive at the defect
// ignores the check.
func Place(m report.Meta, d summary.ProgramDefect) (Placed, bool) {
	return PlaceAt(m, Site{Pos: d.Pos, Wiring: d.Wiring, Ignores: d.Ignores, Chain: d.Chain, ChainAt: d.ChainAt, Through: d.Through, Inner: d.Defect.Chain, InnerAt: d.InnerAt})
}

// A Site is a finding of the composition root: where it is, when its
// file is loaded, where main wires its package, and the calls to it.
type Site struct {
	Pos, Wiring token.Pos
	Ignores     []string          // the checks directives at Pos name
	Chain       []valueflow.Frame // from the root to the first wired call
	Through     []summary.Resolution
	Inner       []valueflow.Frame // from the last implementation on
	// ChainAt and InnerAt place the frames of Chain and Inner, where
	// the run loads their files.
	ChainAt, InnerAt []token.Pos
}

// PlaceAt decides where check m reports a finding of the composition
// root, and reports false when a directive at it ignores the check.
func PlaceAt(m report.Meta, s Site) (Placed, bool) {
	if (&report.Ignore{Checks: s.Ignores}).Matches(m.Code, m.Name) {
		return Placed{}, false
	}
	p := Placed{Pos: s.Pos}
	if !p.Pos.IsValid() {
		p.Pos, p.Wired = s.Wiring, true
	}
	if !p.Pos.IsValid() {
		return Placed{}, false
	}
	via := func(text string, at token.Pos) {
		if !at.IsValid() || p.Wired {
			at = p.Pos // the call's file is not loaded, or not the package's
		}
		p.Related = append(p.Related, analysis.RelatedInformation{Pos: at, Message: text})
	}
	nth := func(ps []token.Pos, i int) token.Pos {
		if i < len(ps) {
			return ps[i]
		}
		return token.NoPos
	}
	for i, f := range s.Chain {
		if f.Placed() {
			via("via "+f.String(), nth(s.ChainAt, i))
		}
	}
	for _, r := range s.Through {
		iface := r.Call.Iface[strings.LastIndex(r.Call.Iface, "/")+1:] // "app.Orders"
		via(fmt.Sprintf("via %s.%s (%s), implemented by %s", iface, r.Call.Method, r.Call.At.Pos, r.Impl), r.Pos)
	}
	for i, f := range s.Inner {
		if f.Placed() {
			via("via "+f.String(), nth(s.InnerAt, i))
		}
	}
	return p, true
}
