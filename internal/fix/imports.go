package fix

import (
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// ImportName returns the name under which file imports path, or "": the
// import's alias, or the name the package declares (nats.go's is nats).
func ImportName(pkg *types.Package, file *ast.File, path string) string {
	for _, spec := range file.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		if p != path {
			continue
		}
		if spec.Name != nil {
			return spec.Name.Name
		}
		for _, imp := range pkg.Imports() {
			if imp.Path() == path {
				return imp.Name()
			}
		}
		return path[strings.LastIndex(path, "/")+1:]
	}
	return ""
}

// AddImport returns the edit that imports path into file, or nil when the
// file imports it already. The new spec goes into the import group of its
// kind (standard library or not), in sorted position, as gofmt keeps it.
func AddImport(file *ast.File, path string) []analysis.TextEdit {
	if imported(file, path) {
		return nil
	}
	var edits []analysis.TextEdit
	for _, ins := range LayoutOf(file).Add(path) {
		edits = append(edits, analysis.TextEdit{Pos: token.Pos(ins.At), End: token.Pos(ins.At), NewText: []byte(ins.Text)})
	}
	return edits
}

// An ImportLayout is where a file's imports are, in positions or file
// offsets alike: what adding an import needs of a file whose syntax is
// not at hand (a composition root's fix of another package's file).
type ImportLayout struct {
	NameEnd int // the end of the package clause's name
	// Decl is set when the file has an import declaration: the first's
	// end and parentheses (Lparen 0 when it has none) and specs.
	Decl           bool
	End            int
	Lparen, Rparen int
	Specs          []ImportSpec
}

// An ImportSpec is one import of an ImportLayout.
type ImportSpec struct {
	Path, Name string // Name is the alias, or ""
	Pos, End   int
}

// LayoutOf returns the layout of file's imports, in positions.
func LayoutOf(file *ast.File) ImportLayout {
	l := ImportLayout{NameEnd: int(file.Name.End())}
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		l.Decl, l.End = true, int(g.End())
		if g.Lparen.IsValid() {
			l.Lparen, l.Rparen = int(g.Lparen), int(g.Rparen)
		}
		for _, s := range g.Specs {
			spec := s.(*ast.ImportSpec)
			p, _ := strconv.Unquote(spec.Path.Value)
			is := ImportSpec{Path: p, Pos: int(spec.Pos()), End: int(spec.End())}
			if spec.Name != nil {
				is.Name = spec.Name.Name
			}
			l.Specs = append(l.Specs, is)
		}
		break
	}
	return l
}

// Offsets returns the layout with its positions made offsets in a file
// that starts at base.
func (l ImportLayout) Offsets(base int) ImportLayout {
	shift := func(p int) int {
		if p == 0 {
			return 0
		}
		return p - base
	}
	out := l
	out.NameEnd, out.End, out.Lparen, out.Rparen = shift(l.NameEnd), shift(l.End), shift(l.Lparen), shift(l.Rparen)
	out.Specs = slices.Clone(l.Specs)
	for i := range out.Specs {
		out.Specs[i].Pos, out.Specs[i].End = shift(l.Specs[i].Pos), shift(l.Specs[i].End)
	}
	return out
}

// An Insertion is text to insert at a position or offset.
type Insertion struct {
	At   int
	Text string
}

// Add returns the insertions that import path (which the file does not
// import yet): beside the module's other packages, or into the import
// group of its kind (standard library or not), in sorted position, as
// gofmt keeps it. A new group's blank line is an insertion of its own,
// which two fixes that each open the group make alike, so that they
// coalesce into one group.
func (l ImportLayout) Add(path string) []Insertion {
	quoted := strconv.Quote(path)
	if !l.Decl {
		return []Insertion{{l.NameEnd, "\n\nimport " + quoted}}
	}
	if l.Lparen == 0 {
		return []Insertion{{l.End, "\nimport " + quoted}}
	}
	std := isStd(path)
	if near := l.nearest(path); len(near) > 0 {
		for _, spec := range near {
			if spec.Path > path {
				return []Insertion{{spec.Pos, quoted + "\n\t"}}
			}
		}
		return []Insertion{{near[len(near)-1].End, "\n\t" + quoted}}
	}
	var last *ImportSpec
	for i, spec := range l.Specs {
		if isStd(spec.Path) != std {
			continue
		}
		if spec.Path > path {
			return []Insertion{{spec.Pos, quoted + "\n\t"}}
		}
		last = &l.Specs[i]
	}
	if last != nil {
		return []Insertion{{last.End, "\n\t" + quoted}}
	}
	if std || len(l.Specs) == 0 {
		return []Insertion{{l.Lparen + 1, "\n\t" + quoted + "\n"}}
	}
	if last := l.Specs[len(l.Specs)-1]; last.End+1 == l.Rparen {
		return []Insertion{{last.End, "\n"}, {l.Rparen, "\t" + quoted + "\n"}}
	}
	return []Insertion{{l.Rparen, "\n\t" + quoted + "\n"}}
}

