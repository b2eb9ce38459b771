package report

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
	r := NewReporter(pass, Meta{Name: "freshid", Code: "IDEM001", Directives: true})
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
	r := NewReporter(pass, Meta{Name: "freshid", Code: "IDEM001", Directives: true})
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

// TestReporterFormatsFixes checks that a fix applied as it is reported,
// as an editor does, leaves a formatted file formatted, and stays a
// small edit where it can.
func TestReporterFormatsFixes(t *testing.T) {
	const src = `package p

import "fmt"

func f(k string) {
	fmt.Println(1, g(k))
}

func g(s string) string { return s }

var x = 1
`
	const unformatted = "package p\nvar y   = 2\n"
	tests := []struct {
		name, src    string
		edits        func(at func(string) token.Pos) []analysis.TextEdit
		want, within string
	}{{
		name: "binary expression inside a call inside a call",
		src:  src,
		edits: func(at func(string) token.Pos) []analysis.TextEdit {
			return []analysis.TextEdit{{Pos: at("k))"), End: at("))"), NewText: []byte(`k + "|x"`)}}
		},
		want:   strings.Replace(src, "g(k)", `g(k+"|x")`, 1),
		within: "\tfmt.Println(1, g(k))\n",
	}, {
		name: "two edits stay two",
		src:  src,
		edits: func(at func(string) token.Pos) []analysis.TextEdit {
			return []analysis.TextEdit{
				{Pos: at("1\n"), End: at("1\n") + 1, NewText: []byte("1  +  2")},
				{Pos: at("k))"), End: at("))"), NewText: []byte(`k + "|x"`)},
			}
		},
		want: strings.Replace(strings.Replace(src, "g(k)", `g(k+"|x")`, 1), "= 1", "= 1 + 2", 1),
	}, {
		name: "a file gofmt would change keeps its edits",
		src:  unformatted,
		edits: func(at func(string) token.Pos) []analysis.TextEdit {
			return []analysis.TextEdit{{Pos: at("2"), End: at("2") + 1, NewText: []byte("3  +  4")}}
		},
		want: "package p\nvar y   = 3  +  4\n",
	}}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "p.go", test.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			tf := fset.File(file.Pos())
			at := func(s string) token.Pos { return tf.Pos(strings.Index(test.src, s)) }
			var fixes []analysis.SuggestedFix
			pass := &analysis.Pass{
				Fset:     fset,
				Files:    []*ast.File{file},
				ReadFile: func(string) ([]byte, error) { return []byte(test.src), nil },
				Report:   func(d analysis.Diagnostic) { fixes = append(fixes, d.SuggestedFixes...) },
			}
			edits := test.edits(at)
			r := NewReporter(pass, Meta{Name: "freshid", Code: "IDEM001", Directives: true})
			r.Report(analysis.Diagnostic{Pos: edits[0].Pos, Message: "m", SuggestedFixes: []analysis.SuggestedFix{{Message: "f", TextEdits: edits}}})
			r.Finish(false)
			if len(fixes) != 1 {
				t.Fatalf("got %d fixes, want 1", len(fixes))
			}
			got := applyEdits(tf, test.src, fixes[0].TextEdits)
			if diff := cmp.Diff(test.want, got); diff != "" {
				t.Errorf("fixed file (-want +got):\n%s", diff)
			}
			if len(fixes[0].TextEdits) != len(edits) {
				t.Errorf("got %d edits, want %d as reported", len(fixes[0].TextEdits), len(edits))
			}
			if test.within != "" {
				e := fixes[0].TextEdits[0]
				line := strings.Index(test.src, test.within)
				if tf.Offset(e.Pos) < line || tf.Offset(e.End) > line+len(test.within) {
					t.Errorf("edit %q spans more than the line %q", e.NewText, test.within)
				}
			}
		})
	}
}

// applyEdits applies sorted, non-overlapping edits to src.
func applyEdits(tf *token.File, src string, edits []analysis.TextEdit) string {
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.WriteString(src[last:tf.Offset(e.Pos)])
		b.Write(e.NewText)
		last = tf.Offset(e.End)
	}
	b.WriteString(src[last:])
	return b.String()
}

// TestReporterOutOfGenerated checks that a finding in a generated file
// moves to the last call on its chain in the user's files, names the
// generated function, and loses the fixes that edit generated code.
func TestReporterOutOfGenerated(t *testing.T) {
	const gen = "// Code generated by sqlc. DO NOT EDIT.\n\npackage p\n\ntype Q struct{}\n\nfunc (q *Q) Insert() { exec() }\n\nfunc exec() {}\n"
	const user = "package p\n\nfunc handler() {\n\tq := &Q{}\n\tq.Insert()\n}\n"
	fset := token.NewFileSet()
	var files []*ast.File
	for _, f := range []struct{ name, src string }{{"query.sql.go", gen}, {"handler.go", user}} {
		file, err := parser.ParseFile(fset, f.name, f.src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	at := func(file int, src, s string) token.Pos {
		return fset.File(files[file].Pos()).Pos(strings.Index(src, s))
	}
	var got []analysis.Diagnostic
	pass := &analysis.Pass{Fset: fset, Files: files, Report: func(d analysis.Diagnostic) { got = append(got, d) }}
	r := NewReporter(pass, Meta{Name: "naturalkey", Code: "IDEM005"})
	r.Report(analysis.Diagnostic{
		Pos:     at(0, gen, "exec()"),
		Message: "a retry inserts the row again",
		Related: []analysis.RelatedInformation{
			{Pos: at(1, user, "handler"), Message: "retried root: handler"},
			{Pos: at(1, user, "q.Insert()"), Message: ChainStep},
		},
		SuggestedFixes: []analysis.SuggestedFix{{Message: "edit the query", TextEdits: []analysis.TextEdit{{Pos: at(0, gen, "exec()"), End: at(0, gen, "exec()"), NewText: []byte("x")}}}},
	})
	r.Finish(false)
	if len(got) != 1 {
		t.Fatalf("got %d diagnostics, want 1", len(got))
	}
	d := got[0]
	if pos := fset.Position(d.Pos); pos.Filename != "handler.go" || pos.Line != 5 {
		t.Errorf("reported at %s, want handler.go:5", pos)
	}
	if want := "a retry inserts the row again (in generated Q.Insert, query.sql.go:7:24) [IDEM005]"; d.Message != want {
		t.Errorf("message %q, want %q", d.Message, want)
	}
	if len(d.SuggestedFixes) != 0 {
		t.Errorf("kept %d fixes that edit generated code", len(d.SuggestedFixes))
	}
}
