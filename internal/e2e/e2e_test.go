// Package e2e runs the idemlint binary, standalone and as go vet's
// -vettool, on the modules under testdata/mod: modules of their own that
// build against the real libraries. testdata/mod/shop uses google/uuid,
// pgx, gin, echo, asynq, backoff and Connect; testdata/mod/payments uses
// stripe-go, the AWS SDK's SQS client, kafka-go, franz-go, go-retryablehttp, pgx
// and asynq; testdata/mod/ledger uses pgx, sqlx, gorm, bun, asynq and
// river for the transaction checks (keytx, naturalkey, partialtx).
//
// The findings the analyzers should report are marked in the module's
// source with a comment on the reported line:
//
//	id := uuid.New() // finding: IDEM001
//
// and the cases that must stay silent with "// safe: reason". A line that
// two checks report names both codes:
//
//	resp, err := w.HTTP.Do(req) // finding: IDEM002 IDEM003
//
// The test derives its expected list from the markers, so the two cannot
// drift. A finding marker may name the operation key its suggested fix
// must use (every finding of the line must then have a fix using it):
//
//	receiptID := uuid.New() // finding: IDEM001 fix: t.ResultWriter().TaskID()
//
// The test needs the go command and the Go module proxy (to download the
// modules' dependencies); it is skipped under -short.
package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/load"
	"github.com/idemlint/idemlint/internal/testmod"
)

// A testModule is a module under test and what its markers must cover.
type testModule struct {
	Dir string // relative to the repository root
	// Packages are the top-level directories that must hold at least
	// one // finding: marker.
	Packages []string
	// MinFindings and MinSafe are the fewest finding and safe markers
	// the module must hold.
	MinFindings, MinSafe int
}

// modules are the modules under test.
var modules = []testModule{
	{Dir: "testdata/mod/shop", Packages: []string{"api", "worker"}, MinFindings: 8, MinSafe: 8},
	{Dir: "testdata/mod/payments", Packages: []string{"billing", "shipping", "notify", "queue"}, MinFindings: 7, MinSafe: 8},
	{Dir: "testdata/mod/ledger", Packages: []string{"accounts", "payments", "orders"}, MinFindings: 11, MinSafe: 16},
	// The API ent generates, with ent's own generator.
	{Dir: "testdata/mod/wallets", Packages: []string{"worker"}, MinFindings: 3, MinSafe: 3},
}

// analyzerOf maps a check code to the analyzer that reports it.
var analyzerOf = map[string]string{
	"IDEM001": "freshid",
	"IDEM002": "missingkey",
	"IDEM003": "intentfirst",
	"IDEM004": "keytx",
	"IDEM005": "naturalkey",
	"IDEM006": "partialtx",
}

// A finding is one diagnostic, reduced to what the markers can state.
type finding struct {
	File     string // slash path relative to the module root, e.g. api/orders.go
	Line     int
	Analyzer string
	Code     string
}

func (f finding) String() string {
	return fmt.Sprintf("%s:%d %s %s", f.File, f.Line, f.Analyzer, f.Code)
}

func compareFindings(a, b finding) int {
	if c := strings.Compare(a.File, b.File); c != 0 {
		return c
	}
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	if c := strings.Compare(a.Analyzer, b.Analyzer); c != 0 {
		return c
	}
	return strings.Compare(a.Code, b.Code)
}

// TestModules runs idemlint on each module under test, as a subtest
// named after the module's directory (TestModules/shop,
// TestModules/payments, TestModules/ledger).
// The modules are independent and run in parallel.
func TestModules(t *testing.T) {
	t.Parallel()
	goCmd, root, bin := testmod.Idemlint(t)
	for _, m := range modules {
		t.Run(filepath.Base(m.Dir), func(t *testing.T) {
			t.Parallel()
			testModuleRun(t, goCmd, root, bin, m)
		})
	}
}

