package main

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/aymanbagabas/go-udiff"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/idemlint/idemlint/internal/fix"
)

// -fix applies the first suggested fix of each finding, as go vet -fix
// does: each fix is an independent change, merged over the ones before
// it as a three-way merge would (identical edits, such as the same
// import added twice, coalesce); a fix that does not merge cleanly, or
// that edits a generated file and not the file it is generated from, is
// left out and counted. Each changed Go file is formatted, with the
// imports the fixes left unused removed.
// -diff prints the change as a unified diff instead of writing it.

// A fixer accumulates the edits of the fixes that merged.
type fixer struct {
	baseline map[string][]byte         // each edited file, as read
	edits    map[string][]udiff.Edit   // merged edits per file
	pkgs     map[string]*types.Package // a package of each edited file
	applied  int
	skipped  int // fixes that edit generated files
	total    int
}

// A fixAction is what applyFixes needs of one analysis of one package.
type fixAction struct {
	name        string // analyzer@package
	pkg         *types.Package
	fset        *token.FileSet
	files       []*ast.File
	diagnostics []analysis.Diagnostic
}

// fixActions are the analyses of the graph's roots.
func fixActions(graph *checker.Graph) []fixAction {
	acts := make([]fixAction, len(graph.Roots))
	for i, act := range graph.Roots {
		acts[i] = fixAction{act.String(), act.Package.Types, act.Package.Fset, act.Package.Syntax, act.Diagnostics}
	}
	return acts
}

// applyFixes applies the fixes of the findings, or with diff prints them
// to w, and returns an error that says how many could not be applied, if
// any.
func applyFixes(acts []fixAction, w io.Writer, diff bool) error {
	f := &fixer{baseline: map[string][]byte{}, edits: map[string][]udiff.Edit{}, pkgs: map[string]*types.Package{}}
	for _, act := range acts {
		generated := generatedFiles(act.fset, act.files)
		for _, d := range act.diagnostics {
			for i := range d.SuggestedFixes {
				if i > 0 {
					fmt.Fprintf(os.Stderr, "idemlint: %s: ignoring alternative fix %q\n", act.name, d.SuggestedFixes[i].Message)
					continue
				}
				if err := f.add(act, &d.SuggestedFixes[0], generated); err != nil {
					return err
				}
			}
		}
	}
	updated, files, err := f.write(w, diff)
	if err != nil {
		return err
	}
	if bad := f.total - f.applied - f.skipped; bad > 0 || updated < files {
		if diff {
			return fmt.Errorf("%d of %s skipped (e.g. due to conflicts)", bad, plural(f.total, "fix", "fixes"))
		}
		return fmt.Errorf("applied %d of %s; %s updated. (Re-run the command to apply more.)",
			f.applied, plural(f.total, "fix", "fixes"), plural(updated, "file", "files"))
	}
	return nil
}

// generatedFiles maps the files that say they are generated to the
// name of the file they say they are generated from ("// source:
// query.sql", as sqlc writes), or "".
func generatedFiles(fset *token.FileSet, files []*ast.File) map[*token.File]string {
	gen := make(map[*token.File]string)
	for _, file := range files {
		if ast.IsGenerated(file) {
			gen[fset.File(file.FileStart)] = generatedFrom(file)
		}
	}
	return gen
}

// generatedFrom returns the name a generated file's header gives its
// source, or "".
func generatedFrom(file *ast.File) string {
	for _, cg := range file.Comments {
		if cg.Pos() > file.Package {
			break
		}
		for _, c := range cg.List {
			if name, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(c.Text, "//")), "source: "); ok {
				return strings.TrimSpace(name)
			}
		}
	}
	return ""
}

// editsSource reports whether a fix edits the file named source (by its
// base name): the query file that sqlc generated a file from, edited
// alike, so that the generated file's edit survives the next generation.
func editsSource(fset *token.FileSet, fix *analysis.SuggestedFix, source string) bool {
	for _, edit := range fix.TextEdits {
		if source != "" && filepath.Base(fset.File(edit.Pos).Name()) == filepath.Base(source) {
			return true
		}
	}
	return false
}

