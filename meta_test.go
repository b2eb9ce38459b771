package idemlint

import (
	"bytes"
	"flag"
	"fmt"
	"go/doc/comment"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/internal/config"
)

var update = flag.Bool("update", false, "rewrite the doc.go sections of docs/checks/*.md")

// TestChecksRecords checks that the records of the checks are whole and
// distinct, and that each analyzer carries its record.
func TestChecksRecords(t *testing.T) {
	seen := map[string]bool{}
	for i, a := range New(&config.Config{Enable: []string{"freshid"}}) {
		m := Checks()[i]
		if m.Name == "" || m.Title == "" || !regexp.MustCompile(`^IDEM\d{3}$`).MatchString(m.Code) {
			t.Errorf("check %d: incomplete record %+v", i, m)
		}
		if seen[m.Name] || seen[m.Code] {
			t.Errorf("%s (%s): name or code used twice", m.Name, m.Code)
		}
		seen[m.Name], seen[m.Code] = true, true
		if a.Name != m.Name || a.URL != m.URL() || !strings.HasPrefix(a.Doc, m.Summary()+"\n\n") {
			t.Errorf("analyzer %s does not carry its record %+v: URL %s, Doc %.80q", a.Name, m, a.URL, a.Doc)
		}
		switch m.Severity {
		case "error", "warning", "note":
		default:
			t.Errorf("%s: severity %q is not a SARIF level", m.Name, m.Severity)
		}
		if got, ok := Lookup(a.Name); !ok || got != m {
			t.Errorf("Lookup(%q) = %+v, %v", a.Name, got, ok)
		}
	}
}

// TestCheckPages checks that each check has a row in the README's table
// and a page in docs/checks that carries its code and the text of its
// doc.go, which is also the
// Analyzer's Doc; go test -run TestCheckPages -update rewrites that
// section.
func TestCheckPages(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range New(&config.Config{}) {
		m := Checks()[i]
		if row := fmt.Sprintf("| %s | %s | [docs/checks/%s.md]", m.Code, m.Name, m.Name); !bytes.Contains(readme, []byte(row)) {
			t.Errorf("README.md's table of checks has no row %q", row)
		}
		name := filepath.Join("docs", "checks", m.Name+".md")
		page, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if first, _, _ := bytes.Cut(page, []byte("\n")); string(first) != "# "+m.Code+" "+m.Name {
			t.Errorf("%s: first line %q, want %q", name, first, "# "+m.Code+" "+m.Name)
		}
		want := docSection(m.Name, a.Doc)
		re := regexp.MustCompile(`(?s)<!-- doc\.go: begin -->.*<!-- doc\.go: end -->\n`)
		got := re.Find(page)
		switch {
		case *update && got != nil:
			page = re.ReplaceAllLiteral(page, []byte(want))
		case *update:
			// Before the page's first section, after its lead.
			lead, rest, _ := bytes.Cut(page, []byte("\n## "))
			page = []byte(fmt.Sprintf("%s\n%s\n## %s", lead, want, rest))
		case string(got) != want:
			t.Errorf("%s does not carry the text of analyzers/%s/doc.go; run go test -run TestCheckPages -update", name, m.Name)
			continue
		}
		if *update {
			if err := os.WriteFile(name, page, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// docSection renders an Analyzer's Doc, written in Go's doc comment
// syntax, as the Markdown section of a check's page.
func docSection(name, doc string) string {
	summary, text, _ := strings.Cut(doc, "\n\n")
	var p comment.Parser
	var pr comment.Printer
	md := strings.TrimSpace(string(pr.Markdown(p.Parse(text))))
	return fmt.Sprintf("<!-- doc.go: begin -->\n<!-- The text of analyzers/%s/doc.go, which go vet -%s -help prints. -->\n\n> %s\n\n%s\n<!-- doc.go: end -->\n", name, name, summary, md)
}
