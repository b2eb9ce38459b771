package sarif

import (
	"bytes"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/sarif/sarifschema"
)

// A fixture is a set of files in a FileSet, as a driver's would be, and
// the content ReadFile returns for them.
type fixture struct {
	root  string
	fset  *token.FileSet
	files map[string]*token.File
	text  map[string]string
}

func newFixture(root string, files map[string]string) *fixture {
	fx := &fixture{root: root, fset: token.NewFileSet(), files: map[string]*token.File{}, text: map[string]string{}}
	for name, text := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if filepath.IsAbs(filepath.FromSlash(name)) {
			path = filepath.FromSlash(name)
		}
		f := fx.fset.AddFile(path, -1, len(text))
		f.SetLinesForContent([]byte(text))
		fx.files[name], fx.text[path] = f, text
	}
	return fx
}

// pos is the position of the first occurrence of marker in the file.
func (fx *fixture) pos(t *testing.T, name, marker string) token.Pos {
	t.Helper()
	f := fx.files[name]
	i := strings.Index(fx.text[f.Name()], marker)
	if i < 0 {
		t.Fatalf("%q not in %s", marker, name)
	}
	return f.Pos(i)
}

func (fx *fixture) readFile(name string) ([]byte, error) {
	text, ok := fx.text[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return []byte(text), nil
}

func (fx *fixture) log(t *testing.T, findings ...Finding) *Log {
	t.Helper()
	log, err := New(testDriver(), fx.fset, findings, Options{Root: fx.root, ReadFile: fx.readFile})
	if err != nil {
		t.Fatal(err)
	}
	return log
}

var testAnalyzer = &analysis.Analyzer{
	Name: "freshid",
	Doc:  "freshid: report fresh IDs (IDEM001)\n\nA retry makes a new one:\n\n\tid := uuid.New()\n\nThe fix derives it from the operation key.",
	URL:  "https://example.com/freshid",
}

func testDriver() ToolComponent {
	return ToolComponent{
		Name:  "idemlint",
		Rules: []ReportingDescriptor{Rule("IDEM001", "warning", testAnalyzer), Rule("directive", "warning", &analysis.Analyzer{Name: "directive", Doc: "directive: report directives"})},
	}
}

var root = filepath.FromSlash("/home/dev/repo")

const orders = "package api\n\n// héllo, wörld: 😀 ok\nfunc f() { s := \"é😀\"; id := uuid.New() }\n"

func TestRule(t *testing.T) {
	r := Rule("IDEM001", "warning", testAnalyzer)
	if r.ID != "IDEM001" || r.Name != "freshid" || r.HelpURI != testAnalyzer.URL || r.DefaultConfiguration.Level != "warning" {
		t.Errorf("Rule = %+v", r)
	}
	if r.ShortDescription.Text != "freshid: report fresh IDs (IDEM001)" {
		t.Errorf("short description %q; want the Doc's first line", r.ShortDescription.Text)
	}
	if r.FullDescription.Text != testAnalyzer.Doc {
		t.Errorf("full description %q; want the Doc", r.FullDescription.Text)
	}
	// The Doc's indented code block stays a code block in Markdown.
	if !strings.Contains(r.FullDescription.Markdown, "\n\n\tid := uuid.New()\n\n") {
		t.Errorf("Markdown %q has no code block", r.FullDescription.Markdown)
	}
}

// TestColumns checks that byte columns become UTF-16 columns: é is one
// code unit in two bytes, 😀 two code units in four bytes.
func TestColumns(t *testing.T) {
	fx := newFixture(root, map[string]string{"api/orders.go": orders})
	pos := fx.pos(t, "api/orders.go", "uuid.New()")
	end := pos + token.Pos(len("uuid.New()"))
	log := fx.log(t, Finding{RuleID: "IDEM001", Diagnostic: analysis.Diagnostic{Pos: pos, End: end, Message: "m"}})

	// Line 4: `func f() { s := "é😀"; id := ` is 28 characters, 31 UTF-16
	// code units (é one, 😀 two), 33 bytes.
	if got := fx.fset.Position(pos).Column; got != 33 {
		t.Fatalf("byte column %d; fixture changed", got)
	}
	want := &Region{StartLine: 4, StartColumn: 30, EndLine: 4, EndColumn: 40}
	if diff := cmp.Diff(want, log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region); diff != "" {
		t.Errorf("region (-want +got):\n%s", diff)
	}
	if log.Runs[0].ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q", log.Runs[0].ColumnKind)
	}
}