// add merges one fix over the fixes merged before it, whole or not at
// all.
func (f *fixer) add(act fixAction, fix *analysis.SuggestedFix, generated map[*token.File]string) error {
	f.total++
	fset := act.fset
	byFile := make(map[string][]udiff.Edit)
	for _, edit := range fix.TextEdits {
		file := fset.File(edit.Pos)
		if source, ok := generated[file]; ok && !editsSource(fset, fix, source) {
			f.skipped++
			return nil
		}
		name := file.Name()
		if _, ok := f.baseline[name]; !ok {
			content, err := os.ReadFile(name)
			if err != nil {
				fmt.Fprintf(os.Stderr, "idemlint: skipping fix to file %s: %v\n", name, err)
				return nil
			}
			// A file that changed size since it was parsed was written
			// meanwhile, and so may others have been.
			if file.Size() != len(content) {
				return fmt.Errorf("%s changed while it was analysed (%d bytes, now %d); no fix was applied", name, file.Size(), len(content))
			}
			f.baseline[name] = content
		}
		f.pkgs[name] = act.pkg
		end := edit.End
		if !end.IsValid() {
			end = edit.Pos // an insertion
		}
		byFile[name] = append(byFile[name], udiff.Edit{Start: file.Offset(edit.Pos), End: file.Offset(end), New: string(edit.NewText)})
	}
	merged := make(map[string][]udiff.Edit)
	for name, edits := range byFile {
		// A fix's edits may come in any order (go/analysis does not
		// ask for one); the merge reads them in the file's.
		slices.SortStableFunc(edits, func(a, b udiff.Edit) int { return cmp.Compare(a.Start, b.Start) })
		if prev := f.edits[name]; len(prev) > 0 {
			var ok bool
			if overlaps(prev, edits) {
				return nil // edits text a fix applied before it edits too
			}
			if edits, ok = udiff.Merge(prev, edits); !ok {
				return nil // conflicts with a fix applied before it
			}
		}
		merged[name] = edits
	}
	maps.Copy(f.edits, merged)
	f.applied++
	return nil
}

// overlaps reports whether an edit of b touches text an edit of a
// changes, or inserts where one of a does, other than by being the same
// edit: a merge would interleave them (an insertion inside a replaced
// range would land before the replacement), so the later fix is left
// out, to apply on the next run.
func overlaps(a, b []udiff.Edit) bool {
	for _, x := range a {
		for _, y := range b {
			switch {
			case x == y:
			case x.Start == x.End && y.Start == y.End:
				if x.Start == y.Start {
					return true // two insertions at one place, in no known order
				}
			case x.Start == x.End:
				if y.Start <= x.Start && x.Start <= y.End {
					return true
				}
			case y.Start == y.End:
				if x.Start <= y.Start && y.Start <= x.End {
					return true
				}
			case x.Start < y.End && y.Start < x.End:
				return true
			}
		}
	}
	return false
}

// write writes each edited file, formatted, or prints its diff, in the
// order of the files' names, and returns how many files it wrote of how
// many it meant to.
func (f *fixer) write(w io.Writer, diff bool) (updated, files int, err error) {
	for _, name := range slices.Sorted(maps.Keys(f.edits)) {
		edits := f.edits[name]
		if len(edits) == 0 {
			continue
		}
		before := f.baseline[name]
		after, err := udiff.ApplyBytes(before, edits)
		if err != nil {
			return updated, files, fmt.Errorf("%s: applying the fixes: %v", name, err)
		}
		if strings.HasSuffix(name, ".go") { // a query file stays as it was written
			if formatted, err := fix.Format(f.pkgs[name], after); err == nil {
				after = formatted
			}
		}
		if diff {
			io.WriteString(w, udiff.Unified(name+" (old)", name+" (new)", string(before), string(after)))
			continue
		}
		files++
		if err := os.WriteFile(name, after, 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
			continue
		}
		updated++
	}
	return updated, files, nil
}

// plural is "n nouns", or "1 noun".
func plural(n int, singular, plural string) string {
	if n == 1 {
		return "1 " + singular
	}
	return fmt.Sprintf("%d %s", n, plural)
}