// testModuleRun checks one module: its markers, the standalone and go vet
// reports against them, and that the tree still builds after -fix.
func testModuleRun(t *testing.T, goCmd, root, bin string, m testModule) {
	src := filepath.Join(root, filepath.FromSlash(m.Dir))

	want, fixes, safe := markers(t, src)
	checkMarkers(t, m, want, safe)
	t.Logf("%d findings and %d safe cases marked in %s", len(want), safe, m.Dir)
	// A finding the whole program's run reports where its value is made,
	// in another package than the root's, go vet reports in the root's.
	standaloneWant := merged(want, lineMarkers(t, src, standaloneMarker))
	vetWant := merged(want, lineMarkers(t, src, vetMarker))

	// Downloads happen in the first run; the runs after it use the cache.
	// The standalone run is the one TestStableOutput compares too.
	dir, stdout, stderr := standaloneJSON(t, root, bin, m)
	t.Run("standalone", func(t *testing.T) {
		if len(bytes.TrimSpace(stdout)) == 0 && len(want) > 0 {
			t.Fatalf("idemlint -json printed nothing on stdout; stderr:\n%s", stderr)
		}
		got := parseVetJSON(t, dir, stdout)
		diffFindings(t, "idemlint -json ./...", m.Dir, standaloneWant, got)
		checkFixes(t, "idemlint -json ./...", fixes, got)
	})

	t.Run("govet", func(t *testing.T) {
		// go vet writes the tool's JSON to stderr (and, in newer Go
		// releases, to stdout): read both.
		stdout, stderr := run(t, dir, goCmd, "vet", "-vettool="+bin, "-json", "./...")
		got := parseVetJSON(t, dir, append(stdout, stderr...))
		diffFindings(t, "go vet -vettool=idemlint -json ./...", m.Dir, vetWant, got)
		checkFixes(t, "go vet -vettool=idemlint -json ./...", fixes, got)
	})

	t.Run("fix", func(t *testing.T) {
		fixed := testmod.CopyModule(t, src)
		before := testmod.ReadTree(t, fixed)
		cmd := testmod.Command(fixed, bin, "-fix", "./...")
		out, err := cmd.CombinedOutput()
		// -fix exits non-zero when diagnostics without a fix remain.
		if code := testmod.ExitCode(err); code != 0 && code != 1 && code != 3 {
			t.Fatalf("idemlint -fix ./...: %v\n%s", err, out)
		}
		after := testmod.ReadTree(t, fixed)
		var changed []string
		for name, h := range after {
			if before[name] != h {
				changed = append(changed, name)
			}
		}
		slices.Sort(changed)
		if len(changed) == 0 {
			t.Errorf("idemlint -fix ./... changed no file; expected fixes for the findings marked in %s", m.Dir)
		}
		t.Logf("-fix changed %v", changed)
		if errs := typeErrors(t, fixed); len(errs) > 0 {
			t.Fatalf("the packages do not compile after idemlint -fix:\n%s", strings.Join(errs, "\n"))
		}
		// Informational, with -v: what is still reported after the
		// fixes. It asserts nothing, and costs a run.
		if testing.Verbose() {
			stdout, _ := run(t, fixed, bin, "-json", "./...")
			for _, f := range parseVetJSON(t, fixed, stdout) {
				t.Logf("after -fix: %s: %s", f.finding, f.Message)
			}
		}
	})
}

// typeErrors type-checks the packages of the module in dir, with their
// tests, as the compiler would check them (go/types reports what the
// compiler does, unused imports and variables included), and returns
// their errors. It loads them as idemlint does, which costs less than
// the go command's compiling them.
func typeErrors(t *testing.T, dir string) []string {
	t.Helper()
	cfg := &packages.Config{Fset: token.NewFileSet(), Tests: true, Dir: dir, Env: testmod.Command(dir, "go").Env}
	pkgs, err := load.Load(cfg, catalog.New(config.Default()), "./...")
	if err != nil {
		t.Fatalf("loading %s: %v", dir, err)
	}
	var errs []string
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			errs = append(errs, e.Error())
		}
	}
	return errs
}

var (
	// standaloneMarker and vetMarker mark a finding that only the
	// standalone driver, or only go vet, reports at their line: the
	// whole program's run reports an imported helper's fresh value
	// where it is made, go vet at the root's call of the helper.
	standaloneMarker = regexp.MustCompile(`//\s*standalone:\s*([A-Z]+[0-9]+(?:\s+[A-Z]+[0-9]+)*)\s*$`)
	vetMarker        = regexp.MustCompile(`//\s*vet:\s*([A-Z]+[0-9]+(?:\s+[A-Z]+[0-9]+)*)\s*$`)
	findingPrefix    = regexp.MustCompile(`^//\s*finding:`)
	findingMarker    = regexp.MustCompile(`^//\s*finding:\s*([A-Z]+[0-9]+(?:\s+[A-Z]+[0-9]+)*)(?:\s+fix:\s*(.*\S))?\s*$`)
	safeMarker       = regexp.MustCompile(`^//\s*safe:(.*)$`)
)

