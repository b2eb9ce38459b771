package e2e

import (
	"bytes"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestGoldenFilesCompile type-checks every golden file of every check: a
// suggested fix that does not compile is a failure. The golden files
// replace their sources in a copy of the testdata tree, which one go vet
// then checks in GOPATH mode against the same stubs the analyzer tests
// use; each golden file must also be gofmt-clean.
func TestGoldenFilesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	t.Parallel()
	testdata := filepath.Join(testmod.Root(t), "testdata")
	goldens, err := filepath.Glob(filepath.Join(testdata, "src", "*", "*", "*.golden"))
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
		if pkg := "./" + filepath.ToSlash(pkg); !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
		if src, err := format.Source(data); err != nil || !bytes.Equal(src, data) {
			t.Errorf("%s is not gofmt-clean (%v)", rel, err)
		}
	}
	cmd := exec.Command("go", append([]string{"vet"}, pkgs...)...)
	cmd.Dir = filepath.Join(gopath, "src")
	cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the golden files do not compile: go vet %s: %v\n%s", strings.Join(pkgs, " "), err, out)
	}
}
