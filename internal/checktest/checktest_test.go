package checktest

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// calls reports each call of a function of the package, and marks the
// functions named "marked" with a fact.
var calls = &analysis.Analyzer{
	Name:      "calls",
	Doc:       "report calls",
	FactTypes: []analysis.Fact{new(mark)},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok {
						if _, ok := pass.TypesInfo.Uses[id].(*types.Func); ok {
							pass.Reportf(call.Pos(), "call of %s", id.Name)
						}
					}
				}
				return true
			})
		}
		if fn, ok := pass.Pkg.Scope().Lookup("marked").(*types.Func); ok {
			pass.ExportObjectFact(fn, new(mark))
		}
		return nil, nil
	},
}

type mark struct{}

func (*mark) AFact()         {}
func (*mark) String() string { return "marked" }

// recorder records what check reports.
type recorder struct{ errors []string }

func (*recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Error(args ...any) { r.errors = append(r.errors, fmt.Sprint(args...)) }

// TestCheck runs check on a package whose expectations are met, missed
// and exceeded, and compares what it reports.
func TestCheck(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	// Run, on the package, would fail t: check it with a recorder.
	pkgs, err := loadTree(dir, false, "a")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{calls}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var rec recorder
	check(&rec, dir, graph.Roots[0])
	slices.Sort(rec.errors)
	want := []string{
		"a/a.go:10: diagnostic \"call of bad\" does not match `call of good`",
		"a/a.go:10: no diagnostic matching `call of good`",
		"a/a.go:11: unexpected diagnostic: call of bad",
		"a/a.go:9: no diagnostic matching `call of bad`",
	}
	if got := strings.Join(rec.errors, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("check reported:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

func TestParseWant(t *testing.T) {
	for text, want := range map[string]string{
		" `a` \"b\"":  "0 [:a :b]",
		" F:`^f$` +2": "2 [F:^f$]",
		" +1 \"x\"":   "1 [:x]",
		" 1":          "error",
		" F `x`":      "error",
		" \"(\"":      "error",
	} {
		delta, expects, err := parseWant(text)
		got := "error"
		if err == nil {
			var parts []string
			for _, e := range expects {
				parts = append(parts, e.fact+":"+e.rx.String())
			}
			got = fmt.Sprintf("%d [%s]", delta, strings.Join(parts, " "))
		}
		if got != want {
			t.Errorf("parseWant(%q) = %s, want %s", text, got, want)
		}
	}
}
