package fix

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/printer"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Print returns the source of node as gofmt writes it, at indentation
// zero, with the comments of file that lie inside it (none when file is
// nil: for a second copy of the node). It fails for a node
// that holds a raw string spanning lines, whose text re-indenting would
// change.
func Print(fset *token.FileSet, file *ast.File, node ast.Node) (string, bool) {
	multiline := false
	ast.Inspect(node, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "\n") {
			multiline = true
		}
		return !multiline
	})
	if multiline {
		return "", false
	}
	var comments []*ast.CommentGroup
	if file != nil {
		for _, cg := range file.Comments {
			if node.Pos() <= cg.Pos() && cg.End() <= node.End() {
				comments = append(comments, cg)
			}
		}
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, &printer.CommentedNode{Node: node, Comments: comments}); err != nil {
		return "", false
	}
	return buf.String(), true
}

// Indent indents the lines of text after the first by indent, as code
// inserted after indent on a line must be; empty lines stay empty.
func Indent(text, indent string) string {
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = indent + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// DeleteStmts returns the edit that deletes the statements list[i..j] of
// block, whole lines with their comments (trailing, and the group right
// above them), or false when another statement shares one of their lines.
func DeleteStmts(fset *token.FileSet, file *ast.File, block *ast.BlockStmt, i, j int) (analysis.TextEdit, bool) {
	tf := fset.File(block.Pos())
	span := lineSpan{
		first: tf.Line(block.List[i].Pos()), last: tf.Line(block.List[j].End()),
		prev: tf.Line(block.Lbrace), next: tf.Line(block.Rbrace), open: true, close: true,
	}
	if i > 0 {
		span.prev, span.open = tf.Line(block.List[i-1].End()), false
	}
	if j+1 < len(block.List) {
		span.next, span.close = tf.Line(block.List[j+1].Pos()), false
	}
	return span.delete(tf, file)
}

// MoveStmts returns the edits that move the statements list[i..j] of
// block up, before list[to] (to < i), whole lines with their comments
// (the group right above them, and each line's trailing comment). It
// fails where DeleteStmts or Print does.
func MoveStmts(fset *token.FileSet, file *ast.File, block *ast.BlockStmt, i, j, to int) ([]analysis.TextEdit, bool) {
	return MoveStmtsRewriting(fset, file, block, i, j, to, nil)
}

// MoveStmtsRewriting is MoveStmts, with each moved statement's printed
// text (list[k], without its comments) passed through rewrite when it is
// not nil: an edit inside a moved statement cannot be a separate edit,
// since it would overlap the deletion.
func MoveStmtsRewriting(fset *token.FileSet, file *ast.File, block *ast.BlockStmt, i, j, to int, rewrite func(k int, text string) string) ([]analysis.TextEdit, bool) {
	if to >= i || i > j || j >= len(block.List) {
		return nil, false
	}
	del, ok := DeleteStmts(fset, file, block, i, j)
	if !ok {
		return nil, false
	}
	tf := fset.File(block.Pos())
	var lines []string
	for _, cg := range file.Comments { // the group right above, as DeleteStmts takes it
		if tf.Line(cg.End()) == tf.Line(block.List[i].Pos())-1 && (i == 0 || tf.Line(cg.Pos()) > tf.Line(block.List[i-1].End())) {
			lines = append(lines, commentText(cg))
		}
	}
	for k := i; k <= j; k++ {
		text, ok := Print(fset, file, block.List[k])
		if !ok {
			return nil, false
		}
		if rewrite != nil {
			text = rewrite(k, text)
		}
		for _, cg := range file.Comments { // a comment after it on its last line
			if cg.Pos() >= block.List[k].End() && tf.Line(cg.Pos()) == tf.Line(block.List[k].End()) {
				text += " " + commentText(cg)
			}
		}
		lines = append(lines, text)
	}
	ins, ok := StmtBefore(fset, file, block.List[to].Pos(), strings.Join(lines, "\n"))
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{ins, del}, true
}

// commentText is a comment group's text as written, its comments one a
// line.
func commentText(cg *ast.CommentGroup) string {
	var texts []string
	for _, c := range cg.List {
		texts = append(texts, c.Text)
	}
	return strings.Join(texts, "\n")
}

// DeleteImport returns the edit that deletes the import of path from
// file: its line in a group, or the whole declaration that imports only
// it.
func DeleteImport(fset *token.FileSet, file *ast.File, path string) (analysis.TextEdit, bool) {
	tf := fset.File(file.Pos())
	for di, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for si, spec := range gd.Specs {
			if p, _ := strconv.Unquote(spec.(*ast.ImportSpec).Path.Value); p != path {
				continue
			}
			if len(gd.Specs) == 1 {
				span := lineSpan{first: tf.Line(gd.Pos()), last: tf.Line(gd.End()), prev: tf.Line(file.Name.End())}
				if di > 0 {
					span.prev = tf.Line(file.Decls[di-1].End())
				}
				span.next = tf.LineCount() + 1
				if di+1 < len(file.Decls) {
					span.next = tf.Line(file.Decls[di+1].Pos())
				}
				return span.delete(tf, file)
			}
			span := lineSpan{
				first: tf.Line(spec.Pos()), last: tf.Line(spec.End()),
				prev: tf.Line(gd.Lparen), next: tf.Line(gd.Rparen), open: true, close: true,
			}
			if si > 0 {
				span.prev, span.open = tf.Line(gd.Specs[si-1].End()), false
			}
			if si+1 < len(gd.Specs) {
				span.next, span.close = tf.Line(gd.Specs[si+1].Pos()), false
			}
			return span.delete(tf, file)
		}
	}
	return analysis.TextEdit{}, false
}

// A lineSpan is lines first..last to delete, between the nearest lines
// that stay: prev and next, which open and close the enclosing braces or
// parentheses when open and close are set.
type lineSpan struct {
	first, last, prev, next int
	open, close             bool
}

// delete returns the edit that deletes the span's lines, with the comment
// group right above them. Where the deletion would leave two blank lines
// together, or a blank line next to a brace, it takes one of them too,
// so that the result stays gofmt-clean.
func (s lineSpan) delete(tf *token.File, file *ast.File) (analysis.TextEdit, bool) {
	if s.prev >= s.first || s.next <= s.last {
		return analysis.TextEdit{}, false // another node shares a line
	}
	blank := func(l int) bool {
		if l <= s.prev || l >= s.next {
			return false
		}
		for _, cg := range file.Comments {
			if tf.Line(cg.Pos()) <= l && l <= tf.Line(cg.End()) {
				return false
			}
		}
		return true
	}
	from, to := s.first, s.last+1
	for _, cg := range file.Comments { // a comment right above is about them
		if tf.Line(cg.End()) == from-1 && tf.Line(cg.Pos()) > s.prev {
			from = tf.Line(cg.Pos())
		}
	}
	switch {
	case blank(from-1) && (blank(to) || s.close && to == s.next):
		from--
	case s.open && from-1 == s.prev && blank(to):
		to++
	}
	end := token.Pos(tf.Base() + tf.Size())
	if to <= tf.LineCount() {
		end = tf.LineStart(to)
	}
	return analysis.TextEdit{Pos: tf.LineStart(from), End: end}, true
}
