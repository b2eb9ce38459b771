package analysisutil

import (
	"go/token"
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
