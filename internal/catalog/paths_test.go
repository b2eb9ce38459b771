package catalog

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// rowPaths returns the package paths the catalog's rows name. Standard
// library packages count only when they are an API the catalog describes
// (database/sql, net/http): fmt or crypto/sha256 are also code a fix
// writes.
func rowPaths() map[string]bool {
	paths := map[string]bool{}
	add := func(path string, api bool) {
		if path != "" && (api || !isStd(path)) {
			paths[path] = true
		}
	}
	for _, table := range []map[string]bool{setOf(generators), setOf(derivers), setOf(sqlCalls), setOf(modelCalls),
		setOf(modelUpdates), setOf(slotCalls), setOf(headerSetters), setOf(headerGetters), setOf(registrations),
		setOf(loopReceivers), setOf(contextRoots), setOf(pubOptions), setOf(opKeyMethods), setOf(opKeyFields), goLaunchers,
		setOf(slotFields), setOf(keySources), setOf(deliveryChans), grpcRegistrars, grpcServiceRegistrations} {
		for key := range table {
			add(keyPackage(strings.TrimSuffix(key, "...")), false)
		}
	}
	for key := range externals {
		add(keyPackage(key), true)
	}
	for _, d := range drivers {
		add(d.Path, true)
	}
	for _, o := range orms {
		add(o.Path, false)
		add(o.ClausePath, false)
	}
	for _, c := range httpClients {
		add(c.Path, true)
	}
	for _, r := range routers {
		add(r.Path, true)
	}
	for _, u := range uuidTypes {
		add(u.Path, false)
	}
	for _, h := range pointerHelpers {
		add(h.Module, false)
		add(h.Path, false)
	}
	for _, m := range catalogued {
		add(m, false)
	}
	add(stripeModule, false)
	return paths
}

// namesPath reports whether the string s names package path: the path
// itself, or a qualified name or key built on it ("*path.T", "(path.T).M",
// "path/sub").
func namesPath(s, path string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], path)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(path)
		before := start == 0 || strings.ContainsRune("(*] ", rune(s[start-1]))
		after := end == len(s) || s[end] == '.' || s[end] == '/'
		if before && after {
			return true
		}
		i = start + 1
	}
}

// TestOnlyCatalogNamesLibraries enforces that library knowledge lives in
// the catalog: no non-test Go file of the module outside this package
// (and testdata) has a string literal naming a package the catalog's
// rows describe. Import declarations are code, not knowledge, and are
// left out.
func TestOnlyCatalogNamesLibraries(t *testing.T) {
	paths := rowPaths()
	if !paths["database/sql"] || !paths["gorm.io/gorm"] || !paths["github.com/google/uuid"] {
		t.Fatalf("rowPaths misses catalogued libraries: %d paths", len(paths))
	}
	root := filepath.Join("..", "..")
	here, _ := filepath.Abs(".")
	var offences []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			abs, _ := filepath.Abs(file)
			name := d.Name()
			if abs == here || name == "testdata" || name == "examples" || file != root && strings.HasPrefix(name, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		imports := map[*ast.BasicLit]bool{}
		for _, imp := range f.Imports {
			imports[imp.Path] = true
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || imports[lit] {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for path := range paths {
				if namesPath(s, path) {
					offences = append(offences, fset.Position(lit.Pos()).String()+": "+lit.Value)
					break
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(offences)
	for _, o := range offences {
		t.Errorf("%s names a catalogued library: ask the catalog instead", o)
	}
}

func TestNamesPath(t *testing.T) {
	for _, c := range []struct {
		s, path string
		want    bool
	}{
		{"net/http", "net/http", true},
		{"*net/http.Request", "net/http", true},
		{"(*github.com/jackc/pgx/v5.Conn).Exec", "github.com/jackc/pgx/v5", true},
		{"github.com/jackc/pgx/v5/pgxpool", "github.com/jackc/pgx/v5", true},
		{"[]google.golang.org/grpc.CallOption", "google.golang.org/grpc", true},
		{"net/httptest", "net/http", false},
		{"an HTTP POST", "net/http", false},
		{"github.com/idemlint/idemlint", "github.com/idemlint/idemlint/x", false},
	} {
		if got := namesPath(c.s, c.path); got != c.want {
			t.Errorf("namesPath(%q, %q) = %v, want %v", c.s, c.path, got, c.want)
		}
	}
}
