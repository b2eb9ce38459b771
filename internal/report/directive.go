package report

// idemlint's comment directives:
//
//	//idemlint:ignore IDEM001 reason why this is safe
//	//idemlint:retried
//
// An ignore directive applies to its own line and to the line below it.

import (
	"go/ast"
	"go/token"
	"strings"
)

const (
	ignorePrefix  = "//idemlint:ignore"
	retriedPrefix = "//idemlint:retried"
)

// An Ignore is one //idemlint:ignore directive.
type Ignore struct {
	Pos    token.Pos
	End    token.Pos
	File   string
	Line   int
	Checks []string // codes or analyzer names, as written
	Reason string
}

// Matches reports whether the directive names the check by code or name.
func (ig *Ignore) Matches(code, name string) bool {
	for _, c := range ig.Checks {
		if strings.EqualFold(c, code) || c == name || c == "all" {
			return true
		}
	}
	return false
}

// Ignores returns every ignore directive in the files.
func Ignores(fset *token.FileSet, files []*ast.File) []*Ignore {
	var out []*Ignore
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if ig := parseIgnore(c.Text); ig != nil {
					p := fset.Position(c.Slash)
					ig.Pos, ig.End, ig.File, ig.Line = c.Slash, c.End(), p.Filename, p.Line
					out = append(out, ig)
				}
			}
		}
	}
	return out
}

// parseIgnore parses "//idemlint:ignore CHECK[,CHECK] reason...".
func parseIgnore(text string) *Ignore {
	rest, ok := strings.CutPrefix(text, ignorePrefix)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return nil
	}
	// A trailing comment is not a reason.
	rest, _, _ = strings.Cut(rest, "//")
	fields := strings.Fields(rest)
	ig := &Ignore{}
	if len(fields) > 0 {
		ig.Checks = strings.Split(fields[0], ",")
		ig.Reason = strings.Join(fields[1:], " ")
	}
	return ig
}

// covers reports whether a directive with a reason applies at p: on its
// line or the line above.
func (ig *Ignore) covers(p token.Position) bool {
	return ig.File == p.Filename && (ig.Line == p.Line || ig.Line == p.Line-1) && ig.Reason != ""
}

// Suppresses reports whether one of the directives silences a finding of
// the check at pos, and returns it.
func Suppresses(fset *token.FileSet, igs []*Ignore, pos token.Pos, code, name string) *Ignore {
	p := fset.Position(pos)
	for _, ig := range igs {
		if ig.covers(p) && ig.Matches(code, name) {
			return ig
		}
	}
	return nil
}

// IgnoredAt lists the checks, as written, that the directives applying
// at pos name: what a package records of a position whose finding
// another package reports.
func IgnoredAt(fset *token.FileSet, igs []*Ignore, pos token.Pos) []string {
	p := fset.Position(pos)
	var out []string
	for _, ig := range igs {
		if ig.covers(p) {
			out = append(out, ig.Checks...)
		}
	}
	return out
}

// IsRetried reports whether a declaration's doc comment marks it
// //idemlint:retried.
func IsRetried(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, retriedPrefix)
		if ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return true
		}
	}
	return false
}