// nearest returns the imports that share with path the longest
// leading run of elements, two at least (the module's other packages),
// beside which a goimports user keeps it.
func (l ImportLayout) nearest(path string) []ImportSpec {
	common := func(a, b string) int {
		x, y := strings.Split(a, "/"), strings.Split(b, "/")
		n := 0
		for n < len(x) && n < len(y) && x[n] == y[n] {
			n++
		}
		return n
	}
	best := 1
	var out []ImportSpec
	for _, spec := range l.Specs {
		switch n := common(spec.Path, path); {
		case n > best:
			best, out = n, []ImportSpec{spec}
		case n == best && out != nil:
			out = append(out, spec)
		}
	}
	return out
}

func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// LineIndent returns the indentation of the line on which pos lies, as
// gofmt writes it: one tab per level, read from the column of the first
// syntax node that starts on that line.
func LineIndent(fset *token.FileSet, file *ast.File, pos token.Pos) string {
	line := fset.Position(pos).Line
	col := fset.Position(pos).Column
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		p := fset.Position(n.Pos())
		if p.Line == line && p.Column < col {
			col = p.Column
		}
		return fset.Position(n.Pos()).Line <= line && fset.Position(n.End()).Line >= line
	})
	return strings.Repeat("\t", col-1)
}

// FileOf returns the file of the pass that contains pos.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	return FileAt(pass.Files, pos)
}

// FileAt returns the one of files that contains pos, or nil.
func FileAt(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// StmtBefore returns the edit that inserts a statement (text without
// indentation; later lines indented relative to it) before the statement
// of a statement list that encloses pos, indented like it.
func StmtBefore(fset *token.FileSet, file *ast.File, pos token.Pos, text string) (analysis.TextEdit, bool) {
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for i, n := range path {
		stmt, ok := n.(ast.Stmt)
		if !ok || i+1 >= len(path) {
			continue
		}
		switch path[i+1].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			indent := LineIndent(fset, file, stmt.Pos())
			text = strings.ReplaceAll(FormatStmts(text), "\n", "\n"+indent)
			return analysis.TextEdit{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(text + "\n" + indent)}, true
		}
	}
	return analysis.TextEdit{}, false
}

// FormatStmts formats statements as gofmt would in a function's body
// (k+"|send" as a call's second argument), at no indentation; text as
// it is when it does not parse.
func FormatStmts(text string) string {
	const head, tail = "package p\n\nfunc _() {\n", "\n}\n"
	out, err := format.Source([]byte(head + text + tail))
	if err != nil {
		return text
	}
	body := strings.TrimSuffix(strings.TrimPrefix(string(out), head), tail)
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "\t")
	}
	return strings.Join(lines, "\n")
}

// CallAt returns the call expression whose opening parenthesis is at
// lparen (where SSA positions calls).
func CallAt(file *ast.File, lparen token.Pos) *ast.CallExpr {
	path, _ := astutil.PathEnclosingInterval(file, lparen, lparen+1)
	for _, n := range path {
		if call, ok := n.(*ast.CallExpr); ok && call.Lparen == lparen {
			return call
		}
	}
	return nil
}

func imported(file *ast.File, path string) bool {
	for _, spec := range file.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p == path {
			return true
		}
	}
	return false
}

// UnusedImports returns the edits that delete the imports whose every
// use in file lies in the code the fix deletes (gone, but for kept, which
// the fix writes again, and the new code): the errors of
// errors.Is(err, sql.ErrNoRows), say. Go rejects an unused import.
func UnusedImports(info *types.Info, fset *token.FileSet, file *ast.File, gone, kept []ast.Node, code string) ([]analysis.TextEdit, bool) {
	in := func(pos token.Pos, nodes []ast.Node) bool {
		for _, n := range nodes {
			if n.Pos() <= pos && pos < n.End() {
				return true
			}
		}
		return false
	}
	stays := map[*types.PkgName]bool{}
	goes := map[*types.PkgName]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if pn, ok := info.Uses[id].(*types.PkgName); ok {
			if in(id.Pos(), gone) && !in(id.Pos(), kept) && !strings.Contains(code, pn.Name()+".") {
				goes[pn] = true
			} else {
				stays[pn] = true
			}
		}
		return true
	})
	var paths []string
	for pn := range goes {
		if !stays[pn] {
			paths = append(paths, pn.Imported().Path())
		}
	}
	slices.Sort(paths) // the same edits, in the same order, every run
	var edits []analysis.TextEdit
	for _, path := range paths {
		edit, ok := DeleteImport(fset, file, path)
		if !ok {
			return nil, false
		}
		edits = append(edits, edit)
	}
	return edits, true
}
