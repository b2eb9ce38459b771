package fix

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// apply applies one edit to src.
func apply(fset *token.FileSet, src string, e analysis.TextEdit) string {
	tf := fset.File(e.Pos)
	return src[:tf.Offset(e.Pos)] + string(e.NewText) + src[tf.Offset(e.End):]
}

func TestDeleteStmts(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		i, j       int
		want       string
	}{
		{"middle", "a()\n\tb()\n\tc()", 1, 1, "a()\n\tc()"},
		{"comment above goes with it", "a()\n\t// about b\n\tb() // trailing\n\tc()", 1, 1, "a()\n\tc()"},
		{"between blank lines", "a()\n\n\tb()\n\n\tc()", 1, 1, "a()\n\n\tc()"},
		{"last after a blank line", "a()\n\n\tb()", 1, 1, "a()"},
		{"first before a blank line", "a()\n\n\tb()", 0, 0, "b()"},
		{"two", "a()\n\tb()\n\tif x {\n\t\treturn\n\t}\n\tc()", 1, 2, "a()\n\tc()"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nvar x bool\n\nfunc a() {}\nfunc b() {}\nfunc c() {}\n\nfunc f() {\n\t" + tc.body + "\n}\n"
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			body := f.Decls[len(f.Decls)-1].(*ast.FuncDecl).Body
			e, ok := DeleteStmts(fset, f, body, tc.i, tc.j)
			if !ok {
				t.Fatal("DeleteStmts failed")
			}
			got := apply(fset, src, e)
			want := "package p\n\nvar x bool\n\nfunc a() {}\nfunc b() {}\nfunc c() {}\n\nfunc f() {\n\t" + tc.want + "\n}\n"
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
			if formatted, err := format.Source([]byte(got)); err != nil || string(formatted) != got {
				t.Errorf("result is not gofmt-clean: %v\n%s", err, got)
			}
		})
	}
}

func TestDeleteStmtsSharedLine(t *testing.T) {
	src := "package p\n\nfunc f() {\n\tprintln(); println()\n}\n"
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if _, ok := DeleteStmts(fset, f, f.Decls[0].(*ast.FuncDecl).Body, 0, 0); ok {
		t.Error("deleted a statement that shares its line with another")
	}
}

func TestDeleteImport(t *testing.T) {
	for _, tc := range []struct{ name, src, path, want string }{
		{"in a group", "package p\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n", "errors", "package p\n\nimport (\n\t\"fmt\"\n)\n"},
		{"alone in its group", "package p\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/x\"\n)\n", "example.com/x", "package p\n\nimport (\n\t\"fmt\"\n)\n"},
		{"the only import", "package p\n\nimport \"errors\"\n\nvar x = 1\n", "errors", "package p\n\nvar x = 1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", tc.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			e, ok := DeleteImport(fset, f, tc.path)
			if !ok {
				t.Fatal("DeleteImport failed")
			}
			if got := apply(fset, tc.src, e); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestIndent(t *testing.T) {
	if got, want := Indent("if x {\n\ty()\n\n}", "\t\t"), "if x {\n\t\t\ty()\n\n\t\t}"; got != want {
		t.Errorf("Indent = %q, want %q", got, want)
	}
}

func TestMoveStmts(t *testing.T) {
	src := "package p\n\nfunc a() {}\n\nfunc b() error { return nil }\n\nfunc f() error {\n\ta()\n\t// begin\n\terr := b()\n\tif err != nil {\n\t\treturn err\n\t}\n\tdefer a() //nolint:errcheck\n\treturn nil\n}\n"
	want := "package p\n\nfunc a() {}\n\nfunc b() error { return nil }\n\nfunc f() error {\n\t// begin\n\terr := b()\n\tif err != nil {\n\t\treturn err\n\t}\n\tdefer a() //nolint:errcheck\n\ta()\n\treturn nil\n}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	body := f.Decls[len(f.Decls)-1].(*ast.FuncDecl).Body
	edits, ok := MoveStmts(fset, f, body, 1, 3, 0)
	if !ok {
		t.Fatal("MoveStmts failed")
	}
	// Apply from the end, so that earlier offsets stay valid.
	got := apply(fset, src, edits[1])
	got = apply(fset, got, edits[0])
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if formatted, err := format.Source([]byte(got)); err != nil || string(formatted) != got {
		t.Errorf("result is not gofmt-clean: %v\n%s", err, got)
	}
	if _, ok := MoveStmts(fset, f, body, 1, 3, 2); ok {
		t.Error("MoveStmts moved statements down")
	}
}
