package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestGoldenFilesCompile type-checks every golden file of every check: a
// suggested fix
// that does not compile is a failure. Each golden file replaces its
// source in a copy of the testdata tree, which go vet then checks in
// GOPATH mode against the same stubs the analyzer tests use.
func TestGoldenFilesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	testdata := filepath.Join(testmod.Root(t), "testdata")
	goldens, err := filepath.Glob(filepath.Join(testdata, "src", "*", "*", "*.golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden files found: %v", err)
	}
	gopath := t.TempDir()
	if err := os.CopyFS(filepath.Join(gopath, "src"), os.DirFS(filepath.Join(testdata, "src"))); err != nil {
		t.Fatal(err)
	}
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
		cmd := exec.Command("go", "vet", "./"+filepath.ToSlash(pkg))
		cmd.Dir = filepath.Join(gopath, "src")
		cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s does not compile:\n%s", rel, out)
		}
		if out, err := exec.Command("gofmt", "-l", target).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("%s is not gofmt-clean: %s %v", rel, out, err)
		}
	}
}
