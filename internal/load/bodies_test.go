package load

import (
	"go/ast"
	"go/build"
	goimporter "go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBlankBodies(t *testing.T) {
	src := `package p

type T struct{ a, b int }

type I interface{ M() int }

var n = [...]int{1, 2, 3}

var m = map[string]T{
	"a": {1, 2},
}

var s = struct{ x int }{x: 1}

func F[P interface{ ~int }](p P) (r struct{}) {
	if p > 0 {
		return struct{}{}
	}
	return
}
`
	// What is left, with the blanks squeezed out.
	want := "package p type T struct{ a, b int } type I interface{ M() int } " +
		"var n = [...]int{1, 2, 3} var m = map[string]T{ } var s = struct{ x int }{ } " +
		"func F[P interface{ ~int }](p P) (r struct{}) { }"
	got := blankBodies([]byte(src))
	if squeezed := strings.Join(strings.Fields(string(got)), " "); squeezed != want {
		t.Errorf("blankBodies left:\n%s\nwant:\n%s", squeezed, want)
	}
	if len(got) != len(src) {
		t.Errorf("blankBodies changed the length from %d to %d", len(src), len(got))
	}
	for i := range got {
		if (got[i] == '\n') != (src[i] == '\n') {
			t.Fatalf("blankBodies moved a newline at offset %d", i)
		}
	}
	if got := blankBodies([]byte("package p\n\nconst c = 1\n")); string(got) != "package p\n\nconst c = 1\n" {
		t.Errorf("blankBodies changed a file without braces: %q", got)
	}
}

// TestBlankBodiesTypes checks, on packages of the standard library with
// few imports (the importer runs the go command for each), that
// the declarations of the blanked files have the types and positions of
// the whole files'.
func TestBlankBodiesTypes(t *testing.T) {
	imp := goimporter.Default() // shared: it caches the packages it reads
	for _, path := range []string{"unicode", "strconv", "slices", "time"} {
		t.Run(path, func(t *testing.T) {
			bp, err := build.Import(path, "", 0)
			if err != nil {
				t.Fatal(err)
			}
			whole := declarations(t, imp, bp, func(src []byte) []byte { return src })
			blanked := declarations(t, imp, bp, blankBodies)
			if len(whole) < 10 {
				t.Fatalf("%s declares %d names; want more", path, len(whole))
			}
			for name, w := range whole {
				if b := blanked[name]; b != w {
					t.Errorf("%s: blanked %q, whole %q", name, b, w)
				}
			}
			if len(blanked) != len(whole) {
				t.Errorf("%d names declared in the blanked files, %d in the whole", len(blanked), len(whole))
			}
		})
	}
}

// declarations type-checks the declarations of a package's files, each
// passed through edit, and describes each object of the package scope
// and each method by its position and type.
func declarations(t *testing.T, imp types.Importer, bp *build.Package, edit func([]byte) []byte) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		src, err := os.ReadFile(filepath.Join(bp.Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, edit(src), parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: imp, IgnoreFuncBodies: true, Error: func(error) {}}
	pkg, _ := conf.Check(bp.ImportPath, fset, files, nil)
	out := map[string]string{}
	describe := func(name string, obj types.Object) {
		out[name] = fset.Position(obj.Pos()).String() + " " + types.ObjectString(obj, nil)
	}
	for _, name := range pkg.Scope().Names() {
		obj := pkg.Scope().Lookup(name)
		describe(name, obj)
		if tn, ok := obj.(*types.TypeName); ok {
			if named, ok := tn.Type().(*types.Named); ok {
				for m := range named.Methods() {
					describe(name+"."+m.Name(), m)
				}
			}
		}
	}
	return out
}
