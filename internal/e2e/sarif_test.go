package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/idemlint/idemlint/internal/sarif"
	"github.com/idemlint/idemlint/internal/sarif/sarifschema"
	"github.com/idemlint/idemlint/internal/testmod"
)

// TestSARIF runs idemlint -sarif on testdata/mod/payments: the log must
// validate against the SARIF 2.1.0 schema, have a rule per check, a
// result per // finding: marker, with suggested fixes and related
// locations, and be the same bytes, paths aside, on a second run from
// the directory above with -C.
func TestSARIF(t *testing.T) {
	t.Parallel()
	_, root, bin := testmod.Idemlint(t)
	src := filepath.Join(root, "testdata", "mod", "payments")
	want, _, _ := markers(t, src)
	dir := testmod.CopyModule(t, src)

	first := runSARIF(t, dir, bin, 1, "./...")
	validateSARIF(t, first)

	log := decodeSARIF(t, first)
	run := log.Runs[0]
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		if r.Name == "" || r.ShortDescription == nil || r.FullDescription == nil || r.HelpURI == "" {
			t.Errorf("rule %s lacks a name, a description or a help URI: %+v", r.ID, r)
		}
	}
	wantIDs := []string{"IDEM001", "IDEM002", "IDEM003", "IDEM004", "IDEM005", "IDEM006", "directive"}
	if diff := cmp.Diff(wantIDs, ids); diff != "" {
		t.Errorf("rule ids (-want +got):\n%s", diff)
	}
	if got, want := run.OriginalURIBaseIDs[sarif.SrcRoot].URI, fileURI(dir)+"/"; got != want {
		t.Errorf("%%SRCROOT%% is %s; want %s", got, want)
	}

	got := sarifFindings(t, run)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("idemlint -sarif: results differ from the // finding: markers (-want +got):\n%s", diff)
	}
	var fixes, related int
	for _, r := range run.Results {
		fixes += min(len(r.Fixes), 1)
		related += min(len(r.RelatedLocations), 1)
		for _, rl := range r.RelatedLocations {
			if link := fmt.Sprintf("](%d)", rl.ID); !strings.Contains(r.Message.Text, link) {
				t.Errorf("message %q does not link related location %d, so code scanning does not show it", r.Message.Text, rl.ID)
			}
		}
	}
	if fixes == 0 || related == 0 {
		t.Errorf("%d results with fixes and %d with related locations; want some of each", fixes, related)
	}

	// From the repository's root with -C, as for a module in a
	// subdirectory: the paths stay relative to where idemlint started,
	// and but for them the log is the first's, byte for byte (the
	// checks walk maps and call graphs; code scanning needs the same
	// log for the same code).
	parent, base := filepath.Split(dir)
	second := runSARIF(t, parent, bin, 1, "-C", base, "./...")
	fromRoot := decodeSARIF(t, second)
	for i, f := range sarifFindings(t, fromRoot.Runs[0]) {
		if i < len(want) && f.File != base+"/"+want[i].File {
			t.Errorf("with -C %s: result in %s, want %s/%s", base, f.File, base, want[i].File)
		}
	}
	moved := strings.NewReplacer(`"uri": "`+base+"/", `"uri": "`, `"`+fileURI(parent)+`"`, `"`+fileURI(dir)+`/"`).Replace(string(second))
	if moved != string(first) {
		t.Errorf("idemlint -sarif -C %s ./... wrote another log than idemlint -sarif ./... in %s, paths aside:\n%s\n----\n%s", base, base, first, moved)
	}
}

// fileURI is the file URI of a directory, as %SRCROOT% names it.
func fileURI(dir string) string { return "file://" + filepath.ToSlash(dir) }

