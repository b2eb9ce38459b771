package load

import (
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/config"
)

// TestLoad loads a package of the analyzer tests' GOPATH tree: it and
// the packages of no module are checked from source, with syntax and
// their imports; the standard library is read from export data, with
// types and no syntax, and ends the graph.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command, which compiles the standard library's export data")
	}
	gopath, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{Fset: token.NewFileSet(), Env: append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")}
	roots, err := Load(cfg, catalog.New(config.Default()), "freshid/basic")
	if err != nil {
		t.Fatal(err)
	}
	if len(roots) != 1 {
		t.Fatalf("%d packages for one pattern", len(roots))
	}
	root := roots[0]
	if len(root.Errors) > 0 || root.IllTyped {
		t.Fatalf("errors: %v", root.Errors)
	}
	for path, source := range map[string]bool{
		"github.com/google/uuid": true, // a package of no module
		"net/http":               false,
		"database/sql":           false,
	} {
		imp := root.Imports[path]
		switch {
		case imp == nil || imp.Types == nil || !imp.Types.Complete():
			t.Errorf("%s: not loaded with complete types", path)
		case source && (len(imp.Syntax) == 0 || imp.TypesInfo == nil || len(imp.TypesInfo.Defs) == 0):
			t.Errorf("%s: not checked from source", path)
		case !source && (len(imp.Syntax) > 0 || len(imp.Imports) > 0):
			t.Errorf("%s: read from export data, but has syntax or imports in the graph", path)
		}
	}
	// The root's uses of http.Request are of the type net/http's export
	// data declares.
	request := root.Imports["net/http"].Types.Scope().Lookup("Request")
	uses := 0
	for id, obj := range root.TypesInfo.Uses {
		if id.Name == "Request" && obj.Pkg() != nil && obj.Pkg().Path() == "net/http" {
			uses++
			if obj != request {
				t.Errorf("%s: http.Request is not the object of net/http's types", cfg.Fset.Position(id.Pos()))
			}
		}
	}
	if uses == 0 {
		t.Error("no use of http.Request in the root")
	}
}

// TestLoadCgo loads a package that uses cgo: it is type-checked from the
// files cgo makes, which the graph does not list.
func TestLoadCgo(t *testing.T) {
	needCgo(t)
	pkg := loadTree(t, true, map[string]string{
		"go.mod": "module example.com/cgo\n\ngo 1.22\n",
		"c.go":   "package cgo\n\n// int twice(int x) { return 2 * x; }\nimport \"C\"\n\nfunc Twice(x int) int { return int(C.twice(C.int(x))) }\n",
	})
	if len(pkg.Errors) > 0 || pkg.Types == nil || pkg.Types.Scope().Lookup("Twice") == nil {
		t.Fatalf("errors %v, types %v", pkg.Errors, pkg.Types)
	}
	if slices.Equal(pkg.CompiledGoFiles, pkg.GoFiles) {
		t.Errorf("checked from the Go files %v, not the files cgo makes", pkg.GoFiles)
	}
}

// TestLoadDecls loads a module whose dependency imports nothing a check
// looks for: the dependency's declarations are type-checked, without
// its function bodies, and it is not analysed.
func TestLoadDecls(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root := loadTree(t, false, withDep(
		"package m\n\nimport \"example.com/dep\"\n\nfunc Total(xs []dep.Item) int { return dep.Sum(xs) }\n",
		// A body that does not type-check: only the compiler reports it.
		"package dep\n\ntype Item struct{ N int }\n\nfunc Sum(xs []Item) int { var s string = 1; _ = s; return len(xs) }\n",
	))
	if len(root.Errors) > 0 || root.IllTyped {
		t.Fatalf("errors: %v", root.Errors)
	}
	dep := root.Imports["example.com/dep"]
	if dep == nil || dep.Types == nil || dep.Types.Scope().Lookup("Sum") == nil {
		t.Fatalf("example.com/dep has no types: %+v", dep)
	}
	if len(dep.Syntax) > 0 || len(dep.Imports) > 0 || len(dep.Errors) > 0 {
		t.Errorf("example.com/dep: %d files of syntax, %d imports, errors %v; want a leaf without syntax or errors", len(dep.Syntax), len(dep.Imports), dep.Errors)
	}
}

// needCgo skips the test under -short or without a C compiler, and
// turns cgo on.
func needCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command and cgo")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler for cgo")
	}
	t.Setenv("CGO_ENABLED", "1")
}

// withDep is module example.com/m, whose file m.go is m, with
// example.com/dep, whose file dep.go is dep, replaced by a directory.
func withDep(m, dep string) map[string]string {
	return map[string]string{
		"go.mod":     "module example.com/m\n\ngo 1.22\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ./dep\n",
		"m.go":       m,
		"dep/go.mod": "module example.com/dep\n\ngo 1.22\n",
		"dep/dep.go": dep,
	}
}

// loadTree writes the files of a module into a new directory and loads
// its package there, with its tests if tests is set.
func loadTree(t *testing.T, tests bool, files map[string]string) *packages.Package {
	t.Helper()
	return loadTreeAt(t, writeTree(t, files), tests)
}

// loadTreeAt loads the package of the module in dir.
func loadTreeAt(t *testing.T, dir string, tests bool) *packages.Package {
	t.Helper()
	t.Chdir(dir)
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	roots, err := Load(&packages.Config{Fset: token.NewFileSet(), Tests: tests}, catalog.New(config.Default()), ".")
	if err != nil {
		t.Fatal(err)
	}
	return roots[0]
}

// writeTree writes the files, by slash-separated path, into a new
// directory and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLoadDeclsCgo loads a module whose dependency uses cgo and declares
// a constant from C: its declarations are checked from the files cgo
// makes, so that the constant has a type where the module uses it.
func TestLoadDeclsCgo(t *testing.T) {
	needCgo(t)
	root := loadTree(t, false, withDep(
		"package m\n\nimport \"example.com/dep\"\n\nfunc Any() int32 { return dep.Any }\n",
		"package dep\n\n// #define ANY_PARTITION -1\nimport \"C\"\n\nconst Any = int32(C.ANY_PARTITION)\n",
	))
	if len(root.Errors) > 0 || root.IllTyped {
		t.Errorf("errors: %v", root.Errors)
	}
	// An invalid type would go unreported here (go/types reports no
	// error that an invalid operand causes), and be one in a struct
	// literal elsewhere.
	if c := root.Imports["example.com/dep"].Types.Scope().Lookup("Any"); c == nil || !types.Identical(c.Type(), types.Typ[types.Int32]) {
		t.Errorf("dep.Any is %v, want an int32 constant", c)
	}
}

// TestLoadUnsafe names unsafe by a pattern, as std does, beside a
// package that uses it: unsafe gets the compiler's types, not those its
// source declares, and its importer type-checks.
func TestLoadUnsafe(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	cfg := &packages.Config{Fset: token.NewFileSet()}
	roots, err := Load(cfg, catalog.New(config.Default()), "unsafe", "internal/abi")
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range roots {
		if len(pkg.Errors) > 0 || pkg.IllTyped {
			t.Errorf("%s: errors %v", pkg.PkgPath, pkg.Errors)
		}
		if pkg.PkgPath == "unsafe" && pkg.Types != types.Unsafe {
			t.Errorf("unsafe has the types of its source")
		}
	}
}
