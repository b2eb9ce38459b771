// Package fixtest checks suggested fixes the way an editor applies them:
// one fix at a time, its edits exactly as written. idemlint -fix formats
// the files it changes afterwards; gopls does not, so a fix whose text
// is not gofmt-clean leaves an editor user's file unformatted.
package fixtest

import (
	"bytes"
	"go/format"
	"go/token"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Gofmt fails t for each suggested fix in results that, applied alone to
// a gofmt-formatted file, leaves it unformatted.
func Gofmt(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	fixes := 0
	for _, res := range results {
		fset := res.Pass.Fset
		for _, d := range res.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				fixes++
				for name, out := range apply(t, fset, fix) {
					src, err := os.ReadFile(name)
					if err != nil {
						t.Fatal(err)
					}
					if !isFormatted(src) {
						continue
					}
					if !isFormatted(out) {
						want, _ := format.Source(out)
						t.Errorf("%s: fix %q of %q leaves the file unformatted:\n%s", fset.Position(d.Pos), fix.Message, d.Message, firstDifference(out, want))
					}
				}
			}
		}
	}
	if fixes == 0 {
		t.Error("no suggested fixes to check")
	}
}

// apply returns the content of each file that fix edits, after its edits.
func apply(t *testing.T, fset *token.FileSet, fix analysis.SuggestedFix) map[string][]byte {
	t.Helper()
	byFile := make(map[string][]analysis.TextEdit)
	for _, e := range fix.TextEdits {
		name := fset.File(e.Pos).Name()
		byFile[name] = append(byFile[name], e)
	}
	out := make(map[string][]byte)
	for name, edits := range byFile {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		tf := fset.File(edits[0].Pos)
		slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
		var buf bytes.Buffer
		last := 0
		for _, e := range edits {
			start, end := tf.Offset(e.Pos), tf.Offset(e.Pos)
			if e.End.IsValid() {
				end = tf.Offset(e.End)
			}
			if start < last {
				t.Fatalf("%s: fix %q has overlapping edits", fset.Position(e.Pos), fix.Message)
			}
			buf.Write(src[last:start])
			buf.Write(e.NewText)
			last = end
		}
		buf.Write(src[last:])
		out[name] = buf.Bytes()
	}
	return out
}

func isFormatted(src []byte) bool {
	out, err := format.Source(src)
	return err == nil && bytes.Equal(out, src)
}

// firstDifference returns the line of got where it first differs from
// want, and want's line there.
func firstDifference(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range g {
		if i >= len(w) || !bytes.Equal(g[i], w[i]) {
			var wl []byte
			if i < len(w) {
				wl = w[i]
			}
			return "got:  " + string(g[i]) + "\ngofmt: " + string(wl)
		}
	}
	return "(lengths differ)"
}