func TestUTF16Len(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"", 0}, {"abc", 3}, {"é", 1}, {"😀", 2}, {"a😀é", 4}, {"\xff", 1}, {"日本", 2},
	} {
		if got := utf16Len([]byte(tc.s)); got != tc.want {
			t.Errorf("utf16Len(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

// TestRegionWithoutEnd checks that a diagnostic without an end, or with
// an empty range, is a region from its start to the end of its line.
func TestRegionWithoutEnd(t *testing.T) {
	fx := newFixture(root, map[string]string{"api/orders.go": orders})
	pos := fx.pos(t, "api/orders.go", "uuid.New()")
	for _, end := range []token.Pos{token.NoPos, pos} {
		log := fx.log(t, Finding{RuleID: "IDEM001", Diagnostic: analysis.Diagnostic{Pos: pos, End: end, Message: "m"}})
		want := &Region{StartLine: 4, StartColumn: 30}
		if diff := cmp.Diff(want, log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region); diff != "" {
			t.Errorf("End %v: region (-want +got):\n%s", end, diff)
		}
	}
}

// TestUnreadableFile checks that a file that cannot be read gets regions
// of whole lines, and no fixes, rather than byte columns.
func TestUnreadableFile(t *testing.T) {
	fx := newFixture(root, map[string]string{"api/orders.go": orders})
	pos := fx.pos(t, "api/orders.go", "uuid.New()")
	delete(fx.text, fx.files["api/orders.go"].Name())
	log := fx.log(t, Finding{RuleID: "IDEM001", Diagnostic: analysis.Diagnostic{
		Pos: pos, End: pos + 4, Message: "m",
		SuggestedFixes: []analysis.SuggestedFix{{Message: "fix", TextEdits: []analysis.TextEdit{{Pos: pos, End: pos + 4, NewText: []byte("x")}}}},
	}})
	r := log.Runs[0].Results[0]
	if diff := cmp.Diff(&Region{StartLine: 4, EndLine: 4}, r.Locations[0].PhysicalLocation.Region); diff != "" {
		t.Errorf("region (-want +got):\n%s", diff)
	}
	if len(r.Fixes) != 0 {
		t.Errorf("fixes %+v; want none", r.Fixes)
	}
}

func TestRelatedLocations(t *testing.T) {
	fx := newFixture(root, map[string]string{"api/orders.go": orders, "store/db.go": "package store\n\nfunc Insert() {}\n"})
	d := analysis.Diagnostic{
		Pos:     fx.pos(t, "api/orders.go", "uuid.New()"),
		Message: "a retry inserts a second row [IDEM001]",
		Related: []analysis.RelatedInformation{
			{Pos: fx.pos(t, "api/orders.go", "func f"), Message: "retried root: HTTP handler f"},
			{Pos: fx.pos(t, "store/db.go", "Insert"), End: fx.pos(t, "store/db.go", "() {}"), Message: "becomes the id column here"},
		},
	}
	log := fx.log(t, Finding{RuleID: "IDEM001", Diagnostic: d})
	want := []Location{
		{ID: 1, Message: &Message{Text: "retried root: HTTP handler f"}, PhysicalLocation: &PhysicalLocation{
			ArtifactLocation: ArtifactLocation{URI: "api/orders.go", URIBaseID: SrcRoot},
			Region:           &Region{StartLine: 4, StartColumn: 1},
		}},
		{ID: 2, Message: &Message{Text: "becomes the id column here"}, PhysicalLocation: &PhysicalLocation{
			ArtifactLocation: ArtifactLocation{URI: "store/db.go", URIBaseID: SrcRoot},
			Region:           &Region{StartLine: 3, StartColumn: 6, EndLine: 3, EndColumn: 12},
		}},
	}
	if diff := cmp.Diff(want, log.Runs[0].Results[0].RelatedLocations); diff != "" {
		t.Errorf("related locations (-want +got):\n%s", diff)
	}
	// GitHub shows related locations only through links in the message.
	const text = "a retry inserts a second row [IDEM001] See [retried root: HTTP handler f](1); [becomes the id column here](2)."
	if got := log.Runs[0].Results[0].Message.Text; got != text {
		t.Errorf("message %q; want %q", got, text)
	}
}

// TestMessageBraces checks that braces in messages are doubled, so that
// SARIF does not read them as placeholders, and that brackets are kept.
func TestMessageBraces(t *testing.T) {
	fx := newFixture(root, map[string]string{"a.go": "package a\n"})
	pos := fx.pos(t, "a.go", "a")
	log := fx.log(t, Finding{RuleID: "IDEM001", Diagnostic: analysis.Diagnostic{
		Pos: pos, Message: "Params{} carries no key {0} [IDEM001]",
		Related:        []analysis.RelatedInformation{{Pos: pos, Message: "via f{}"}},
		SuggestedFixes: []analysis.SuggestedFix{{Message: "set Key in Params{}", TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte("{}")}}}},
	}})
	r := log.Runs[0].Results[0]
	got := []string{r.Message.Text, r.RelatedLocations[0].Message.Text, r.Fixes[0].Description.Text, r.Fixes[0].ArtifactChanges[0].Replacements[0].InsertedContent.Text}
	want := []string{"Params{{}} carries no key {{0}} [IDEM001] See [via f{{}}](1).", "via f{{}}", "set Key in Params{{}}", "{}"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("message texts (-want +got):\n%s", diff)
	}
}

// TestFixes checks that a fix's edits are grouped by file and sorted,
// with insertions as empty regions, in UTF-16 columns.
func TestFixes(t *testing.T) {
	fx := newFixture(root, map[string]string{"api/orders.go": orders, "api/imports.go": "package api\n\nimport \"fmt\"\n"})
	call := fx.pos(t, "api/orders.go", "uuid.New()")
	imp := fx.pos(t, "api/imports.go", "\"fmt\"")
	d := analysis.Diagnostic{Pos: call, Message: "m", SuggestedFixes: []analysis.SuggestedFix{{
		Message: "Derive the value from the operation key",
		TextEdits: []analysis.TextEdit{
			{Pos: call, End: call + token.Pos(len("uuid.New()")), NewText: []byte("uuid.NewSHA1(ns, key)")},
			{Pos: imp + 5, End: imp + 5, NewText: []byte("\n\t\"crypto/sha1\"")},
			{Pos: fx.pos(t, "api/orders.go", "s := "), End: fx.pos(t, "api/orders.go", "id := "), NewText: nil},
		},
	}}}
	log := fx.log(t, Finding{RuleID: "IDEM001", Diagnostic: d})
	want := []Fix{{
		Description: &Message{Text: "Derive the value from the operation key"},
		ArtifactChanges: []ArtifactChange{
			{
				ArtifactLocation: ArtifactLocation{URI: "api/imports.go", URIBaseID: SrcRoot},
				Replacements: []Replacement{{
					DeletedRegion:   Region{StartLine: 3, StartColumn: 13, EndLine: 3, EndColumn: 13},
					InsertedContent: &ArtifactContent{Text: "\n\t\"crypto/sha1\""},
				}},
			},
			{
				ArtifactLocation: ArtifactLocation{URI: "api/orders.go", URIBaseID: SrcRoot},
				Replacements: []Replacement{
					{DeletedRegion: Region{StartLine: 4, StartColumn: 12, EndLine: 4, EndColumn: 24}, InsertedContent: &ArtifactContent{}},
					{DeletedRegion: Region{StartLine: 4, StartColumn: 30, EndLine: 4, EndColumn: 40}, InsertedContent: &ArtifactContent{Text: "uuid.NewSHA1(ns, key)"}},
				},
			},
		},
	}}
	if diff := cmp.Diff(want, log.Runs[0].Results[0].Fixes); diff != "" {
		t.Errorf("fixes (-want +got):\n%s", diff)
	}
}

// TestURIs checks that files below the root are relative to %SRCROOT%,
// percent-encoded, and files outside it absolute file URIs.
func TestURIs(t *testing.T) {
	outside := "/elsewhere/lib/x.go"
	fx := newFixture(root, map[string]string{"my dir/a#1.go": "package a\n", outside: "package lib\n"})
	log := fx.log(t,
		Finding{RuleID: "IDEM001", Diagnostic: analysis.Diagnostic{Pos: fx.pos(t, "my dir/a#1.go", "a"), Message: "m"}},
		Finding{RuleID: "IDEM001", Diagnostic: analysis.Diagnostic{Pos: fx.pos(t, outside, "lib"), Message: "m"}},
	)
	var got []ArtifactLocation
	for _, r := range log.Runs[0].Results {
		got = append(got, r.Locations[0].PhysicalLocation.ArtifactLocation)
	}
	want := []ArtifactLocation{{URI: "file:///elsewhere/lib/x.go"}, {URI: "my%20dir/a%231.go", URIBaseID: SrcRoot}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("artifact locations (-want +got):\n%s", diff)
	}
	base := log.Runs[0].OriginalURIBaseIDs[SrcRoot].URI
	if base != "file:///home/dev/repo/" {
		t.Errorf("%%SRCROOT%% is %q; want file:///home/dev/repo/", base)
	}
}

// TestOrder checks that results are sorted by file, line, column, rule
// and message whatever the order of the findings, that a finding reported
// twice (in a file of a package and of its test variant) appears once,
// and that the bytes are the same.
func TestOrder(t *testing.T) {
	fx := newFixture(root, map[string]string{"a.go": "package a\n\nvar x, y = 1, 2\n", "b.go": "package a\n"})
	at := func(name, marker, rule, msg string) Finding {
		return Finding{RuleID: rule, Diagnostic: analysis.Diagnostic{Pos: fx.pos(t, name, marker), Message: msg}}
	}
	findings := []Finding{
		at("b.go", "package", "IDEM001", "b"),
		at("a.go", "y =", "IDEM001", "y"),
		at("a.go", "x,", "directive", "x"),
		at("a.go", "x,", "IDEM001", "x2"),
		at("a.go", "x,", "IDEM001", "x1"),
		at("a.go", "package", "IDEM001", "p"),
		at("a.go", "y =", "IDEM001", "y"),
		at("a.go", "y =", "IDEM001", "y"),
	}
	// The last one is found along another chain: it is still the same
	// finding.
	findings[7].Diagnostic.Related = []analysis.RelatedInformation{{Pos: fx.pos(t, "b.go", "a"), Message: "via b"}}
	var first []byte
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {7, 6, 5, 4, 3, 2, 1, 0}, {3, 7, 0, 6, 2, 5, 1, 4}} {
		var in []Finding
		for _, i := range order {
			in = append(in, findings[i])
		}
		log := fx.log(t, in...)
		var got []string
		for _, r := range log.Runs[0].Results {
			got = append(got, r.Locations[0].PhysicalLocation.ArtifactLocation.URI+" "+r.RuleID+" "+r.Message.Text)
		}
		want := []string{"a.go IDEM001 p", "a.go IDEM001 x1", "a.go IDEM001 x2", "a.go directive x", "a.go IDEM001 y See [via b](1).", "b.go IDEM001 b"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("order %v: results (-want +got):\n%s", order, diff)
		}
		var buf bytes.Buffer
		if err := log.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = buf.Bytes()
		} else if !bytes.Equal(first, buf.Bytes()) {
			t.Errorf("order %v: different bytes", order)
		}
	}
}

