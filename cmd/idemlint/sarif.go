package main

import (
	"fmt"
	"go/token"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/sarif"
)

// runSARIF is idemlint -sarif, since the checker of golang.org/x/tools
// prints only text and JSON: it runs the analyzers on the loaded
// packages and writes one SARIF log to standard output. Package and
// analysis errors go to standard error, one line each, and so do the
// findings, as text: a CI job that uploads the log still shows them in
// its own output. It returns the command's exit code: 1 for findings or
// errors.
func runSARIF(analyzers []*analysis.Analyzer, fset *token.FileSet, pkgs []*packages.Package, root string) int {
	failed := printPackageErrors(os.Stderr, pkgs)
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return fail(err)
	}
	failed += printActionErrors(os.Stderr, graph)
	printSkipped(skippedPackages(graph))
	found := findings(graph)
	printText(os.Stderr, fset, found)
	results, err := writeSARIF(os.Stdout, root, fset, analyzers, found)
	if err != nil {
		return fail(err)
	}
	if failed > 0 || results > 0 {
		return 1
	}
	return 0
}

// writeSARIF writes the log of the analysis to w, with URIs relative to
// root, and returns the number of results.
func writeSARIF(w io.Writer, root string, fset *token.FileSet, analyzers []*analysis.Analyzer, found []sarif.Finding) (int, error) {
	log, err := sarif.New(driver(analyzers), fset, found, sarif.Options{Root: root})
	if err != nil {
		return 0, err
	}
	return len(log.Runs[0].Results), log.Write(w)
}

// printText prints the findings as the standalone checker does, each
// once (a package and its test variant report the same), with its
// related positions indented below it.
func printText(w io.Writer, fset *token.FileSet, found []sarif.Finding) {
	seen := make(map[string]bool)
	for _, f := range found {
		d := f.Diagnostic
		line := fmt.Sprintf("%s: %s\n", fset.Position(d.Pos), d.Message)
		if seen[line] {
			continue
		}
		seen[line] = true
		io.WriteString(w, line)
		for _, r := range d.Related {
			fmt.Fprintf(w, "%s: \t%s\n", fset.Position(r.Pos), r.Message)
		}
	}
}

// fail prints err on one line and returns the exit code of errors.
func fail(err error) int {
	fmt.Fprintf(os.Stderr, "idemlint: %s\n", oneLine(err.Error()))
	return 1
}

// A selection records whether a -NAME flag was set, and to what.
type selection struct{ set, value bool }

func (s *selection) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	*s = selection{true, b}
	return nil
}

func (s *selection) String() string {
	if s == nil || !s.set {
		return ""
	}
	return strconv.FormatBool(s.value)
}

func (*selection) IsBoolFlag() bool { return true }

// selectAnalyzers keeps the analyzers set true if any is, else drops
// those set false.
func selectAnalyzers(analyzers []*analysis.Analyzer, selected []*selection) []*analysis.Analyzer {
	anyTrue := slices.ContainsFunc(selected, func(s *selection) bool { return s.set && s.value })
	var keep []*analysis.Analyzer
	for i, a := range analyzers {
		on, off := selected[i].set && selected[i].value, selected[i].set && !selected[i].value
		if anyTrue && on || !anyTrue && !off {
			keep = append(keep, a)
		}
	}
	return keep
}

// printPackageErrors prints each error of the packages and their
// dependencies once, on one line that names the file when the error has
// a position, and returns how many it printed.
func printPackageErrors(w io.Writer, pkgs []*packages.Package) int {
	seen := map[string]bool{}
	report := func(msg string) {
		if msg = oneLine(msg); !seen[msg] {
			seen[msg] = true
			fmt.Fprintln(w, msg)
		}
	}
	for pkg := range packages.Postorder(pkgs) {
		for _, err := range pkg.Errors {
			if err.Pos == "" && !strings.Contains(err.Msg, pkg.PkgPath) {
				report(pkg.PkgPath + ": " + err.Msg) // no file: name the package
			} else {
				report(err.Error())
			}
		}
		if mod := pkg.Module; mod != nil && mod.Error != nil {
			report(mod.Error.Err)
		}
	}
	return len(seen)
}

// printActionErrors prints the error of each analysis that failed on its
// own, and returns how many it printed. An analysis that failed because
// one it depends on did, or that did not run because its package has
// errors, which are printed already, is left out.
func printActionErrors(w io.Writer, graph *checker.Graph) int {
	n := 0
	for act := range graph.All() {
		if act.Err == nil || act.Package.IllTyped || slices.ContainsFunc(act.Deps, func(d *checker.Action) bool { return d.Err != nil }) {
			continue
		}
		fmt.Fprintf(w, "idemlint: %s: %s\n", act, oneLine(act.Err.Error()))
		n++
	}
	return n
}

// oneLine joins the lines of a message, so that each error is one line.
func oneLine(msg string) string {
	return strings.Join(strings.Fields(msg), " ")
}

// directiveRule is the rule of the diagnostics on //idemlint:ignore
// directives, which every check reports under the category "directive":
// they are not findings of the check, and are filed apart so that they
// can be told from them. Its name differs from its id, as SARIF viewers
// expect of a rule.
var directiveRule = &analysis.Analyzer{
	Name: "ignoredirective",
	Doc: `ignoredirective: report //idemlint:ignore directives that are malformed or suppress nothing

An ignore directive names the checks it suppresses, by code or by name, and
says why the code is safe to retry:

	//idemlint:ignore IDEM001 orders has a unique index on (customer_id, cart_id)

A directive without a check or without a reason is reported; with a check's
strict flag (-freshid.strict), so is a directive that suppresses nothing.`,
	URL: "https://github.com/idemlint/idemlint#checks",
}

const directiveCategory = "directive"

// driver describes idemlint and its rules: one per analyzer, whose id is
// the check's code, and one for directives.
func driver(analyzers []*analysis.Analyzer) sarif.ToolComponent {
	d := sarif.ToolComponent{
		Name:           "idemlint",
		Version:        version(),
		InformationURI: "https://github.com/idemlint/idemlint",
	}
	for _, a := range analyzers {
		m := meta(a)
		d.Rules = append(d.Rules, sarif.Rule(m.Code, m.Severity, a))
	}
	d.Rules = append(d.Rules, sarif.Rule(directiveCategory, "warning", directiveRule))
	return d
}

// meta returns the record of the check analyzer a runs; an analyzer of
// no check (none is run today) is filed under its name.
func meta(a *analysis.Analyzer) report.Meta {
	if m, ok := idemlint.Lookup(a.Name); ok {
		return m
	}
	return report.Meta{Name: a.Name, Code: a.Name, Severity: "warning"}
}

// findings collects the diagnostics of the analyzers run on the packages
// named by the arguments, filed under their check's rule, or the
// directive rule.
func findings(graph *checker.Graph) []sarif.Finding {
	var out []sarif.Finding
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			id := meta(act.Analyzer).Code
			if d.Category == directiveCategory {
				id = directiveCategory
			}
			out = append(out, sarif.Finding{RuleID: id, Diagnostic: d})
		}
	}
	return out
}

// version is idemlint's module version when the binary was built from a
// module (go install ...@version), or "" when it is unknown.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok || info.Main.Version == "(devel)" {
		return ""
	}
	return info.Main.Version
}
