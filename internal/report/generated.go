package report

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// outOfGenerated moves a diagnostic whose position lies in a generated
// file (// Code generated ... DO NOT EDIT., as sqlc and protoc write) to
// the nearest call on its chain in a file the user edits, and names the
// generated function there: a finding, and a suppression, in a file that
// the next generation overwrites helps no one. Fixes that edit a
// generated file are dropped. A diagnostic with no such call stays.
func (r *Reporter) outOfGenerated(d analysis.Diagnostic) analysis.Diagnostic {
	gen := r.generatedFile(d.Pos)
	if gen == nil {
		return d
	}
	at := token.NoPos
	for _, rel := range d.Related {
		if rel.Message == ChainStep && r.generatedFile(rel.Pos) == nil && r.inPackage(rel.Pos) {
			at = rel.Pos
		}
	}
	if !at.IsValid() {
		return d
	}
	where := r.pass.Fset.Position(d.Pos)
	name := enclosingFunc(gen, d.Pos)
	d.Message += " (in generated " + name + ", " + shortPosition(where) + ")"
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: "in generated " + name})
	d.Pos, d.End = at, token.NoPos
	var fixes []analysis.SuggestedFix
	for _, f := range d.SuggestedFixes {
		if !r.editsGenerated(f) {
			fixes = append(fixes, f)
		}
	}
	d.SuggestedFixes = fixes
	return d
}

// generatedFile returns the file of the package that holds pos when it
// is generated, else nil.
func (r *Reporter) generatedFile(pos token.Pos) *ast.File {
	for _, f := range r.pass.Files {
		if pos >= f.FileStart && pos <= f.FileEnd {
			if ast.IsGenerated(f) {
				return f
			}
			return nil
		}
	}
	return nil
}

func (r *Reporter) inPackage(pos token.Pos) bool {
	for _, f := range r.pass.Files {
		if pos >= f.FileStart && pos <= f.FileEnd {
			return true
		}
	}
	return false
}

func (r *Reporter) editsGenerated(f analysis.SuggestedFix) bool {
	for _, e := range f.TextEdits {
		if r.generatedFile(e.Pos) != nil {
			return true
		}
	}
	return false
}

// enclosingFunc names the function declared in f around pos: "F" or
// "T.M".
func enclosingFunc(f *ast.File, pos token.Pos) string {
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || pos < fd.Pos() || pos > fd.End() {
			continue
		}
		if fd.Recv != nil && len(fd.Recv.List) > 0 {
			t := fd.Recv.List[0].Type
			if star, ok := t.(*ast.StarExpr); ok {
				t = star.X
			}
			if idx, ok := t.(*ast.IndexExpr); ok {
				t = idx.X
			}
			if id, ok := t.(*ast.Ident); ok {
				return id.Name + "." + fd.Name.Name
			}
		}
		return fd.Name.Name
	}
	return "code"
}

// shortPosition is file:line:col with the file's base name.
func shortPosition(p token.Position) string {
	p.Filename = p.Filename[strings.LastIndexAny(p.Filename, `/\`)+1:]
	return p.String()
}
