package load

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestMain keeps the package's loads out of the user's declaration
// cache; the tests of the cache give it a directory of their own.
func TestMain(m *testing.M) {
	os.Setenv(cacheEnv, "off")
	os.Exit(m.Run())
}

// TestDeclCache loads a module twice with a declaration cache: the
// second load reads the dependency's types from the entry the first
// wrote, and a change to the dependency's file is a new key.
func TestDeclCache(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	t.Setenv(cacheEnv, dir)
	files := withDep(
		"package m\n\nimport \"example.com/dep\"\n\nfunc Total(xs []dep.Item) int { return dep.Sum(xs) }\n",
		"package dep\n\ntype Item struct{ N int }\n\nfunc Sum(xs []Item) int { return len(xs) }\n",
	)
	tree := writeTree(t, files)
	load := func() *types.Package {
		t.Helper()
		root := loadTreeAt(t, tree, false)
		if len(root.Errors) > 0 {
			t.Fatalf("errors: %v", root.Errors)
		}
		return root.Imports["example.com/dep"].Types
	}
	first := load()
	entries := cacheEntries(t, dir)
	if len(entries) == 0 {
		t.Fatal("the first load wrote no cache entry")
	}
	if got := declared(first); got != "Item Sum" {
		t.Fatalf("dep declares %q", got)
	}

	// Each entry the first load wrote now holds a package that declares
	// one more name, which only a load that reads the cache can see.
	marked := typesEntry(t, "package dep\n\ntype Item struct{ N int }\n\nfunc Sum(xs []Item) int { return 0 }\n\nvar FromCache int\n")
	for _, e := range entries {
		if err := os.WriteFile(e, marked, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := declared(load()); got != "FromCache Item Sum" {
		t.Errorf("second load: dep declares %q; want the cached entry's FromCache Item Sum", got)
	}

	// A changed file is another key.
	depFile := filepath.Join(tree, "dep", "dep.go")
	os.WriteFile(depFile, []byte(files["dep/dep.go"]+"\nfunc Count() int { return 1 }\n"), 0o644)
	if got := declared(load()); got != "Count Item Sum" {
		t.Errorf("after a change to dep.go: dep declares %q; want Count Item Sum", got)
	}

	// An entry that cannot be read is checked again.
	for _, e := range cacheEntries(t, dir) {
		os.WriteFile(e, []byte("not export data"), 0o644)
	}
	if got := declared(load()); got != "Count Item Sum" {
		t.Errorf("with unreadable entries: dep declares %q; want Count Item Sum", got)
	}
}

// TestDeclCacheOff checks that IDEMLINT_CACHE=off turns the cache off
// and that, unset, it is idemlint in the user's cache directory.
func TestDeclCacheOff(t *testing.T) {
	base := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", base)
	t.Setenv("HOME", base)
	if runtime.GOOS == "windows" {
		t.Setenv("LocalAppData", base)
	}
	if c := openCache([]string{cacheEnv + "=off"}); c.dir != "" {
		t.Errorf("IDEMLINT_CACHE=off: cache in %s", c.dir)
	}
	if c := openCache([]string{cacheEnv + "=x", cacheEnv + "=off"}); c.dir != "" {
		t.Errorf("IDEMLINT_CACHE=x then off: cache in %s; want the last setting to win", c.dir)
	}
	if entries, _ := os.ReadDir(base); len(entries) > 0 {
		t.Errorf("IDEMLINT_CACHE=off wrote %s", entries[0].Name())
	}
	t.Setenv(cacheEnv, "")
	c := openCache(nil)
	if userDir, err := os.UserCacheDir(); err == nil && c.dir != filepath.Join(userDir, "idemlint") {
		t.Errorf("IDEMLINT_CACHE unset: cache in %q; want idemlint in %s", c.dir, userDir)
	}
}

// TestDeclCacheTrim checks that a trim removes the entries unused for
// trimAge and keeps the others, and waits trimEvery before the next.
func TestDeclCacheTrim(t *testing.T) {
	c := &declCache{dir: t.TempDir()}
	old, recent := strings.Repeat("a", 64), strings.Repeat("b", 64)
	c.put(old, []byte("old"))
	c.put(recent, []byte("recent"))
	now := time.Now()
	past := now.Add(-trimAge - time.Hour)
	os.Chtimes(c.file(old), past, past)
	c.trim(now)
	if c.get(old) != nil || c.get(recent) == nil {
		t.Errorf("after a trim: old entry %q, recent entry %q; want only the recent one", c.get(old), c.get(recent))
	}
	c.put(old, []byte("old"))
	os.Chtimes(c.file(old), past, past)
	c.trim(now.Add(time.Hour))
	if c.get(old) == nil {
		t.Error("a second trim within trimEvery removed an entry")
	}
}

func cacheEntries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := filepath.Glob(filepath.Join(dir, "*", "*-d"))
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// declared lists the names a package declares, sorted.
func declared(pkg *types.Package) string {
	return strings.Join(pkg.Scope().Names(), " ")
}

// typesEntry is the cache entry of a package example.com/dep of src.
func typesEntry(t *testing.T, src string) []byte {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "dep.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("example.com/dep", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := encodeTypes(fset, pkg)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestDeclCacheStd loads a package that imports the standard library
// twice with a declaration cache: the second load reads the standard
// library's types from the cache, without asking the go command for
// their export data.
func TestDeclCacheStd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	t.Setenv(cacheEnv, t.TempDir())
	tree := writeTree(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"m.go":   "package m\n\nimport \"strconv\"\n\nvar S = strconv.Itoa(1)\n",
	})
	for i, wantExport := range []bool{true, false} {
		root := loadTreeAt(t, tree, false)
		if len(root.Errors) > 0 {
			t.Fatalf("load %d: errors: %v", i+1, root.Errors)
		}
		std := root.Imports["strconv"]
		if std.Types == nil || std.Types.Scope().Lookup("Itoa") == nil {
			t.Fatalf("load %d: strconv has no Itoa", i+1)
		}
		if got := std.ExportFile != ""; got != wantExport {
			t.Errorf("load %d: strconv's export data asked for: %v, want %v", i+1, got, wantExport)
		}
	}
}
