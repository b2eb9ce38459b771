// Package fixtest checks suggested fixes the way an editor applies them:
// one fix at a time, its edits exactly as written. idemlint -fix formats
// the files it changes afterwards; gopls does not, so a fix whose text
// is not gofmt-clean leaves an editor user's file unformatted.
package fixtest

import (
	"bytes"
	"go/format"
	"go/token"
	"go/types"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aymanbagabas/go-udiff"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/idemlint/idemlint/internal/fix"
)

// Gofmt fails t for each suggested fix in results that, applied alone to
// a gofmt-formatted file, leaves it unformatted.
func Gofmt(t *testing.T, results []*checker.Action) {
	t.Helper()
	fixes := 0
	for _, res := range results {
		fset := res.Package.Fset
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

// Remedied fails t for each diagnostic in results that carries no
// suggested fix and does not say what to do instead: its message must
// match remedy. The check's tests name the wording of their advice.
func Remedied(t *testing.T, results []*checker.Action, remedy *regexp.Regexp) {
	t.Helper()
	without := 0
	for _, res := range results {
		for _, d := range res.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				continue
			}
			without++
			if !remedy.MatchString(d.Message) {
				t.Errorf("%s: %q has no fix and does not say what to do", res.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	if without == 0 {
		t.Error("no findings without a fix to check")
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

// Golden checks the fixes of the packages named by pkgs, as
// analysistest.RunWithSuggestedFixes does, on results of one
// checktest.Run over those packages and others: for each file that a
// fix of the package's findings edits, the fixes of every check applied
// together, merged in the order of the checks' names and then of the
// fixes' messages, and formatted as idemlint -fix formats, must give the
// file's .golden file. Other packages' fixes are left to Gofmt, so that
// one load of the libraries serves the findings and the fixes.
func Golden(t *testing.T, results []*checker.Action, pkgs ...string) {
	t.Helper()
	checked := 0
	for _, path := range pkgs {
		var acts []*checker.Action
		for _, res := range results {
			if res.Package.Types.Path() == path {
				acts = append(acts, res)
			}
		}
		slices.SortFunc(acts, func(a, b *checker.Action) int { return strings.Compare(a.Analyzer.Name, b.Analyzer.Name) })
		edits := make(map[string][]udiff.Edit) // file -> merged edits
		for _, res := range acts {
			byMessage := make(map[string][]analysis.SuggestedFix)
			for _, d := range res.Diagnostics {
				for _, f := range d.SuggestedFixes {
					byMessage[f.Message] = append(byMessage[f.Message], f)
				}
			}
			for _, msg := range slices.Sorted(maps.Keys(byMessage)) {
				for _, f := range byMessage[msg] {
					for name, e := range fileEdits(res.Package.Fset, f) {
						merged, ok := udiff.Merge(edits[name], e)
						if !ok {
							t.Errorf("%s: fix %q conflicts with the fixes before it", name, msg)
							continue
						}
						edits[name] = merged
					}
				}
			}
		}
		for _, name := range slices.Sorted(maps.Keys(edits)) {
			checked++
			compareGolden(t, acts[0].Package.Types, name, edits[name])
		}
		if len(acts) > 0 {
			// A file whose golden file holds fixes none of which is
			// made any more; one equal to its file says no fix is.
			for _, f := range acts[0].Package.Syntax {
				name := acts[0].Package.Fset.File(f.FileStart).Name()
				if edits[name] != nil {
					continue
				}
				src, err1 := os.ReadFile(name)
				golden, err2 := os.ReadFile(name + ".golden")
				if err1 == nil && err2 == nil && !bytes.Equal(src, golden) {
					t.Errorf("%s: the golden file has fixes, and none is made", name)
				}
			}
		}
	}
	if checked == 0 {
		t.Errorf("no fixes in %v to compare with golden files", pkgs)
	}
}

// UpdateEnv names the environment variable that, set, makes Golden
// write the fixed Go files over their golden files instead of comparing
// them: review the change with git diff.
const UpdateEnv = "IDEMLINT_UPDATE_GOLDEN"

// fileEdits are a fix's edits as offsets, per file.
func fileEdits(fset *token.FileSet, f analysis.SuggestedFix) map[string][]udiff.Edit {
	out := make(map[string][]udiff.Edit)
	for _, e := range f.TextEdits {
		tf := fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		out[tf.Name()] = append(out[tf.Name()], udiff.Edit{Start: tf.Offset(e.Pos), End: tf.Offset(end), New: string(e.NewText)})
	}
	return out
}

// compareGolden applies the edits to the file and compares the result,
// formatted, with its .golden file.
func compareGolden(t *testing.T, pkg *types.Package, name string, edits []udiff.Edit) {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(name + ".golden")
	if err != nil {
		t.Errorf("%s has fixes and no golden file: %v", name, err)
		return
	}
	applied, err := udiff.ApplyBytes(src, edits)
	if err != nil {
		t.Errorf("%s: applying the fixes: %v", name, err)
		return
	}
	if !strings.HasSuffix(name, ".go") {
		// A query file a fix edits beside the Go that sqlc generates
		// from it: compared as it is.
		if d := udiff.Unified(name+".golden", name+" (fixed)", string(golden), string(applied)); d != "" {
			t.Errorf("the fixed file differs from its golden file:\n%s", d)
		}
		return
	}
	got, err := fix.Format(pkg, applied)
	if err != nil {
		t.Errorf("%s: the fixed file does not parse: %v\n%s", name, err, applied)
		return
	}
	if os.Getenv(UpdateEnv) != "" {
		if err := os.WriteFile(name+".golden", got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := format.Source(golden)
	if err != nil {
		t.Errorf("%s.golden does not parse: %v", name, err)
		return
	}
	if d := udiff.Unified(name+".golden", name+" (fixed)", string(bytes.TrimSpace(want))+"\n", string(bytes.TrimSpace(got))+"\n"); d != "" {
		t.Errorf("the fixed file differs from its golden file:\n%s", d)
	}
}