// TestSARIFExitCodes checks idemlint -sarif's exit codes, in the GOPATH
// tree of the analyzer tests: 1 with findings, 0 without (and a log with
// no results), 1 for a package that does not type-check (with a line
// naming the file), 2 for flags -sarif does not take, a missing package
// argument or go vet's protocol. It also checks that a file in a package
// and in its test variant gives one result, and that -flags lists -sarif.
func TestSARIFExitCodes(t *testing.T) {
	t.Parallel()
	_, root, bin := testmod.Idemlint(t)
	gopath := filepath.Join(root, "testdata")
	idemlint := func(dir string, args ...string) (code int, stdout, stderr string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		return testmod.ExitCode(err), out.String(), errOut.String()
	}
	src := filepath.Join(gopath, "src")

	code, out, errOut := idemlint(src, "-sarif", "-freshid", "freshid/basic")
	if code != 1 {
		t.Errorf("idemlint -sarif freshid/basic: exit %d, want 1 (findings)\n%s", code, errOut)
	} else if n, want := len(decodeSARIF(t, []byte(out)).Runs[0].Results), wantCount(t, filepath.Join(src, "freshid", "basic")); n != want {
		t.Errorf("idemlint -sarif freshid/basic: %d results, want %d (its // want comments)", n, want)
	}

	code, out, errOut = idemlint(src, "-sarif", "-freshid", "freshid/negatives")
	if code != 0 {
		t.Errorf("idemlint -sarif freshid/negatives: exit %d, want 0 (no findings)\n%s", code, errOut)
	}
	validateSARIF(t, []byte(out))
	if n := len(decodeSARIF(t, []byte(out)).Runs[0].Results); n != 0 {
		t.Errorf("idemlint -sarif freshid/negatives: %d results, want none", n)
	}

	// withtests' finding is in a.go, which its test variant compiles too.
	_, out, _ = idemlint(src, "-sarif", "-freshid", "freshid/withtests")
	if n := len(decodeSARIF(t, []byte(out)).Runs[0].Results); n != 1 {
		t.Errorf("idemlint -sarif freshid/withtests: %d results, want 1 (the package's and its test variant's, once)", n)
	}

	broken := filepath.Join(t.TempDir(), "broken")
	os.MkdirAll(broken, 0o755)
	os.WriteFile(filepath.Join(broken, "go.mod"), []byte("module example.com/broken\n\ngo 1.25\n"), 0o644)
	os.WriteFile(filepath.Join(broken, "broken.go"), []byte("package broken\n\nvar n int = \"one\"\n"), 0o644)
	cmd := exec.Command(bin, "-sarif", "./...")
	cmd.Dir = broken
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code = testmod.ExitCode(cmd.Run())
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	if code != 1 || len(lines) != 2 || !strings.Contains(lines[0], "broken.go:3:") || lines[1] != skippedBroken {
		t.Errorf("idemlint -sarif on a package with a type error: exit %d, stderr %q; want exit 1, one line naming broken.go:3 and %q", code, stderr.String(), skippedBroken)
	}
	validateSARIF(t, stdout.Bytes())

	for _, args := range [][]string{
		{"-sarif", "-json", "freshid/basic"},
		{"-sarif", "-fix", "freshid/basic"},
		{"-sarif"},
		{"-sarif", "vet.cfg"},
	} {
		if code, _, errOut := idemlint(src, args...); code != 2 {
			t.Errorf("idemlint %s: exit %d, want 2\n%s", strings.Join(args, " "), code, errOut)
		}
	}

	_, out, _ = idemlint(src, "-flags")
	var flags []struct{ Name string }
	if err := json.Unmarshal([]byte(out), &flags); err != nil || !slices.ContainsFunc(flags, func(f struct{ Name string }) bool { return f.Name == "sarif" }) {
		t.Errorf("idemlint -flags does not list -sarif (%v):\n%s", err, out)
	}
}

// skippedBroken is the line that says the broken module's package was not
// analysed.
const skippedBroken = "idemlint: 1 package was not analysed because it, or a package it imports, has errors: example.com/broken"

// runSARIF runs idemlint -sarif in dir, which must exit with code, and
// returns its standard output.
func runSARIF(t *testing.T, dir, bin string, code int, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := testmod.Command(dir, bin, append([]string{"-sarif"}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if got := testmod.ExitCode(cmd.Run()); got != code {
		t.Fatalf("idemlint -sarif %s: exit %d, want %d\nstderr:\n%s", strings.Join(args, " "), got, code, stderr.Bytes())
	}
	return stdout.Bytes()
}

func decodeSARIF(t *testing.T, data []byte) *sarif.Log {
	t.Helper()
	var log sarif.Log
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("not a SARIF log of one run (%v):\n%s", err, data)
	}
	return &log
}

// sarifFindings reduces a run's results to what the markers state, and
// checks that each names its file relative to %SRCROOT%.
func sarifFindings(t *testing.T, run sarif.Run) []finding {
	t.Helper()
	var got []finding
	for _, r := range run.Results {
		loc := r.Locations[0].PhysicalLocation
		file, err := url.PathUnescape(loc.ArtifactLocation.URI)
		if err != nil || loc.ArtifactLocation.URIBaseID != sarif.SrcRoot || strings.HasPrefix(file, "..") || strings.Contains(file, ":") {
			t.Errorf("result %q: artifact location %+v is not a path relative to %s", r.Message.Text, loc.ArtifactLocation, sarif.SrcRoot)
		}
		rule := run.Tool.Driver.Rules[r.RuleIndex]
		if rule.ID != r.RuleID {
			t.Errorf("result %q: ruleIndex %d is rule %s, not %s", r.Message.Text, r.RuleIndex, rule.ID, r.RuleID)
		}
		got = append(got, finding{File: file, Line: loc.Region.StartLine, Analyzer: rule.Name, Code: r.RuleID})
	}
	slices.SortFunc(got, compareFindings)
	return got
}

// validateSARIF validates a log against the OASIS SARIF 2.1.0 schema.
func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	if err := sarifschema.Validate(data); err != nil {
		t.Errorf("idemlint -sarif output does not validate against the SARIF 2.1.0 schema: %v\n%s", err, data)
	}
}

// wantCount counts the // want comments of the Go files in dir: the
// findings its package's test expects.
func wantCount(t *testing.T, dir string) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n += strings.Count(string(data), "// want `")
	}
	return n
}
