package main

import (
	"encoding/json"
	"flag"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint"
	"github.com/idemlint/idemlint/internal/config"
)

func TestLookupFlag(t *testing.T) {
	for _, tc := range []struct {
		args        string
		name, value string
		found       bool
	}{
		{"-C dir ./...", "C", "dir", true},
		{"--C=dir ./...", "C", "dir", true},
		{"-config f.yml -C dir ./...", "C", "dir", true},
		{"-config f.yml -sarif ./...", "sarif", "", true},
		{"-c 3 -sarif ./...", "sarif", "", true},
		{"-sarif=false ./...", "sarif", "false", true},
		{"-C a -C b ./...", "C", "b", true},
		{"./... -sarif", "sarif", "", false},
		{"-json -- -sarif", "sarif", "", false},
		{"-freshid -freshid.strict ./...", "sarif", "", false},
		{"-config", "config", "", true},
	} {
		value, found := lookupFlag(strings.Fields(tc.args), tc.name)
		if value != tc.value || found != tc.found {
			t.Errorf("lookupFlag(%q, %q) = %q, %v; want %q, %v", tc.args, tc.name, value, found, tc.value, tc.found)
		}
	}
}

func TestBoolFlag(t *testing.T) {
	for args, want := range map[string]bool{
		"-sarif ./...":           true,
		"--sarif ./...":          true,
		"-sarif=true ./...":      true,
		"-sarif=1 ./...":         true,
		"-sarif=false ./...":     false,
		"-json ./...":            false,
		"-config x.yml -sarif .": true,
	} {
		if got := boolFlag(strings.Fields(args), "sarif"); got != want {
			t.Errorf("boolFlag(%q, sarif) = %v, want %v", args, got, want)
		}
	}
}

// TestMeta checks that the SARIF rules find every check's record, and
// that an analyzer of no check is filed under its name.
func TestMeta(t *testing.T) {
	for i, a := range idemlint.Analyzers() {
		if m := meta(a); m != idemlint.Checks()[i] {
			t.Errorf("%s: record %+v, want %+v", a.Name, m, idemlint.Checks()[i])
		}
	}
	if m := meta(&analysis.Analyzer{Name: "other", Doc: "other: no code"}); m.Code != "other" || m.Severity == "" {
		t.Errorf("record of an analyzer of no check = %+v, want its name as code and a level", m)
	}
}

func TestDriver(t *testing.T) {
	analyzers := idemlint.Analyzers()
	d := driver(analyzers)
	if d.Name != "idemlint" || len(d.Rules) != len(analyzers)+1 {
		t.Fatalf("driver %s has %d rules; want idemlint with %d", d.Name, len(d.Rules), len(analyzers)+1)
	}
	for i, a := range analyzers {
		m := idemlint.Checks()[i]
		if r := d.Rules[i]; r.ID != m.Code || r.Name != a.Name || r.HelpURI != a.URL || r.DefaultConfiguration.Level != m.Severity {
			t.Errorf("rule %d is %s (%s, %s); want %s (%s, %s)", i, r.ID, r.Name, r.HelpURI, m.Code, a.Name, a.URL)
		}
	}
	if r := d.Rules[len(analyzers)]; r.ID != directiveCategory {
		t.Errorf("last rule is %s; want %s", r.ID, directiveCategory)
	}
}

