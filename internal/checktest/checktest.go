// Package checktest runs an analyzer on packages of a GOPATH tree of
// test data and checks its diagnostics and facts against the "// want"
// comments of their files, with the comments' syntax and meaning in
// golang.org/x/tools/go/analysis/analysistest:
//
//	id := uuid.New() // want `a retry sends a new id`
//	func Save(id string) error { // want Save:`^summary\(writes=\[p1->orders\]\)$`
//
// A string or raw string is a regular expression that one diagnostic
// reported on the comment's line must match; name:"regexp" is a fact of
// the object declared there with that name ("package" for a fact of the
// package, on the first line of its first file); +N moves the
// expectations N lines down. Every diagnostic and fact of the packages
// must be expected, and every expectation met.
//
// It differs from analysistest in how it loads: as idemlint does
// (internal/load), reading the standard library from the compiler's
// export data instead of type-checking it from source, which was most of
// each check's test time. The packages of the tree are checked from
// source and analysed, as in analysistest.
package checktest

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	textscanner "text/scanner"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/load"
)

// Run loads the packages named by the patterns, with their tests, from
// the GOPATH tree dir, runs a on them, checks each package's diagnostics
// and facts against its expectations, and returns the actions of a on
// the packages.
func Run(t *testing.T, dir string, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	t.Helper()
	pkgs := Load(t, dir, true, patterns...)
	for _, pkg := range pkgs {
		for _, err := range pkg.Errors {
			t.Log(err)
		}
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatalf("analysing %s: %v", patterns, err)
	}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("analysing %s: %v", act.Package, act.Err)
			continue
		}
		check(t, dir, act)
	}
	return graph.Roots
}

// Load loads the packages named by the patterns, with their tests if
// tests is set, from the GOPATH tree dir, as Run does.
func Load(t *testing.T, dir string, tests bool, patterns ...string) []*packages.Package {
	t.Helper()
	pkgs, err := loadTree(dir, tests, patterns...)
	if err != nil {
		t.Fatalf("loading %s: %v", patterns, err)
	}
	return pkgs
}

// loadTree loads packages of the GOPATH tree dir. In GOPATH mode every
// package outside the standard library is of no module, so it is
// checked from source whatever the catalog says.
func loadTree(dir string, tests bool, patterns ...string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Fset:  token.NewFileSet(),
		Tests: tests,
		Dir:   dir,
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
	}
	return load.Load(cfg, catalog.New(config.Default()), patterns...)
}

// A line is a line of a file, named relative to the tree's src.
type line struct {
	file string
	line int
}

// An expectation is a diagnostic's message, or a fact of a named object.
type expectation struct {
	fact string // the object's name, "package", or "" for a diagnostic
	rx   *regexp.Regexp
}

// An errorer is where check reports: a *testing.T, or a recorder in
// checktest's own tests.
type errorer interface {
	Helper()
	Errorf(format string, args ...any)
	Error(args ...any)
}

// check compares the diagnostics and facts of act with the expectations
// of its package's files.
func check(t errorer, dir string, act *checker.Action) {
	t.Helper()
	fset := act.Package.Fset
	rel := func(pos token.Pos) line {
		posn := fset.Position(pos)
		name, err := filepath.Rel(filepath.Join(dir, "src"), posn.Filename)
		if err != nil {
			name = posn.Filename
		}
		return line{filepath.ToSlash(name), posn.Line}
	}
	want := make(map[line][]expectation)
	for _, f := range act.Package.Syntax {
		for _, group := range f.Comments {
			for _, c := range group.List {
				text, ok := wantText(c.Text)
				if !ok {
					continue
				}
				at := rel(c.Pos())
				delta, expects, err := parseWant(text)
				if err != nil {
					t.Errorf("%s:%d: in a want comment: %v", at.file, at.line, err)
					continue
				}
				at.line += delta
				want[at] = append(want[at], expects...)
			}
		}
	}

	meet := func(at line, fact, what, message string) {
		t.Helper()
		expects := want[at]
		var patterns []string
		for i, e := range expects {
			if e.fact != fact {
				continue
			}
			if e.rx.MatchString(message) {
				want[at] = slices.Delete(expects, i, i+1)
				return
			}
			patterns = append(patterns, fmt.Sprintf("%#q", e.rx))
		}
		if patterns == nil {
			t.Errorf("%s:%d: unexpected %s: %s", at.file, at.line, what, message)
		} else {
			t.Errorf("%s:%d: %s %q does not match %s", at.file, at.line, what, message, strings.Join(patterns, " or "))
		}
	}
	for _, d := range act.Diagnostics {
		meet(rel(d.Pos), "", "diagnostic", d.Message)
	}
	for _, f := range act.AllPackageFacts() {
		if f.Package == act.Package.Types && len(act.Package.Syntax) > 0 {
			at := rel(act.Package.Syntax[0].Pos())
			at.line = 1
			meet(at, "package", "package fact", fmt.Sprint(f.Fact))
		}
	}
	objFacts := act.AllObjectFacts()
	slices.SortStableFunc(objFacts, func(a, b analysis.ObjectFact) int { return int(a.Object.Pos() - b.Object.Pos()) })
	for _, f := range objFacts {
		if f.Object.Pkg() == act.Package.Types {
			meet(rel(f.Object.Pos()), f.Object.Name(), "fact of "+f.Object.Name(), fmt.Sprint(f.Fact))
		}
	}

	var unmet []string
	for at, expects := range want {
		for _, e := range expects {
			what := "diagnostic"
			if e.fact != "" {
				what = "fact of " + e.fact
			}
			unmet = append(unmet, fmt.Sprintf("%s:%d: no %s matching %#q", at.file, at.line, what, e.rx))
		}
	}
	slices.Sort(unmet)
	for _, msg := range unmet {
		t.Error(msg)
	}
}

