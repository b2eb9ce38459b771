package golangci_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestGolangciLint builds golangci-lint with the plugin compiled in (the
// module in tools/golangci-lint) and the standalone idemlint, and runs
// both on the modules under testdata/mod: golangci-lint must report what
// idemlint reports, position for position and word for word, with and
// without settings, and --fix must apply what -fix applies;
// //nolint:idemlint must suppress a finding; .golangci.example.yml must
// work; and bad settings must stop golangci-lint with an error that
// names them.
//
// The first run compiles all of golangci-lint, which takes minutes;
// later runs reuse the binary (see buildGolangciLint). The test needs the
// Go module proxy for golangci-lint's and the modules' dependencies; it
// is skipped under -short, and unless IDEMLINT_E2E_BUILDS=1 (see
// testmod.NeedBuilds).
func TestGolangciLint(t *testing.T) {
	testmod.NeedBuilds(t, "golangci-lint")
	goCmd, root, idemlint := testmod.Idemlint(t)
	gcl := buildGolangciLint(t, goCmd, root)
	// One analysis cache for the test's runs, so that the runs after the
	// first reuse the facts of the modules' dependencies, and none from
	// outside the test.
	r := &runner{gcl: gcl, idemlint: idemlint, lintCache: t.TempDir()}

	for _, mod := range []string{"shop", "payments", "ledger"} {
		t.Run(mod, func(t *testing.T) {
			dir := testmod.CopyModule(t, filepath.Join(root, "testdata", "mod", mod))
			want := r.standalone(t, dir, "")
			if len(want) == 0 {
				t.Fatalf("idemlint reports nothing in testdata/mod/%s; the comparison would be vacuous", mod)
			}
			got := r.golangci(t, dir, "")
			want, got = apart(t, dir, want, got, true)
			diff(t, want, got)
		})
	}

	t.Run("cleanarch", func(t *testing.T) {
		// Handlers that reach the store through interfaces main wires:
		// golangci-lint, like go vet, reports at main's wiring line (the
		// // wired: marker), since its cache may hold the other
		// packages' results without their files.
		src := filepath.Join(root, "testdata", "mod", "cleanarch")
		dir := testmod.CopyModule(t, src)
		got := r.golangci(t, dir, "")
		const at = "cmd/server/main.go:29:"
		n := 0
		for _, f := range got {
			if !strings.HasPrefix(f, at) || !strings.Contains(f, "wired here") {
				t.Errorf("finding outside the wiring line %s: %s", at, f)
			}
			n++
		}
		data, err := os.ReadFile(filepath.Join(src, "cmd", "server", "main.go"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		_, marker, ok := strings.Cut(lines[min(28, len(lines)-1)], "// wired:")
		if !ok {
			t.Fatalf("%s is no longer the // wired: line", at)
		}
		if want := len(strings.Fields(marker)); n != want {
			t.Errorf("%d findings, want %d (the // wired: marker's codes) at %s:\n%s", n, want, at, strings.Join(got, "\n"))
		}
	})

	t.Run("settings", func(t *testing.T) {
		// Settings that change what is reported: two checks off, one
		// by code and one by name, and a header of another name, which
		// changes the keys the fixes and messages speak of.
		const settings = "{disable: [IDEM001, naturalkey], idempotency-headers: [X-Request-Id]}"
		dir := testmod.CopyModule(t, filepath.Join(root, "testdata", "mod", "shop"))
		want := r.standalone(t, dir, settings)
		got := r.golangci(t, dir, settings)
		want, got = apart(t, dir, want, got, false)
		diff(t, want, got)
		header := false
		for _, f := range got {
			if strings.Contains(f, ": freshid") || strings.Contains(f, ": naturalkey") {
				t.Errorf("reported by a disabled check: %s", f)
			}
			header = header || strings.Contains(f, "X-Request-Id")
		}
		if !header {
			t.Errorf("no finding names the configured header X-Request-Id")
		}
	})

	t.Run("fix", func(t *testing.T) {
		// golangci-lint --fix applies the suggested fixes as
		// idemlint -fix does.
		src := filepath.Join(root, "testdata", "mod", "shop")
		want := testmod.CopyModule(t, src)
		cmd := testmod.Command(want, r.idemlint, "-fix", "./...")
		if out, err := cmd.CombinedOutput(); err != nil && testmod.ExitCode(err) != 1 {
			t.Fatalf("idemlint -fix ./...: %v\n%s", err, out)
		}
		got := testmod.CopyModule(t, src)
		if _, stderr, code := r.run(t, got, "run", "-c", writeConfig(t, ""), "--fix", "./..."); code != 0 && code != 1 {
			t.Fatalf("golangci-lint run --fix: exit %d\nstderr:\n%s", code, stderr)
		}
		wantFiles, gotFiles := testmod.ReadTree(t, want), testmod.ReadTree(t, got)
		if maps.Equal(wantFiles, testmod.ReadTree(t, src)) {
			t.Fatalf("idemlint -fix changed nothing in testdata/mod/shop; the comparison would be vacuous")
		}
		if d := cmp.Diff(wantFiles, gotFiles); d != "" {
			t.Errorf("golangci-lint --fix and idemlint -fix leave different trees (-idemlint +golangci-lint):\n%s", d)
		}
	})

	t.Run("nolint", func(t *testing.T) {
		src := filepath.Join(root, "testdata", "mod", "shop")
		before := r.golangci(t, testmod.CopyModule(t, src), "")

		dir := testmod.CopyModule(t, src)
		const file = "api/orders.go"
		line := addNolint(t, filepath.Join(dir, filepath.FromSlash(file)), "// finding: IDEM001")
		at := fmt.Sprintf("%s:%d:", file, line)
		var want []string
		for _, f := range before {
			if !strings.HasPrefix(f, at) {
				want = append(want, f)
			}
		}
		if len(want) == len(before) {
			t.Fatalf("golangci-lint reports nothing at %s, so //nolint:idemlint there suppresses nothing", at)
		}
		got := r.golangci(t, dir, "")
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("with //nolint:idemlint on %s, findings differ from those without, less the line's (-want +got):\n%s", at, d)
		}
	})

	t.Run("example", func(t *testing.T) {
		// The shipped example, as a user would run it: idemlint among
		// golangci-lint's standard linters, with every setting given.
		dir := testmod.CopyModule(t, filepath.Join(root, "testdata", "mod", "shop"))
		cfg := filepath.Join(root, ".golangci.example.yml")
		stdout, stderr, code := r.run(t, dir, "run", "-c", cfg, "--output.json.path=stdout", "--show-stats=false", "./...")
		if code != 0 && code != 1 {
			t.Fatalf("golangci-lint run -c .golangci.example.yml: exit %d\nstderr:\n%s", code, stderr)
		}
		var report struct{ Issues []struct{ FromLinter string } }
		if err := json.Unmarshal(stdout, &report); err != nil {
			t.Fatalf("decoding golangci-lint's JSON: %v\nstdout:\n%s", err, stdout)
		}
		n := 0
		for _, is := range report.Issues {
			if is.FromLinter == "idemlint" {
				n++
			}
		}
		// The example's settings given to the standalone idemlint: a user
		// who copies the example sees every finding idemlint prints.
		want := len(r.standalone(t, dir, exampleSettings(t, cfg)))
		if n == 0 || n != want {
			t.Errorf("%d idemlint issues with .golangci.example.yml; idemlint with its settings reports %d\nstderr:\n%s", n, want, stderr)
		}
	})

	t.Run("badsettings", func(t *testing.T) {
		dir := testmod.CopyModule(t, filepath.Join(root, "testdata", "mod", "shop"))
		for _, tc := range []struct{ name, settings, want string }{
			{"unknown key", "{rootz: [example.com/jobs.Run]}",
				"linters.settings.custom.idemlint.settings: unknown key rootz"},
			{"unknown nested key", "{externals: [{func: example.com/mail.Send, keyarg: 1}]}",
				"linters.settings.custom.idemlint.settings: unknown key externals[0].keyarg"},
			{"wrong kind", "{disable: IDEM001}",
				`linters.settings.custom.idemlint.settings: disable: want a list of strings, not the string "IDEM001"`},
			{"malformed name", "{roots: [Run]}",
				`linters.settings.custom.idemlint.settings: "Run" is not a qualified function or type name`},
			{"negative arg", "{sinks: [{func: example.com/ids.Ref, arg: -1}]}",
				"linters.settings.custom.idemlint.settings: sinks[0]: arg must be 0 or more, not -1"},
		} {
			t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
				stdout, stderr, code := r.runGolangci(t, dir, tc.settings)
				if code == 0 || code == 1 {
					t.Fatalf("golangci-lint exited %d with settings %s, want a failure\nstdout:\n%s\nstderr:\n%s", code, tc.settings, stdout, stderr)
				}
				if !strings.Contains(string(stderr), tc.want) {
					t.Errorf("golangci-lint's error does not say %q\nstderr:\n%s", tc.want, stderr)
				}
				t.Logf("exit %d: %s", code, firstLine(stderr))
			})
		}
	})
}