func TestSelectAnalyzers(t *testing.T) {
	a, b, c := &analysis.Analyzer{Name: "a"}, &analysis.Analyzer{Name: "b"}, &analysis.Analyzer{Name: "c"}
	all := []*analysis.Analyzer{a, b, c}
	on, off, unset := &selection{true, true}, &selection{true, false}, &selection{}
	for _, tc := range []struct {
		name     string
		selected []*selection
		want     string
	}{
		{"none set", []*selection{unset, unset, unset}, "a b c"},
		{"-b", []*selection{unset, on, unset}, "b"},
		{"-b=false", []*selection{unset, off, unset}, "a c"},
		{"-a -b=false", []*selection{on, off, unset}, "a"},
	} {
		var names []string
		for _, x := range selectAnalyzers(all, tc.selected) {
			names = append(names, x.Name)
		}
		if got := strings.Join(names, " "); got != tc.want {
			t.Errorf("%s: selected %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestOneLine(t *testing.T) {
	got := oneLine("x.go:3:5: cannot use v as T value:\n\tT does not implement U\n")
	if want := "x.go:3:5: cannot use v as T value: T does not implement U"; got != want {
		t.Errorf("oneLine = %q, want %q", got, want)
	}
}

// TestSkipFilter checks that the checker's lines about analyses it
// skipped give way to one line naming the packages, and that every other
// line is kept.
func TestSkipFilter(t *testing.T) {
	const in = `x/x.go:3:19: too many return values
	have (number)
	want ()
idemcatalog: analysis skipped due to errors in package
idemretried: failed prerequisites: idemcatalog@example.com/se/x, idemlazyssa@example.com/se/x
freshid: failed prerequisites: idemsummary@example.com/se/x
idemsummary: failed prerequisites: idemcatalog@example.com/se/y, idemsummary@example.com/se/x
freshid: failed prerequisites: idemsummary@example.com/se/y
missingkey: failed prerequisites: idemsummary@example.com/se/x
printf: failed prerequisites: inspect@example.com/se/z
api/orders.go:12:2: freshid: a retry inserts a second orders row with a new id [IDEM001]
`
	const want = `x/x.go:3:19: too many return values
	have (number)
	want ()
printf: failed prerequisites: inspect@example.com/se/z
api/orders.go:12:2: freshid: a retry inserts a second orders row with a new id [IDEM001]
idemlint: 2 packages were not analysed because they, or packages they import, have errors: example.com/se/x, example.com/se/y
`
	var checks []string
	for _, m := range idemlint.Checks() {
		checks = append(checks, m.Name)
	}
	var out strings.Builder
	f := newSkipFilter(checks, idemlint.Analyzers())
	if err := f.copy(&out, strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	out.WriteString(skippedNote(f.pkgs) + "\n")
	if out.String() != want {
		t.Errorf("filtered output:\n%s\nwant:\n%s", out.String(), want)
	}

	out.Reset()
	newSkipFilter(checks, idemlint.Analyzers()).copy(&out, strings.NewReader("a.go:1:1: freshid: x [IDEM001]\n"))
	if got := out.String(); got != "a.go:1:1: freshid: x [IDEM001]\n" {
		t.Errorf("with nothing skipped, the output changed: %q", got)
	}
}

func TestSkippedNote(t *testing.T) {
	for _, tc := range []struct {
		pkgs []string
		want string
	}{
		{nil, ""},
		{[]string{"./nope/..."}, "idemlint: 1 package was not analysed because it, or a package it imports, has errors: ./nope/..."},
		{strings.Fields("a b c d e f g"), "idemlint: 7 packages were not analysed because they, or packages they import, have errors: a, b, c, d, e, and 2 more"},
	} {
		if got := skippedNote(tc.pkgs); got != tc.want {
			t.Errorf("skippedNote(%q) = %q, want %q", tc.pkgs, got, tc.want)
		}
	}
}

// TestSkipFilterJSON checks that the skipped analyses leave the -json
// tree, with the packages left with none, and that a tree without any
// is written back byte for byte.
func TestSkipFilterJSON(t *testing.T) {
	var checks []string
	for _, m := range idemlint.Checks() {
		checks = append(checks, m.Name)
	}
	const in = `{
	"example.com/se/x": {
		"freshid": {
			"error": "failed prerequisites: idemsummary@example.com/se/x"
		},
		"idemcatalog": {
			"error": "analysis skipped due to errors in package"
		}
	},
	"example.com/se/z": {
		"freshid": [
			{
				"posn": "z.go:3:2",
				"message": "m [IDEM001]"
			}
		],
		"printf": {
			"error": "boom"
		}
	}
}
`
	const want = `{
	"example.com/se/z": {
		"freshid": [
			{
				"posn": "z.go:3:2",
				"message": "m [IDEM001]"
			}
		],
		"printf": {
			"error": "boom"
		}
	}
}
`
	f := newSkipFilter(checks, idemlint.Analyzers())
	if got := string(f.json([]byte(in))); got != want {
		t.Errorf("filtered tree:\n%s\nwant:\n%s", got, want)
	}
	if !slices.Equal(f.pkgs, []string{"example.com/se/x"}) {
		t.Errorf("skipped packages %q, want example.com/se/x", f.pkgs)
	}
	const clean = "{\n\t\"p\": {\"freshid\": []}}\n"
	if got := string(newSkipFilter(checks, idemlint.Analyzers()).json([]byte(clean))); got != clean {
		t.Errorf("a tree without skipped analyses was rewritten: %q", got)
	}
}

// TestDedupJSON: a finding that two main packages report at the same
// position with the same message is printed once, under the first.
func TestDedupJSON(t *testing.T) {
	const in = `{
	"example.com/a/cmd/api": {
		"freshid": [
			{"posn": "store.go:3:2", "message": "m [IDEM001]"},
			{"posn": "api.go:9:2", "message": "n [IDEM001]"}
		]
	},
	"example.com/a/cmd/worker": {
		"freshid": [
			{"posn": "store.go:3:2", "message": "m [IDEM001]"}
		],
		"naturalkey": [
			{"posn": "store.go:3:2", "message": "m [IDEM001]"}
		]
	}
}`
	var got map[string]map[string][]map[string]string
	if err := json.Unmarshal(dedupJSON([]byte(in)), &got); err != nil {
		t.Fatal(err)
	}
	if n := len(got["example.com/a/cmd/api"]["freshid"]); n != 2 {
		t.Errorf("cmd/api keeps %d freshid findings, want 2", n)
	}
	if _, ok := got["example.com/a/cmd/worker"]["freshid"]; ok {
		t.Errorf("cmd/worker's repeated freshid finding is printed again: %v", got)
	}
	if n := len(got["example.com/a/cmd/worker"]["naturalkey"]); n != 1 {
		t.Errorf("another check's finding at the same place is dropped: %v", got)
	}
	same := `{"x": {"freshid": [{"posn": "a.go:1:1", "message": "m"}]}}`
	if out := string(dedupJSON([]byte(same))); out != same {
		t.Errorf("output without repeats is rewritten: %s", out)
	}
}

// TestDedupText checks that the text output prints a finding once when
// a package and the composition root report it at one position with
// one message, with the lines that follow it, and keeps the rest.
func TestDedupText(t *testing.T) {
	in := "store.go:3:2: m [IDEM001]\n" +
		"api.go:9:2: \tretried root: h\n" +
		"store.go:3:2: n [IDEM005]\n" +
		"store.go:3:2: m [IDEM001]\n" +
		"store.go:3:2: \tvia I.M (api.go:9:2), implemented by *S\n" +
		"3\tdb.Exec(q)\n" +
		"freshid: analysis failed\n"
	want := "store.go:3:2: m [IDEM001]\n" +
		"api.go:9:2: \tretried root: h\n" +
		"store.go:3:2: n [IDEM005]\n" +
		"freshid: analysis failed\n"
	if got := string(dedupText([]byte(in))); got != want {
		t.Errorf("dedupText:\n%s\nwant:\n%s", got, want)
	}
}

// TestFactsOnly checks the checks of a fact-only run: each keeps its
// name, flags and requirements, which write facts, so that go vet's
// driver runs them, and runs nothing of its own.
func TestFactsOnly(t *testing.T) {
	checks := idemlint.New(config.Default())
	stripped := factsOnly(checks)
	if len(stripped) != len(checks) {
		t.Fatalf("factsOnly gave %d analyzers for %d checks", len(stripped), len(checks))
	}
	for i, c := range stripped {
		orig := checks[i]
		if c.Name != orig.Name || c.Doc != orig.Doc || !sameFlags(&c.Flags, &orig.Flags) || !slices.Equal(c.Requires, orig.Requires) {
			t.Errorf("%s: name, flags or requirements changed", orig.Name)
		}
		if !writesFacts(c) {
			t.Errorf("%s: requires no pass that writes facts, so go vet's driver would write none", c.Name)
		}
		if res, err := c.Run(nil); res != nil || err != nil {
			t.Errorf("%s: Run gave %v, %v; want nothing", c.Name, res, err)
		}
		if orig.Run == nil || orig.ResultType == nil && c.ResultType != nil {
			t.Errorf("%s: the check itself was changed", orig.Name)
		}
	}
}

// writesFacts reports whether a, or a pass it requires, has facts.
func writesFacts(a *analysis.Analyzer) bool {
	return len(a.FactTypes) > 0 || slices.ContainsFunc(a.Requires, writesFacts)
}

func sameFlags(a, b *flag.FlagSet) bool {
	var as, bs []*flag.Flag
	a.VisitAll(func(f *flag.Flag) { as = append(as, f) })
	b.VisitAll(func(f *flag.Flag) { bs = append(bs, f) })
	return slices.Equal(as, bs)
}

func TestSortEditsJSON(t *testing.T) {
	const in = `{
	"example.com/a/cmd/api": {
		"freshid": [
			{"posn": "store.go:3:2", "message": "m [IDEM001]", "suggested_fixes": [
				{"message": "f", "edits": [
					{"filename": "/m/store/store.go", "start": 40, "end": 40, "new": "b"},
					{"filename": "/m/api/api.go", "start": 7, "end": 9, "new": "c"},
					{"filename": "/m/store/store.go", "start": 4, "end": 4, "new": "a"}
				]}
			]},
			{"posn": "api.go:9:2", "message": "n [IDEM001]"}
		]
	}
}`
	var tree map[string]map[string][]struct {
		Posn  string    `json:"posn"`
		Fixes []jsonFix `json:"suggested_fixes"`
	}
	if err := json.Unmarshal(sortEditsJSON([]byte(in)), &tree); err != nil {
		t.Fatal(err)
	}
	diags := tree["example.com/a/cmd/api"]["freshid"]
	if len(diags) != 2 || len(diags[0].Fixes) != 1 {
		t.Fatalf("got %+v, want the two diagnostics and the fix", diags)
	}
	var got []string
	for _, e := range diags[0].Fixes[0].Edits {
		got = append(got, e.New)
	}
	if want := []string{"c", "a", "b"}; !slices.Equal(got, want) {
		t.Errorf("edits in the order %q, want %q (by file name, then offset)", got, want)
	}
	sorted := `{"p": {"freshid": [{"posn": "a.go:1:1", "message": "m", "suggested_fixes": [{"message": "f", "edits": [{"filename": "a.go", "start": 1, "end": 1, "new": "x"}]}]}]}}`
	if out := sortEditsJSON([]byte(sorted)); string(out) != sorted {
		t.Errorf("rewrote a tree whose edits are in order:\n%s", out)
	}
}