func TestUnknownRule(t *testing.T) {
	fx := newFixture(root, map[string]string{"a.go": "package a\n"})
	_, err := New(testDriver(), fx.fset, []Finding{{RuleID: "IDEM999", Diagnostic: analysis.Diagnostic{Pos: fx.pos(t, "a.go", "a"), Message: "m"}}}, Options{Root: root})
	if err == nil {
		t.Error("New accepted a finding of a rule the driver does not have")
	}
}

// TestEmptyLog checks that a run without findings still lists its
// results, as an empty list.
func TestEmptyLog(t *testing.T) {
	var buf bytes.Buffer
	log := newFixture(root, nil).log(t)
	if err := log.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"results": []`) {
		t.Errorf("no empty results list:\n%s", buf.String())
	}
	validate(t, buf.Bytes())
}

// TestSchema validates a log with every kind of property New sets against
// the SARIF 2.1.0 schema.
func TestSchema(t *testing.T) {
	fx := newFixture(root, map[string]string{"api/orders.go": orders, "/elsewhere/x.go": "package x\n"})
	call := fx.pos(t, "api/orders.go", "uuid.New()")
	log := fx.log(t,
		Finding{RuleID: "IDEM001", Diagnostic: analysis.Diagnostic{
			Pos: call, End: call + 10, Message: "a retry inserts a second row <id> & more [IDEM001]",
			Related: []analysis.RelatedInformation{{Pos: fx.pos(t, "/elsewhere/x.go", "x"), Message: "via x"}},
			SuggestedFixes: []analysis.SuggestedFix{{Message: "derive", TextEdits: []analysis.TextEdit{
				{Pos: call, End: call + 10, NewText: []byte("k")}, {Pos: call, End: call}}}},
		}},
		Finding{RuleID: "directive", Diagnostic: analysis.Diagnostic{Pos: fx.pos(t, "api/orders.go", "//"), Message: "needs a reason"}},
	)
	log.Runs[0].Tool.Driver.Version = "v1.2.3"
	var buf bytes.Buffer
	if err := log.Write(&buf); err != nil {
		t.Fatal(err)
	}
	validate(t, buf.Bytes())
	if !strings.Contains(buf.String(), "<id> & more") {
		t.Errorf("HTML characters escaped:\n%s", buf.String())
	}
}

// validate validates a log against the SARIF 2.1.0 schema, offline.
func validate(t *testing.T, data []byte) {
	t.Helper()
	if err := sarifschema.Validate(data); err != nil {
		t.Errorf("log does not validate against the SARIF 2.1.0 schema: %v\n%s", err, data)
	}
}

// TestSchemaRejects checks that the validation can fail: on logs that
// break the schema in the properties New sets.
func TestSchemaRejects(t *testing.T) {
	fx := newFixture(root, map[string]string{"a.go": "package a\n"})
	for name, breakLog := range map[string]func(*Log){
		"no version":     func(l *Log) { l.Version = "" },
		"bad level":      func(l *Log) { l.Runs[0].Results[0].Level = "severe" },
		"line 0":         func(l *Log) { l.Runs[0].Results[0].Locations[0].PhysicalLocation.Region.StartLine = 0 },
		"bad base URI":   func(l *Log) { l.Runs[0].OriginalURIBaseIDs[SrcRoot] = ArtifactLocation{URI: "file:// not a uri"} },
		"bad rule index": func(l *Log) { l.Runs[0].Results[0].RuleIndex = -2 },
		"bad columnKind": func(l *Log) { l.Runs[0].ColumnKind = "bytes" },
	} {
		log := fx.log(t, Finding{RuleID: "IDEM001", Diagnostic: analysis.Diagnostic{Pos: fx.pos(t, "a.go", "a"), Message: "m"}})
		breakLog(log)
		var buf bytes.Buffer
		if err := log.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if sarifschema.Validate(buf.Bytes()) == nil {
			t.Errorf("%s: the schema accepted the log", name)
		}
	}
}
