package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// When a package of the pattern does not load or type-check, the checker
// skips every analysis of it and of the packages that import it, and
// prints one line per analysis and package: "idemretried: failed
// prerequisites: idemcatalog@example.com/x, idemlazyssa@example.com/x".
// Those lines name passes the user has never heard of, and a run that
// prints nothing else reads as "no findings". idemlint drops them and
// says instead, once per run, which packages were not analysed.

// maxNamed is how many skipped packages the note names before it counts
// the rest.
const maxNamed = 5

// skippedNote is the one line that says which packages were not
// analysed, or "" when none was skipped.
func skippedNote(pkgs []string) string {
	if len(pkgs) == 0 {
		return ""
	}
	named := pkgs[:min(len(pkgs), maxNamed)]
	list := strings.Join(named, ", ")
	if rest := len(pkgs) - len(named); rest > 0 {
		list += fmt.Sprintf(", and %d more", rest)
	}
	if len(pkgs) == 1 {
		return "idemlint: 1 package was not analysed because it, or a package it imports, has errors: " + list
	}
	return fmt.Sprintf("idemlint: %d packages were not analysed because they, or packages they import, have errors: %s", len(pkgs), list)
}

// checkerSkip matches the checker's line for an analysis that did not
// run: its own package has errors, or an analysis it needs failed.
var checkerSkip = regexp.MustCompile(`^([a-z0-9_]+): (?:analysis skipped due to errors in package|failed prerequisites: (.*))$`)

// A skipFilter drops the checker's lines about skipped analyses from the
// text the checker prints, and records the packages they were about.
type skipFilter struct {
	passes map[string]bool // every analyzer of the run, checks and passes
	checks map[string]bool // the checks: their lines name the packages
	pkgs   []string        // skipped packages, in the order first seen
}

// newSkipFilter returns a filter for the lines of the named checks and
// of the analyzers the given ones require.
func newSkipFilter(checks []string, analyzers []*analysis.Analyzer) *skipFilter {
	f := &skipFilter{passes: map[string]bool{}, checks: map[string]bool{}}
	for _, name := range checks {
		f.checks[name] = true
		f.passes[name] = true
	}
	var add func(a *analysis.Analyzer)
	add = func(a *analysis.Analyzer) {
		if f.passes[a.Name] {
			return
		}
		f.passes[a.Name] = true
		for _, req := range a.Requires {
			add(req)
		}
	}
	for _, a := range analyzers {
		for _, req := range a.Requires {
			add(req)
		}
	}
	return f
}

// keep reports whether a line of the checker's output is kept, and
// records the package of a dropped line of a check.
func (f *skipFilter) keep(line string) bool {
	m := checkerSkip.FindStringSubmatch(line)
	if m == nil || !f.passes[m[1]] {
		return true
	}
	if f.checks[m[1]] {
		// A check needs only passes of its own package: each
		// prerequisite names the package the check skipped.
		for _, req := range strings.Split(m[2], ", ") {
			if _, pkg, ok := strings.Cut(req, "@"); ok && !slices.Contains(f.pkgs, pkg) {
				f.pkgs = append(f.pkgs, pkg)
			}
		}
	}
	return false
}

// copy copies the checker's text output from r to w without the
// dropped lines.
func (f *skipFilter) copy(w io.Writer, r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if f.keep(sc.Text()) {
			fmt.Fprintln(w, sc.Text())
		}
	}
	return sc.Err()
}

// json drops the same errors from the checker's -json output (a tree
// {"pkg": {"analyzer": diagnostics or {"error": "..."}}}), and returns
// it unchanged when it holds none of them.
func (f *skipFilter) json(out []byte) []byte {
	return rewriteTree(out, func(pkg, name string, raw json.RawMessage) (json.RawMessage, bool) {
		var e struct{ Error string }
		if json.Unmarshal(raw, &e) != nil || e.Error == "" || f.keep(name+": "+e.Error) {
			return raw, false
		}
		return nil, true
	})
}

// dedupJSON drops from go vet's JSON tree the diagnostics that a package
// earlier in it already holds at the same position with the same
// message: a finding that the composition root reports at an
// implementation is reported by every main package that links it, and
// is printed once, as the text output prints it.
func dedupJSON(out []byte) []byte {
	seen := make(map[string]bool)
	return rewriteTree(out, func(pkg, name string, raw json.RawMessage) (json.RawMessage, bool) {
		var diags []map[string]json.RawMessage
		if json.Unmarshal(raw, &diags) != nil {
			return raw, false // an error, not a list of diagnostics
		}
		kept := diags[:0]
		for _, d := range diags {
			key := name + "\x00" + string(d["posn"]) + "\x00" + string(d["message"])
			if !seen[key] {
				seen[key] = true
				kept = append(kept, d)
			}
		}
		if len(kept) == len(diags) {
			return raw, false
		}
		if len(kept) == 0 {
			return nil, true
		}
		rewritten, err := json.Marshal(kept)
		if err != nil {
			return raw, false
		}
		return rewritten, true
	})
}