// merged returns the findings of a and b, sorted.
func merged(a, b []finding) []finding {
	out := append(slices.Clip(a), b...)
	slices.SortFunc(out, compareFindings)
	return out
}

// markers reads the // finding: CODE... [fix: KEY] and // safe: reason
// comments of the module's Go files. Each code's finding is expected on
// the comment's line; fixes maps it to the text its suggested fix must
// contain.
func markers(t *testing.T, dir string) (want []finding, fixes map[finding]string, safe int) {
	t.Helper()
	fset := token.NewFileSet()
	fixes = map[finding]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != dir && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				pos := fset.Position(c.Slash)
				if findingPrefix.MatchString(c.Text) {
					m := findingMarker.FindStringSubmatch(c.Text)
					if m == nil {
						t.Errorf("%s:%d: malformed marker %q; want // finding: CODE... [fix: KEY]", rel, pos.Line, c.Text)
						continue
					}
					codes := strings.Fields(m[1])
					for i, code := range codes {
						if slices.Contains(codes[:i], code) {
							t.Errorf("%s:%d: marker names %s twice", rel, pos.Line, code)
							continue
						}
						an, ok := analyzerOf[code]
						if !ok {
							t.Errorf("%s:%d: marker names unknown check %q", rel, pos.Line, code)
							continue
						}
						f := finding{File: filepath.ToSlash(rel), Line: pos.Line, Analyzer: an, Code: code}
						want = append(want, f)
						if m[2] != "" {
							fixes[f] = m[2]
						}
					}
				}
				if m := safeMarker.FindStringSubmatch(c.Text); m != nil {
					if strings.TrimSpace(m[1]) == "" {
						t.Errorf("%s:%d: // safe: marker needs a reason", rel, pos.Line)
					}
					safe++
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading markers: %v", err)
	}
	slices.SortFunc(want, compareFindings)
	return want, fixes, safe
}

// checkMarkers guards against a module whose markers were lost, which
// would make the comparisons pass vacuously.
func checkMarkers(t *testing.T, m testModule, want []finding, safe int) {
	t.Helper()
	dirs := map[string]int{}
	for _, f := range want {
		dirs[strings.Split(f.File, "/")[0]]++
	}
	for _, d := range m.Packages {
		if dirs[d] == 0 {
			t.Errorf("no // finding: marker in %s/%s", m.Dir, d)
		}
	}
	if len(want) < m.MinFindings || safe < m.MinSafe {
		t.Errorf("only %d finding and %d safe markers in %s; expected at least %d and %d", len(want), safe, m.Dir, m.MinFindings, m.MinSafe)
	}
}

// run runs a command that must succeed, and returns its output.
func run(t *testing.T, dir, name string, args ...string) (stdout, stderr []byte) {
	t.Helper()
	var outBuf, errBuf bytes.Buffer
	cmd := testmod.Command(dir, name, args...)
	cmd.Stdout, cmd.Stderr = &outBuf, &errBuf
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\nstdout:\n%s\nstderr:\n%s", filepath.Base(name), strings.Join(args, " "), err, outBuf.Bytes(), errBuf.Bytes())
	}
	return outBuf.Bytes(), errBuf.Bytes()
}

// A reported finding, with the message for failure output and the text
// of its suggested fixes.
type reported struct {
	finding
	Message string
	Fix     string // the fixes' messages and new texts; empty without a fix
}

// jsonDiagnostic is the part of go vet's JSON diagnostic the test reads.
type jsonDiagnostic struct {
	Category       string `json:"category"`
	Posn           string `json:"posn"`
	Message        string `json:"message"`
	SuggestedFixes []struct {
		Message string `json:"message"`
		Edits   []struct {
			New string `json:"new"`
		} `json:"edits"`
	} `json:"suggested_fixes"`
}

var codeSuffix = regexp.MustCompile(`\[([A-Z]+[0-9]+)\]$`)

