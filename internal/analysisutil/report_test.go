package analysisutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis"
)

func TestReporterSortsAndDedupes(t *testing.T) {
	var got []string
	fset := token.NewFileSet()
	// b.go enters the file set first, as when files are parsed in
	// parallel: the order must follow names, not positions.
	b := fset.AddFile("b.go", -1, 100)
	a := fset.AddFile("a.go", -1, 100)
	pass := &analysis.Pass{
		Fset:   fset,
		Report: func(d analysis.Diagnostic) { got = append(got, d.Message) },
	}
	r := NewReporter(pass, "IDEM001", "freshid")
	r.Report(analysis.Diagnostic{Pos: b.Pos(5), Message: "d"})
	r.Report(analysis.Diagnostic{Pos: a.Pos(30), Message: "c"})
	r.Report(analysis.Diagnostic{Pos: a.Pos(10), Message: "b"})
	r.Report(analysis.Diagnostic{Pos: a.Pos(10), Message: "a"})
	r.Report(analysis.Diagnostic{Pos: a.Pos(30), Message: "c"})
	if len(got) != 0 {
		t.Fatalf("reported before Finish: %q", got)
	}
	r.Finish(false)
	want := []string{"a [IDEM001]", "b [IDEM001]", "c [IDEM001]", "d [IDEM001]"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reported (-want +got):\n%s", diff)
	}
}

func TestReporterExtent(t *testing.T) {
	const src = `package p

func f() { g(h(1), 2) }
func g(int, int) {}
func h(int) int { return 0 }
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	tf := fset.File(file.Pos())
	at := func(s string) token.Pos { return tf.Pos(strings.Index(src, s)) }
	var got []string
	pass := &analysis.Pass{
		Fset:  fset,
		Files: []*ast.File{file},
		Report: func(d analysis.Diagnostic) {
			got = append(got, src[tf.Offset(d.Pos):tf.Offset(d.End)])
		},
	}
	r := NewReporter(pass, "IDEM001", "freshid")
	r.Report(analysis.Diagnostic{Pos: at("g(h"), Message: "call at its start"})
	r.Report(analysis.Diagnostic{Pos: at("(1)"), Message: "call at its parenthesis"})
	r.Report(analysis.Diagnostic{Pos: at("2)"), Message: "argument"})
	r.Report(analysis.Diagnostic{Pos: at("h(1)"), End: at("(1)"), Message: "end given"})
	r.Finish(false)
	want := []string{"g(h(1), 2)", "h", "(1)", "2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reported extents (-want +got):\n%s", diff)
	}
}
