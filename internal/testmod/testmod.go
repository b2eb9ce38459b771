// Package testmod holds what the end-to-end tests share: finding the
// repository, building idemlint, and running commands in copies of the
// modules under testdata/mod, which build against the real libraries.
package testmod

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// BuildsEnv is the environment variable that enables the end-to-end
// tests that compile a large program of their own (golangci-lint with
// the plugin, gopls with idemlint): minutes each on a cold build cache.
// .ci/run sets it; a plain go test ./... skips them.
const BuildsEnv = "IDEMLINT_E2E_BUILDS"

// NeedBuilds skips the test unless BuildsEnv is set to 1; what names
// the program the test would build.
func NeedBuilds(t testing.TB, what string) {
	t.Helper()
	if os.Getenv(BuildsEnv) != "1" {
		t.Skipf("builds %s: set %s=1 to run (.ci/run does)", what, BuildsEnv)
	}
}

// binDir holds the idemlint binary the tests of a package share; Main
// sets it.
var binDir string

// build is the one build of idemlint of a test binary.
var build struct {
	once sync.Once
	bin  string
	err  error
}

// Main runs the tests of a package that uses Idemlint, and removes the
// binary they share afterwards: call it from TestMain. The runs of the
// binary share a declaration cache of their own, which starts empty, so
// that the tests neither read nor fill the user's.
func Main(m *testing.M) {
	dir, err := os.MkdirTemp("", "idemlint-test-")
	if err == nil {
		err = os.Setenv("IDEMLINT_CACHE", filepath.Join(dir, "cache"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Idemlint skips the test under -short or without the go command, and
// otherwise returns the go command, the repository's root and the
// idemlint binary, built from cmd/idemlint on first use and shared by the
// tests of the package (see Main).
func Idemlint(t *testing.T) (goCmd, root, bin string) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: builds idemlint and downloads the modules' dependencies")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("end-to-end: go is not on PATH")
	}
	root = Root(t)
	if binDir == "" {
		t.Fatal("testmod.Idemlint: the package's TestMain must call testmod.Main")
	}
	build.once.Do(func() {
		build.bin = filepath.Join(binDir, "idemlint")
		cmd := exec.Command(goCmd, "build", "-o", build.bin, "./cmd/idemlint")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			build.err = fmt.Errorf("go build ./cmd/idemlint: %v\n%s", err, out)
		}
	})
	if build.err != nil {
		t.Fatal(build.err)
	}
	return goCmd, root, build.bin
}

// SharedDir returns a new directory that lasts until the package's tests
// are done (see Main): for what several tests read, such as a copy of a
// module that one run of idemlint analyses for all of them.
func SharedDir(t *testing.T) string {
	t.Helper()
	if binDir == "" {
		t.Fatal("testmod.SharedDir: the package's TestMain must call testmod.Main")
	}
	dir, err := os.MkdirTemp(binDir, "shared-")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Root returns the repository's root: two directories up from this file.
func Root(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("testmod: no caller information")
	}
	root := filepath.Join(filepath.Dir(file), "..", "..")
	if _, err := os.Stat(filepath.Join(root, "cmd", "idemlint")); err != nil {
		t.Fatalf("repository root not found: %v", err)
	}
	return root
}

// CopyModule copies a module to a temporary directory, so that neither
// the edits of a test (-fix) nor go's downloads touch the tree.
func CopyModule(t *testing.T, src string) string {
	t.Helper()
	return CopyModuleTo(t, src, t.TempDir())
}

// CopyModuleTo copies a module into the directory parent, as CopyModule
// does into a temporary directory of the test.
func CopyModuleTo(t *testing.T, src, parent string) string {
	t.Helper()
	dst := filepath.Join(parent, filepath.Base(src))
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
	// Resolve symbolic links (a temporary directory under /private on
	// macOS), so that the reported paths are below dst.
	dst, err := filepath.EvalSymlinks(dst)
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// Command runs name in dir, with downloads allowed and outside any
// workspace.
func Command(dir, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"),
		"GOWORK=off",
	)
	return cmd
}

// ExitCode returns the exit code of a command's error: 0 for none, -1
// when the command did not run.
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	return -1
}

// ReadTree maps each file below dir, by slash path relative to it, to its
// content: what a test compares before and after -fix.
func ReadTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