// wantText returns the text after "want" of a comment that holds
// expectations: one that starts with "want", or holds "// want" (a
// comment on a comment).
func wantText(comment string) (string, bool) {
	text := strings.TrimPrefix(comment, "//")
	if text == comment {
		text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
	}
	if i := strings.Index(text, "// want"); i >= 0 {
		text = text[i+len("// "):]
	}
	return strings.CutPrefix(strings.TrimSpace(text), "want")
}

// parseWant parses the expectations of a want comment: regular
// expressions as Go strings, name:"regexp" facts and a +N line offset.
func parseWant(text string) (delta int, expects []expectation, err error) {
	var sc textscanner.Scanner
	sc.Init(strings.NewReader(text))
	sc.Mode = textscanner.ScanIdents | textscanner.ScanStrings | textscanner.ScanRawStrings | textscanner.ScanInts
	sc.Error = func(_ *textscanner.Scanner, msg string) { err = fmt.Errorf("%s", msg) }
	regexpOf := func(tok rune) (*regexp.Regexp, error) {
		if tok != textscanner.String && tok != textscanner.RawString {
			return nil, fmt.Errorf("got %s, want a regular expression", textscanner.TokenString(tok))
		}
		pattern, _ := strconv.Unquote(sc.TokenText())
		return regexp.Compile(pattern)
	}
	for tok := sc.Scan(); tok != textscanner.EOF; tok = sc.Scan() {
		switch tok {
		case '+':
			if sc.Scan() != textscanner.Int {
				return 0, nil, fmt.Errorf("got +%s, want +N", sc.TokenText())
			}
			delta, _ = strconv.Atoi(sc.TokenText())
		case textscanner.String, textscanner.RawString:
			rx, err := regexpOf(tok)
			if err != nil {
				return 0, nil, err
			}
			expects = append(expects, expectation{rx: rx})
		case textscanner.Ident:
			name := sc.TokenText()
			if sc.Scan() != ':' {
				return 0, nil, fmt.Errorf("got %s after %s, want ':'", sc.TokenText(), name)
			}
			rx, err := regexpOf(sc.Scan())
			if err != nil {
				return 0, nil, err
			}
			expects = append(expects, expectation{fact: name, rx: rx})
		default:
			return 0, nil, fmt.Errorf("unexpected %s", textscanner.TokenString(tok))
		}
	}
	return delta, expects, err
}

// Placed fails t for each related position of a diagnostic in results
// that names no place in the code: an invalid position, or a step of a
// chain in a function SSA made up, which a user can neither open nor
// find ("via Handle$bound (.:0:0)").
func Placed(t *testing.T, results []*checker.Action) {
	t.Helper()
	for _, act := range results {
		for _, d := range act.Diagnostics {
			for _, r := range d.Related {
				if !r.Pos.IsValid() || strings.Contains(r.Message, ":0:0)") {
					t.Errorf("%s: %q: related information %q has no place", act.Package.Fset.Position(d.Pos), d.Message, r.Message)
				}
			}
		}
	}
}
