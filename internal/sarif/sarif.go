// Package sarif writes the diagnostics of go/analysis analyzers as a
// SARIF 2.1.0 log, the OASIS format that code scanning services (GitHub
// code scanning among them) read.
//
// Rule describes an analyzer as a rule; New files each diagnostic under
// its rule, with the diagnostic's related information as related
// locations and its suggested fixes as fixes. File names become URIs
// relative to the directory the tool ran in (the %SRCROOT% base), so that
// a log made in a checkout matches the repository's paths. Columns are
// counted in UTF-16 code units, SARIF's default and what editors and
// browsers index strings by; go/token counts bytes, so each file a
// location names is read once to convert them.
package sarif

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/doc/comment"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

const (
	// Version is the SARIF version of the logs New makes.
	Version = "2.1.0"
	// SchemaURI is the OASIS standard's JSON schema for Version.
	SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	// SrcRoot is the uriBaseId of relative artifact URIs: the directory
	// the tool ran in.
	SrcRoot = "%SRCROOT%"
)

// Rule describes analyzer a as the rule id: its name, its Doc's first
// line as the short description, the whole Doc as the full description
// and help (as text, and as Markdown rendered from the Doc's comment
// syntax, so that code blocks stay code), its URL, and the level of its
// results ("warning": worth looking at, not a build failure).
func Rule(id, level string, a *analysis.Analyzer) ReportingDescriptor {
	short, _, _ := strings.Cut(a.Doc, "\n")
	full := &MultiformatMessageString{Text: a.Doc, Markdown: markdown(a.Doc)}
	return ReportingDescriptor{
		ID:                   id,
		Name:                 a.Name,
		ShortDescription:     &MultiformatMessageString{Text: short},
		FullDescription:      full,
		Help:                 full,
		HelpURI:              a.URL,
		DefaultConfiguration: &ReportingConfiguration{Level: level},
	}
}

// markdown renders a Doc, written in Go's doc comment syntax, as Markdown.
func markdown(doc string) string {
	var p comment.Parser
	var pr comment.Printer
	return strings.TrimSpace(string(pr.Markdown(p.Parse(doc))))
}

// A Finding is a diagnostic and the id of the rule it is filed under.
type Finding struct {
	RuleID     string
	Diagnostic analysis.Diagnostic
}

// Options say where a log's files are.
type Options struct {
	// Root is the absolute directory that artifact URIs are relative to,
	// under the %SRCROOT% base. Files outside it get absolute file URIs.
	Root string
	// ReadFile reads a file to count its columns; nil means os.ReadFile.
	// A location in a file it cannot read gets lines without columns.
	ReadFile func(name string) ([]byte, error)
}

// New returns a log of one run of the tool driver, whose Rules must hold
// the rule of each finding. Positions are resolved in fset. Results are
// sorted by file, line, column, rule and message, so that the same
// findings give the same bytes, and a finding reported twice at the same
// place with the same rule and message (in a file of a package and of its
// test variant) appears once, as in go vet's text output.
func New(driver ToolComponent, fset *token.FileSet, findings []Finding, opts Options) (*Log, error) {
	index := make(map[string]int, len(driver.Rules))
	for i, r := range driver.Rules {
		index[r.ID] = i
	}
	loc := newLocator(fset, opts)
	results := make([]Result, 0, len(findings))
	for _, f := range findings {
		i, ok := index[f.RuleID]
		if !ok {
			return nil, fmt.Errorf("sarif: no rule %q for diagnostic %q", f.RuleID, f.Diagnostic.Message)
		}
		results = append(results, result(loc, f, i, driver.Rules[i].DefaultConfiguration.Level))
	}
	results, err := sortResults(results)
	if err != nil {
		return nil, err
	}
	return &Log{
		Schema:  SchemaURI,
		Version: Version,
		Runs: []Run{{
			Tool:               Tool{Driver: driver},
			OriginalURIBaseIDs: map[string]ArtifactLocation{SrcRoot: {URI: loc.rootURI()}},
			Results:            results,
			ColumnKind:         "utf16CodeUnits",
		}},
	}, nil
}

// result converts a finding filed under the rule at index i, whose
// level it has.
func result(loc *locator, f Finding, i int, level string) Result {
	d := f.Diagnostic
	r := Result{
		RuleID:    f.RuleID,
		RuleIndex: i,
		Level:     level,
		Message:   message(d.Message + links(d.Related)),
		Locations: []Location{{PhysicalLocation: loc.span(d.Pos, d.End)}},
		finding:   d.Message,
	}
	for j, rel := range d.Related {
		r.RelatedLocations = append(r.RelatedLocations, Location{
			ID:               j + 1,
			PhysicalLocation: loc.span(rel.Pos, rel.End),
			Message:          ptr(message(rel.Message)),
		})
	}
	for _, sf := range d.SuggestedFixes {
		if fx, ok := fix(loc, sf); ok {
			r.Fixes = append(r.Fixes, fx)
		}
	}
	return r
}