// parseVetJSON reads the JSON trees that go vet and the standalone driver
// print ({"pkg": {"analyzer": [diagnostics]}}, one tree per run or per
// package), skipping the lines between them that are not JSON (go vet's
// "# pkg" headers, download notes).
func parseVetJSON(t *testing.T, modRoot string, out []byte) []reported {
	t.Helper()
	var got []reported
	rest := out
	for {
		rest = bytes.TrimLeft(rest, " \t\r\n")
		if len(rest) == 0 {
			break
		}
		if rest[0] != '{' {
			line, after, _ := bytes.Cut(rest, []byte("\n"))
			t.Logf("not JSON: %s", line)
			rest = after
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(rest))
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("decoding JSON diagnostics: %v\n%s", err, out)
		}
		rest = rest[dec.InputOffset():]
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var diags []jsonDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					// {"error": "..."} instead of a list.
					t.Errorf("%s: analyzer %s failed: %s", pkg, analyzer, raw)
					continue
				}
				for _, d := range diags {
					got = append(got, toReported(t, modRoot, analyzer, d))
				}
			}
		}
	}
	slices.SortFunc(got, func(a, b reported) int { return compareFindings(a.finding, b.finding) })
	return got
}

func toReported(t *testing.T, modRoot, analyzer string, d jsonDiagnostic) reported {
	t.Helper()
	file, line := splitPosn(t, d.Posn)
	if resolved, err := filepath.EvalSymlinks(file); err == nil {
		file = resolved
	}
	rel, err := filepath.Rel(modRoot, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		t.Errorf("diagnostic outside the module: %s: %s", d.Posn, d.Message)
		rel = file
	}
	code := d.Category
	if m := codeSuffix.FindStringSubmatch(d.Message); m != nil {
		if code != "" && code != m[1] {
			t.Errorf("%s: category %q but message ends with [%s]: %s", d.Posn, code, m[1], d.Message)
		}
		code = m[1]
	}
	var fix strings.Builder
	for _, sf := range d.SuggestedFixes {
		fix.WriteString(sf.Message + "\n")
		for _, e := range sf.Edits {
			fix.WriteString(e.New + "\n")
		}
	}
	return reported{
		finding: finding{File: filepath.ToSlash(rel), Line: line, Analyzer: analyzer, Code: code},
		Message: d.Message,
		Fix:     fix.String(),
	}
}

// splitPosn splits "file:line:col" into the file and the line.
func splitPosn(t *testing.T, posn string) (string, int) {
	t.Helper()
	rest, _, ok := cutLast(posn) // the column
	if ok {
		if file, lineStr, ok := cutLast(rest); ok {
			if line, err := strconv.Atoi(lineStr); err == nil {
				return file, line
			}
		}
	}
	t.Fatalf("malformed posn %q", posn)
	return "", 0
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// diffFindings compares the reported findings with the markers, and
// names each missed and each unexpected finding with its message.
func diffFindings(t *testing.T, what, modDir string, want []finding, got []reported) {
	t.Helper()
	var gotKeys []finding
	msgs := map[finding][]string{}
	for _, r := range got {
		gotKeys = append(gotKeys, r.finding)
		msgs[r.finding] = append(msgs[r.finding], r.Message)
	}
	if diff := cmp.Diff(want, gotKeys); diff != "" {
		var b strings.Builder
		fmt.Fprintf(&b, "%s: findings differ from the // finding: markers in %s (-want +got):\n%s", what, modDir, diff)
		for _, w := range want {
			if !slices.Contains(gotKeys, w) {
				fmt.Fprintf(&b, "\nMISSED (marked, not reported): %s", w)
			}
		}
		for _, g := range got {
			if !slices.Contains(want, g.finding) {
				fmt.Fprintf(&b, "\nUNEXPECTED (reported, not marked): %s: %s", g.finding, g.Message)
			}
		}
		t.Error(b.String())
		return
	}
	for _, g := range got {
		t.Logf("%s: %s", g.finding, g.Message)
	}
}

// checkFixes checks that the suggested fix of each finding whose marker
// names an operation key uses that key.
func checkFixes(t *testing.T, what string, fixes map[finding]string, got []reported) {
	t.Helper()
	for _, g := range got {
		key, ok := fixes[g.finding]
		if !ok {
			continue
		}
		switch {
		case g.Fix == "":
			t.Errorf("%s: %s: BAD FIX: expected a suggested fix using %s; got no fix (%s)", what, g.finding, key, g.Message)
		case !strings.Contains(g.Fix, key):
			t.Errorf("%s: %s: BAD FIX: expected the suggested fix to derive the value from %s; it is:\n%s", what, g.finding, key, g.Fix)
		}
	}
}
