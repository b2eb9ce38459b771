// Package report holds what every idemlint check does the same way:
// taking its Doc from its doc.go, reading the suppression and retried
// directives, and reporting through them with the chain from the
// retried root as related information.
package report

import (
	"go/parser"
	"go/token"
	"strings"
)

// MustExtractDoc returns the "# Analyzer name" section of the package
// comment of a doc.go file's content, so that the Analyzer's Doc and the
// published documentation come from one text. It panics if the section
// is missing: that is a programming error caught by every test.
func MustExtractDoc(content, name string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		panic("report: doc.go has no package comment")
	}
	text := f.Doc.Text()
	_, section, ok := strings.Cut(text, "# Analyzer "+name+"\n")
	if !ok {
		panic("report: doc.go has no section # Analyzer " + name)
	}
	if i := strings.Index(section, "\n# "); i >= 0 {
		section = section[:i]
	}
	return strings.TrimSpace(section)
}