// dedupText drops from the text output the findings printed again with
// the same position and message, with the lines that follow them (the
// related positions, "posn: \tmessage", and any source context): the
// checker prints once a finding of one extent only, and a package and
// the composition root report the same finding with different ones.
func dedupText(out []byte) []byte {
	var kept bytes.Buffer
	seen := make(map[string]bool)
	drop := false
	for _, line := range bytes.SplitAfter(out, []byte("\n")) {
		if head(line) {
			key := string(bytes.TrimRight(line, "\n"))
			drop = seen[key]
			seen[key] = true
		}
		if !drop {
			kept.Write(line)
		}
	}
	return kept.Bytes()
}

// head reports whether a line of the text output begins a finding (or
// is an analysis's error): not a related position, whose message the
// checker indents with a tab, nor a line of source context ("12\tcode").
func head(line []byte) bool {
	if contextLine.Match(line) {
		return false
	}
	_, msg, ok := bytes.Cut(line, []byte(": "))
	return !ok || len(msg) == 0 || msg[0] != '\t'
}

// contextLine matches a line of source context the -c flag prints.
var contextLine = regexp.MustCompile(`^\d+\t`)

// jsonFix is a suggested fix as go vet's JSON tree holds it.
type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// sortEditsJSON puts the edits of each fix in go vet's JSON tree in the
// order of their files' names and offsets. The checker orders them by
// position in its file set, which follows the order its packages were
// loaded in, in parallel: a fix that edits two packages would otherwise
// print differently by run.
func sortEditsJSON(out []byte) []byte {
	return rewriteTree(out, func(pkg, name string, raw json.RawMessage) (json.RawMessage, bool) {
		var diags []map[string]json.RawMessage
		if json.Unmarshal(raw, &diags) != nil {
			return raw, false // an error, not a list of diagnostics
		}
		changed := false
		for _, d := range diags {
			var fixes []jsonFix
			if d["suggested_fixes"] == nil || json.Unmarshal(d["suggested_fixes"], &fixes) != nil {
				continue
			}
			moved := false
			for _, f := range fixes {
				byPlace := func(a, b jsonEdit) int {
					return cmp.Or(strings.Compare(a.Filename, b.Filename), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
				}
				if !slices.IsSortedFunc(f.Edits, byPlace) {
					slices.SortStableFunc(f.Edits, byPlace)
					moved = true
				}
			}
			if !moved {
				continue
			}
			if b, err := json.Marshal(fixes); err == nil {
				d["suggested_fixes"], changed = b, true
			}
		}
		if !changed {
			return raw, false
		}
		rewritten, err := json.Marshal(diags)
		if err != nil {
			return raw, false
		}
		return rewritten, true
	})
}

// rewriteTree applies edit to each entry of go vet's JSON tree, packages
// and analyzers in order, and returns out unchanged when no edit changes
// anything. An entry edited to nil is dropped, and a package left empty
// with it.
func rewriteTree(out []byte, edit func(pkg, name string, raw json.RawMessage) (json.RawMessage, bool)) []byte {
	var tree map[string]map[string]json.RawMessage
	if json.Unmarshal(out, &tree) != nil {
		return out // not one tree: left as the checker wrote it
	}
	changed := false
	for _, pkg := range slices.Sorted(maps.Keys(tree)) {
		for _, name := range slices.Sorted(maps.Keys(tree[pkg])) {
			raw, ok := edit(pkg, name, tree[pkg][name])
			if !ok {
				continue
			}
			changed = true
			if raw == nil {
				delete(tree[pkg], name)
			} else {
				tree[pkg][name] = raw
			}
		}
		if len(tree[pkg]) == 0 {
			delete(tree, pkg)
		}
	}
	if !changed {
		return out
	}
	rewritten, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return out
	}
	return append(rewritten, '\n')
}

// skippedPackages lists the packages on which some analysis of the
// graph's roots did not run because the package, or one it imports, has
// errors.
func skippedPackages(graph *checker.Graph) []string {
	var pkgs []string
	for _, act := range graph.Roots {
		if act.Err == nil || !act.Package.IllTyped && !slices.ContainsFunc(act.Deps, func(d *checker.Action) bool { return d.Err != nil }) {
			continue
		}
		// A pattern that matched nothing is a package with an ID and
		// no path.
		if pkg := cmp.Or(act.Package.PkgPath, act.Package.ID); !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
	}
	return pkgs
}