// runner runs the two binaries on a module.
type runner struct {
	gcl, idemlint string
	lintCache     string // GOLANGCI_LINT_CACHE
}

// standalone runs idemlint -json, with settings (a YAML mapping) as its
// configuration file when given, and returns its findings in the form
// of golangci-lint's (see golangci).
func (r *runner) standalone(t *testing.T, dir, settings string) []string {
	t.Helper()
	args := []string{"-json"}
	if settings != "" {
		path := filepath.Join(t.TempDir(), ".idemlint.yml")
		if err := os.WriteFile(path, []byte(settings+"\n"), 0o666); err != nil {
			t.Fatal(err)
		}
		args = append(args, "-config", path)
	}
	args = append(args, "./...")
	var stdout, stderr bytes.Buffer
	cmd := testmod.Command(dir, r.idemlint, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("idemlint %s: %v\nstderr:\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return parseVetJSON(t, dir, stdout.Bytes())
}

// golangci runs golangci-lint with only idemlint enabled and returns its
// findings, sorted, as "file:line:col: text", where file is relative to
// the module root and text is golangci-lint's: the analyzer's name and
// the message.
func (r *runner) golangci(t *testing.T, dir, settings string) []string {
	t.Helper()
	stdout, stderr, code := r.runGolangci(t, dir, settings)
	if code != 0 && code != 1 { // 1: issues found
		t.Fatalf("golangci-lint run: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal(stdout, &report); err != nil {
		t.Fatalf("decoding golangci-lint's JSON: %v\nstdout:\n%s\nstderr:\n%s", err, stdout, stderr)
	}
	var out []string
	for _, is := range report.Issues {
		if is.FromLinter != "idemlint" {
			t.Errorf("issue from %s, not idemlint: %s", is.FromLinter, is.Text)
			continue
		}
		out = append(out, fmt.Sprintf("%s:%d:%d: %s", filepath.ToSlash(is.Pos.Filename), is.Pos.Line, is.Pos.Column, is.Text))
	}
	slices.Sort(out)
	return out
}

// runGolangci runs golangci-lint run ./... in dir with a configuration
// that enables idemlint alone, with settings (a YAML mapping) when given,
// and reports every issue: none dropped as generated, as a duplicate on
// its line or as one too many.
func (r *runner) runGolangci(t *testing.T, dir, settings string) (stdout, stderr []byte, code int) {
	t.Helper()
	return r.run(t, dir, "run", "-c", writeConfig(t, settings), "./...")
}

// exampleSettings returns the idemlint settings of a golangci-lint
// configuration file, as the text of an .idemlint.yml.
func exampleSettings(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Linters struct {
			Settings struct {
				Custom map[string]struct {
					Settings yaml.Node `yaml:"settings"`
				} `yaml:"custom"`
			} `yaml:"settings"`
		} `yaml:"linters"`
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	settings := cfg.Linters.Settings.Custom["idemlint"].Settings
	if settings.Kind == 0 {
		t.Fatalf("%s has no idemlint settings", path)
	}
	out, err := yaml.Marshal(&settings)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// writeConfig writes the configuration runGolangci describes.
func writeConfig(t *testing.T, settings string) string {
	t.Helper()
	if settings != "" {
		settings = "\n        settings: " + settings
	}
	cfg := fmt.Sprintf(`version: "2"
run:
  relative-path-mode: gomod
linters:
  default: none
  enable: [idemlint]
  exclusions:
    generated: disable
  settings:
    custom:
      idemlint:
        type: module
        description: finds code that is unsafe to retry%s
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
output:
  formats:
    json:
      path: stdout
  show-stats: false
`, settings)
	path := filepath.Join(t.TempDir(), ".golangci.yml")
	if err := os.WriteFile(path, []byte(cfg), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// run runs golangci-lint in dir and returns its output and exit code.
func (r *runner) run(t *testing.T, dir string, args ...string) (stdout, stderr []byte, code int) {
	t.Helper()
	var outBuf, errBuf bytes.Buffer
	cmd := testmod.Command(dir, r.gcl, args...)
	cmd.Env = append(cmd.Env, "GOLANGCI_LINT_CACHE="+r.lintCache)
	cmd.Stdout, cmd.Stderr = &outBuf, &errBuf
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("golangci-lint: %v", err)
	}
	return outBuf.Bytes(), errBuf.Bytes(), code
}

// parseVetJSON reads the JSON tree idemlint -json prints,
// {"pkg": {"analyzer": [diagnostics]}}, into the form golangci-lint's
// findings take (see golangci). The plugin reports no related positions
// (see withoutRelated), so they are left out.
func parseVetJSON(t *testing.T, dir string, out []byte) []string {
	t.Helper()
	type posn struct {
		file      string
		line, col int
	}
	parsePosn := func(s string) posn {
		var p posn
		i := strings.LastIndex(s, ":")
		j := strings.LastIndex(s[:max(i, 0)], ":")
		if i < 0 || j < 0 {
			t.Fatalf("malformed position %q", s)
		}
		if _, err := fmt.Sscanf(s[j+1:], "%d:%d", &p.line, &p.col); err != nil {
			t.Fatalf("malformed position %q: %v", s, err)
		}
		file := s[:j]
		if resolved, err := filepath.EvalSymlinks(file); err == nil {
			file = resolved
		}
		rel, err := filepath.Rel(dir, file)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Errorf("position outside the module: %s", s)
			rel = file
		}
		p.file = filepath.ToSlash(rel)
		return p
	}
	var found []string
	add := func(p posn, text string) {
		found = append(found, fmt.Sprintf("%s:%d:%d: %s", p.file, p.line, p.col, text))
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("decoding idemlint -json output: %v\n%s", err, out)
		}
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var diags []struct {
					Posn    string `json:"posn"`
					Message string `json:"message"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Errorf("%s: analyzer %s failed: %s", pkg, analyzer, raw)
					continue
				}
				for _, d := range diags {
					add(parsePosn(d.Posn), analyzer+": "+d.Message)
				}
			}
		}
	}
	slices.Sort(found)
	return found
}

// apart sets aside the findings that the standalone idemlint, which
// loads every package, reports where an imported helper makes a value
// (a // standalone: marker's line), and golangci-lint, like go vet, at
// the root's call of the helper (a // vet: marker's line); with present,
// it checks that golangci-lint reports at each // vet: line.
func apart(t *testing.T, dir string, standalone, golangci []string, present bool) ([]string, []string) {
	t.Helper()
	only, vet := driverLines(t, dir, "// standalone:"), driverLines(t, dir, "// vet:")
	at := func(lines []string) func(string) bool {
		return func(f string) bool {
			return slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(f, l) })
		}
	}
	if present {
		for _, l := range vet {
			if !slices.ContainsFunc(golangci, func(f string) bool { return strings.HasPrefix(f, l) }) {
				t.Errorf("golangci-lint reports nothing at %s, which a // vet: marker names", l)
			}
		}
	}
	return slices.DeleteFunc(slices.Clone(standalone), at(only)), slices.DeleteFunc(slices.Clone(golangci), at(vet))
}

// driverLines returns the lines of the module's Go files that hold
// marker, as "file:line:" with file relative to dir.
func driverLines(t *testing.T, dir, marker string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, marker) {
				out = append(out, fmt.Sprintf("%s:%d:", filepath.ToSlash(rel), i+1))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func diff(t *testing.T, standalone, golangci []string) {
	t.Helper()
	if d := cmp.Diff(standalone, golangci); d != "" {
		t.Errorf("golangci-lint's findings differ from idemlint's (-idemlint +golangci-lint):\n%s", d)
		return
	}
	t.Logf("%d findings, the same from both:", len(golangci))
	for _, f := range golangci {
		t.Log(f)
	}
}

// addNolint adds //nolint:idemlint before the first comment of file that
// starts with marker, and returns the comment's line.
func addNolint(t *testing.T, file, marker string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if j := strings.Index(l, marker); j >= 0 {
			lines[i] = l[:j] + "//nolint:idemlint // " + strings.TrimPrefix(l[j:], "// ")
			if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o666); err != nil {
				t.Fatal(err)
			}
			return i + 1
		}
	}
	t.Fatalf("no %q in %s", marker, file)
	return 0
}

// buildGolangciLint builds tools/golangci-lint: golangci-lint with this
// tree's plugin compiled in.
//
// The binary is kept in the user's cache directory, one per checkout,
// rather than in a temporary directory: go build leaves an up-to-date
// binary alone, so an unchanged tree costs a second or two and a changed
// plugin a recompile of its packages and one link, where a first build
// compiles all of golangci-lint's linters.
func buildGolangciLint(t *testing.T, goCmd, root string) string {
	t.Helper()
	name := "custom-gcl"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	bin := filepath.Join(binDir(t, root), name)
	args := []string{"build", "-mod=readonly", "-o", bin, "."}
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = filepath.Join(root, "tools", "golangci-lint")
	cmd.Env = append(os.Environ(), "GOWORK=off")
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		switch {
		case bytes.Contains(out, []byte("requires go >=")):
			t.Skipf("golangci-lint needs a newer Go than this one:\n%s", out)
		case bytes.Contains(out, []byte("go.sum")) || bytes.Contains(out, []byte("go mod tidy")):
			t.Fatalf("go %s in tools/golangci-lint: %v\n%s\nThe build module's requirements lag behind the main module's: run go mod tidy in tools/golangci-lint.", strings.Join(args, " "), err, out)
		}
		t.Fatalf("go %s in tools/golangci-lint: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Logf("built %s in %v", bin, time.Since(start).Round(time.Millisecond))
	return bin
}

// binDir is the directory buildGolangciLint keeps the binary in: below
// the user's cache directory, named after the checkout, or a temporary
// directory where there is no cache directory to write.
func binDir(t *testing.T, root string) string {
	t.Helper()
	if cache, err := os.UserCacheDir(); err == nil {
		sum := sha256.Sum256([]byte(root))
		dir := filepath.Join(cache, "idemlint", "golangci-lint", hex.EncodeToString(sum[:8]))
		if err := os.MkdirAll(dir, 0o777); err == nil {
			return dir
		}
	}
	return t.TempDir()
}

func firstLine(b []byte) string {
	line, _, _ := bytes.Cut(bytes.TrimSpace(b), []byte("\n"))
	return string(line)
}
