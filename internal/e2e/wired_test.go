package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/testmod"
)

// wiredMarker marks, in a composition root, the line where go vet reports
// the findings that handlers of other packages reach through interfaces
// the root wires: one code per finding.
var wiredMarker = regexp.MustCompile(`//\s*wired:\s*([A-Z]+[0-9]+(?:\s+[A-Z]+[0-9]+)*)\s*$`)

// TestWiredModule runs idemlint on testdata/mod/cleanarch, a service laid
// out as clean architecture: cmd/server wires internal/http's handlers
// to internal/app's service, and the service to internal/postgres's
// repository (pgx), each reached through an interface. The standalone
// driver loads the whole program and reports each finding at its
// // finding: marker; go vet analyses one package at a time and reports
// them where main wires the handlers, at the // wired: marker.
func TestWiredModule(t *testing.T) {
	t.Parallel()
	checkWiredModule(t, "cleanarch", 2)
}

// TestDotlessModule runs idemlint on testdata/mod/bank, whose module
// path has no dot, as a service's module often has: its packages look
// like the standard library's by their paths, and are still the
// program's implementations.
func TestDotlessModule(t *testing.T) {
	t.Parallel()
	checkWiredModule(t, "bank", 1)
}

// checkWiredModule runs the standalone driver and go vet on a module of
// testdata/mod with at least the given number of finding and safe markers, and a wired
// marker per finding, and compares each with its markers.
func checkWiredModule(t *testing.T, name string, least int) {
	goCmd, root, bin := testmod.Idemlint(t)
	src := filepath.Join(root, "testdata", "mod", name)
	rel := "testdata/mod/" + name
	want, _, safe := markers(t, src)
	vetWant := wiredMarkers(t, src)
	if len(want) < least || safe < least || len(vetWant) != len(want) {
		t.Fatalf("%d finding, %d safe and %d wired markers in %s; want at least %d and %d, and a wired marker per finding", len(want), safe, len(vetWant), src, least, least)
	}
	dir := testmod.CopyModule(t, src)

	stdout, _ := run(t, dir, bin, "-json", "./...")
	diffFindings(t, "idemlint -json ./...", rel, want, parseVetJSON(t, dir, stdout))

	stdout, stderr := run(t, dir, goCmd, "vet", "-vettool="+bin, "-json", "./...")
	diffFindings(t, "go vet -vettool=idemlint -json ./...", rel, vetWant, parseVetJSON(t, dir, append(stdout, stderr...)))
}

// wiredMarkers reads the // wired: markers of a module: one finding per
// code, at the marker's line.
func wiredMarkers(t *testing.T, dir string) []finding {
	return lineMarkers(t, dir, wiredMarker)
}

// lineMarkers reads the markers re matches in a module's Go files: one
// finding per code of its first group, at the marker's line.
func lineMarkers(t *testing.T, dir string, re *regexp.Regexp) []finding {
	t.Helper()
	var out []finding
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for i, line := range strings.Split(string(data), "\n") {
			if m := re.FindStringSubmatch(line); m != nil {
				for _, code := range strings.Fields(m[1]) {
					out = append(out, finding{File: filepath.ToSlash(rel), Line: i + 1, Analyzer: analyzerOf[code], Code: code})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(out, compareFindings)
	return out
}
