// Package testmod holds what the end-to-end tests share: finding the
// repository, building idemlint, and running commands in copies of the
// modules under testdata/mod, which build against the real libraries.
package testmod

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Idemlint skips the test under -short or without the go command, and
// otherwise builds cmd/idemlint into a temporary directory. It returns
// the go command, the repository's root and the binary.
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
	bin = filepath.Join(t.TempDir(), "idemlint")
	cmd := exec.Command(goCmd, "build", "-o", bin, "./cmd/idemlint")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/idemlint: %v\n%s", err, out)
	}
	return goCmd, root, bin
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
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
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