// message is a plain text message. Braces are doubled: in a message,
// SARIF reads {0} as a placeholder for an argument, and {{ and }} as
// literal braces. Square brackets are left as they are, which SARIF allows
// outside the text of an embedded link.
func message(text string) Message {
	return Message{Text: braces.Replace(text)}
}

var braces = strings.NewReplacer("{", "{{", "}", "}}")

// links returns the sentence that links a result's message to its
// related locations, numbered from 1 as result gives their ids. GitHub
// code scanning shows a related location only through such a link.
func links(related []analysis.RelatedInformation) string {
	if len(related) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(" See ")
	for i, rel := range related {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "[%s](%d)", linkText.Replace(rel.Message), i+1)
	}
	b.WriteString(".")
	return b.String()
}

// linkText escapes the characters that would end an embedded link's text.
var linkText = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`)

func ptr[T any](v T) *T { return &v }

// fix converts a suggested fix: its edits, grouped by file and sorted by
// position. It reports false for a fix with an edit it cannot place
// exactly, which is better left out than written wrong.
func fix(loc *locator, sf analysis.SuggestedFix) (Fix, bool) {
	type placed struct {
		file   ArtifactLocation
		region Region
		text   string
	}
	var edits []placed
	for _, e := range sf.TextEdits {
		file, region, ok := loc.edit(e.Pos, e.End)
		if !ok {
			return Fix{}, false
		}
		edits = append(edits, placed{file, region, string(e.NewText)})
	}
	// By name and place, not token.Pos: the order of files in a FileSet
	// is the order they were parsed in, which varies from run to run.
	slices.SortStableFunc(edits, func(a, b placed) int {
		return cmp.Or(
			strings.Compare(a.file.URI, b.file.URI),
			cmp.Compare(a.region.StartLine, b.region.StartLine),
			cmp.Compare(a.region.StartColumn, b.region.StartColumn),
		)
	})
	var changes []ArtifactChange
	for _, e := range edits {
		if n := len(changes); n == 0 || changes[n-1].ArtifactLocation != e.file {
			changes = append(changes, ArtifactChange{ArtifactLocation: e.file})
		}
		c := &changes[len(changes)-1]
		c.Replacements = append(c.Replacements, Replacement{
			DeletedRegion:   e.region,
			InsertedContent: &ArtifactContent{Text: e.text},
		})
	}
	out := Fix{ArtifactChanges: changes}
	if sf.Message != "" {
		out.Description = ptr(message(sf.Message))
	}
	return out, len(changes) > 0
}

// sortResults sorts results by file, line, column, rule and message, then
// by their encoding, so that the order never depends on the order the
// analyzers ran in, and keeps the first of those at the same place with
// the same rule and message.
func sortResults(results []Result) ([]Result, error) {
	type encoded struct {
		r    Result
		data []byte
	}
	list := make([]encoded, len(results))
	for i, r := range results {
		data, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		list[i] = encoded{r, data}
	}
	slices.SortFunc(list, func(a, b encoded) int {
		return cmp.Or(compareResults(a.r, b.r), bytes.Compare(a.data, b.data))
	})
	list = slices.CompactFunc(list, func(a, b encoded) bool {
		return compareResults(a.r, b.r) == 0 && sameRegion(a.r, b.r)
	})
	out := make([]Result, len(list))
	for i, e := range list {
		out[i] = e.r
	}
	return out, nil
}

func compareResults(a, b Result) int {
	pa, pb := a.Locations[0].PhysicalLocation, b.Locations[0].PhysicalLocation
	return cmp.Or(
		comparePhysical(pa, pb),
		strings.Compare(a.RuleID, b.RuleID),
		strings.Compare(a.finding, b.finding),
	)
}

// comparePhysical orders locations by file, then start line and column;
// a location without a file or region comes first.
func comparePhysical(a, b *PhysicalLocation) int {
	if a == nil || b == nil {
		return cmp.Compare(boolInt(a != nil), boolInt(b != nil))
	}
	if c := strings.Compare(a.ArtifactLocation.URI, b.ArtifactLocation.URI); c != 0 {
		return c
	}
	ra, rb := a.Region, b.Region
	if ra == nil || rb == nil {
		return cmp.Compare(boolInt(ra != nil), boolInt(rb != nil))
	}
	return cmp.Or(cmp.Compare(ra.StartLine, rb.StartLine), cmp.Compare(ra.StartColumn, rb.StartColumn))
}

// sameRegion reports whether two results have the same region.
func sameRegion(a, b Result) bool {
	ra, rb := region(a), region(b)
	return ra == rb || ra != nil && rb != nil && *ra == *rb
}

func region(r Result) *Region {
	if p := r.Locations[0].PhysicalLocation; p != nil {
		return p.Region
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
