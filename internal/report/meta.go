package report

import "fmt"

// A Meta is the record of one check: everything a driver, a
// configuration, a SARIF log or a documentation page needs to know about
// it, kept once. The check's package declares it; idemlint's list of
// checks, the SARIF rules, the configuration's validation and the docs
// test read it.
type Meta struct {
	Name    string // the analyzer's name, as flags and configuration spell it
	Code    string // the stable code, as directives and messages spell it
	Title   string // what the check reports, in one line
	Default bool   // on unless the configuration disables it
	// Severity is the SARIF level of the check's findings ("warning",
	// "error" or "note").
	Severity string
	// Directives marks the one check of the default set that reports the
	// ignore directives that name no check, so that each is reported once.
	Directives bool
}

// URL is the address of the check's page.
func (m Meta) URL() string {
	return "https://github.com/idemlint/idemlint/blob/main/docs/checks/" + m.Name + ".md"
}

// Summary is the first line of the check's Doc: "name: title (CODE)".
func (m Meta) Summary() string {
	return fmt.Sprintf("%s: %s (%s)", m.Name, m.Title, m.Code)
}

// Doc is the Analyzer's Doc: the summary line, then the text of the
// "# Analyzer name" section of the check's doc.go.
func (m Meta) Doc(docGo string) string {
	return m.Summary() + "\n\n" + MustExtractDoc(docGo, m.Name)
}
