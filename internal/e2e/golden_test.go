package e2e

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/internal/testmod"
)

// TestGoldenFilesCompile type-checks every Go golden file of every check: a
// suggested fix that does not compile is a failure. The golden files
// replace their sources in a copy of the testdata tree, whose packages
// are then type-checked, with their tests, against the same stubs the
// analyzer tests use; each golden file must also be gofmt-clean.
func TestGoldenFilesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	t.Parallel()
	testdata := filepath.Join(testmod.Root(t), "testdata")
	var goldens []string
	err := filepath.WalkDir(filepath.Join(testdata, "src"), func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".go.golden") {
			goldens = append(goldens, path)
		}
		return err
	})
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden files found: %v", err)
	}
	gopath := t.TempDir()
	if err := os.CopyFS(filepath.Join(gopath, "src"), os.DirFS(filepath.Join(testdata, "src"))); err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, golden := range goldens {
		rel, _ := filepath.Rel(testdata, golden)
		data, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(gopath, strings.TrimSuffix(rel, ".golden"))
		if err := os.WriteFile(target, data, 0o644); err != nil {
			t.Fatal(err)
		}
		pkg, _ := filepath.Rel(filepath.Join(gopath, "src"), filepath.Dir(target))
		if pkg := filepath.ToSlash(pkg); !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
		if src, err := format.Source(data); err != nil || !bytes.Equal(src, data) {
			t.Errorf("%s is not gofmt-clean (%v)", rel, err)
		}
	}
	loaded := checktest.Load(t, gopath, true, pkgs...)
	if len(loaded) < len(pkgs) {
		t.Fatalf("%d packages loaded for %d with golden files", len(loaded), len(pkgs))
	}
	for _, pkg := range loaded {
		for _, err := range pkg.Errors {
			t.Errorf("the golden files of %s do not compile: %v", pkg.PkgPath, err)
		}
	}
}
