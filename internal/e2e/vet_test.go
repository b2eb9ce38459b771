package e2e

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestVetCrossPackage runs the analysistest packages whose findings need
// another package's facts through go vet -vettool, which hands a package
// only its imports' fact files, and checks that vet reports exactly the
// lines the analysistest cases expect.
func TestVetCrossPackage(t *testing.T) {
	t.Parallel()
	goCmd, root, bin := testmod.Idemlint(t)
	gopath := filepath.Join(root, "testdata")
	for _, run := range []struct {
		check string // the only check to run, or "" for all
		pkgs  []string
	}{
		{"", []string{"freshid/xstore", "freshid/xapi", "missingkey/xpay", "missingkey/xapi", "intentfirst/xcarrier", "intentfirst/xworker", "keytx/xsqlc"}},
		// Summaries of statements that say which parameter fills each
		// placeholder, for naturalkey's findings at the call.
		{"naturalkey", []string{"naturalkey/xrepo"}},
		// Its negatives include a claim on the pool that keytx reports.
		{"partialtx", []string{"partialtx/xsqlc"}},
	} {
		args := []string{"vet", "-vettool=" + bin}
		if run.check != "" {
			args = append(args, "-"+run.check)
		}
		cmd := exec.Command(goCmd, append(args, run.pkgs...)...)
		cmd.Dir = filepath.Join(gopath, "src")
		cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")
		out, _ := cmd.CombinedOutput()

		var want []string
		for _, pkg := range run.pkgs {
			want = append(want, wantLines(t, filepath.Join(gopath, "src", pkg))...)
		}
		got := reportedLines(out)
		slices.Sort(want)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("go vet %s: reported lines differ from the // want lines (-want +got):\n%s\noutput:\n%s",
				strings.Join(args[1:], " ")+" "+strings.Join(run.pkgs, " "), diff, out)
		}
	}
}

// wantLines lists "file.go:line" for each line of a package's files that
// carries an analysistest // want comment.
func wantLines(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var out []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, "// want `") {
				out = append(out, filepath.Base(name)+":"+strconv.Itoa(i+1))
			}
		}
	}
	return out
}

var vetLine = regexp.MustCompile(`^(?:\./)?(?:[^:\s]*/)?([^/:\s]+\.go):(\d+):\d+: .*\[IDEM\d+\]$`)

// reportedLines lists "file.go:line" for each finding in go vet's text
// output, sorted.
func reportedLines(out []byte) []string {
	var got []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if m := vetLine.FindStringSubmatch(sc.Text()); m != nil {
			got = append(got, m[1]+":"+m[2])
		}
	}
	slices.Sort(got)
	return got
}

// TestExitCodes checks go vet's exit codes in the standalone command: 1
// with findings, 0 without, 2 and a one-line error naming the file for a
// malformed configuration.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	_, root, bin := testmod.Idemlint(t)
	gopath := filepath.Join(root, "testdata")
	idemlint := func(args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = filepath.Join(gopath, "src")
		cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		return testmod.ExitCode(err), string(out)
	}
	if code, out := idemlint("-freshid", "freshid/basic"); code != 1 {
		t.Errorf("idemlint freshid/basic: exit %d, want 1 (findings)\n%s", code, out)
	}
	if code, out := idemlint("-freshid", "freshid/negatives"); code != 0 {
		t.Errorf("idemlint freshid/negatives: exit %d, want 0 (no findings)\n%s", code, out)
	}

	// A package that does not type-check, and one that imports it: the
	// compiler's error, then one line naming both, and none of the
	// checker's lines about the passes it skipped.
	broken := t.TempDir()
	for name, text := range map[string]string{
		"go.mod": "module example.com/broken\n\ngo 1.25\n",
		"x/x.go": "package x\n\nfunc F() { return 1 }\n",
		"y/y.go": "package y\n\nimport \"example.com/broken/x\"\n\nfunc G() { x.F() }\n",
		"z/z.go": "package z\n",
	} {
		os.MkdirAll(filepath.Join(broken, filepath.Dir(name)), 0o755)
		os.WriteFile(filepath.Join(broken, name), []byte(text), 0o644)
	}
	var stdout, stderr bytes.Buffer
	cmd := testmod.Command(broken, bin, "./...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := testmod.ExitCode(cmd.Run())
	const note = "idemlint: 2 packages were not analysed because they, or packages they import, have errors: example.com/broken/x, example.com/broken/y"
	if errs := stderr.String(); code != 1 || !strings.Contains(errs, "x.go:3:") || strings.Count(errs, "idemlint:") != 1 ||
		!strings.Contains(errs, note+"\n") || strings.Contains(errs, "prerequisites") || strings.Contains(errs, "skipped") {
		t.Errorf("idemlint ./... on a module with a type error: exit %d, stderr:\n%s\nwant exit 1, the error in x.go:3, and the one line %q", code, errs, note)
	}
	stdout.Reset()
	stderr.Reset()
	cmd = testmod.Command(broken, bin, "-json", "./...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	if out := stdout.String(); strings.Contains(out, "prerequisites") || strings.Contains(out, "skipped") || !strings.Contains(stderr.String(), note+"\n") {
		t.Errorf("idemlint -json ./... on a module with a type error: stdout:\n%s\nstderr:\n%s\nwant no skipped analyses in the tree, and %q", out, stderr.String(), note)
	}

	bad := filepath.Join(t.TempDir(), "bad.yml")
	os.WriteFile(bad, []byte("roots: [nodot]\n"), 0o644)
	code, out := idemlint("-config", bad, "freshid/basic")
	if code != 2 || strings.Count(strings.TrimSpace(out), "\n") != 0 || !strings.Contains(out, bad) {
		t.Errorf("idemlint -config %s: exit %d, output %q; want exit 2 and one line naming the file", bad, code, out)
	}
}

// TestVetWired runs go vet -vettool on services whose handlers reach the
// stores through interfaces that main wires (testdata/src/example.com/wired,
// and wiredtx, whose commit units partialtx and keytx judge):
// go vet analyses one package at a time, so the findings are reported at
// the line of main that wires the handlers, each naming where its fresh
// value is.
func TestVetWired(t *testing.T) {
	t.Parallel()
	goCmd, root, bin := testmod.Idemlint(t)
	gopath := filepath.Join(root, "testdata")
	cmd := exec.Command(goCmd, "vet", "-vettool="+bin, "example.com/wired/...", "example.com/wiredtx/...")
	cmd.Dir = filepath.Join(gopath, "src")
	cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")
	out, _ := cmd.CombinedOutput()
	var got []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasSuffix(line, "]") && strings.Contains(line, "[IDEM00") {
			got = append(got, line)
		}
	}
	slices.Sort(got)
	want := []*regexp.Regexp{
		regexp.MustCompile(`cmd/server/main\.go:26:\d+: a failure between the writes .* the INSERT into orders in postgres\.Store\.Insert \(postgres\.go:17:\d+\) .*wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/server/main\.go:26:\d+: .*notes row.* in postgres\.Store\.InsertNote \(postgres\.go:31:\d+\) .*wired here`),
		regexp.MustCompile(`cmd/server/main\.go:26:\d+: .*orders row.* in app\.service\.Register \(app\.go:\d+:\d+\) .*wired here`),
		regexp.MustCompile(`cmd/server/main\.go:26:\d+: .*orders row.* in httpapi\.Handler\.Create \(httpapi\.go:\d+:\d+\) .*wired here`),
		regexp.MustCompile(`cmd/server/main\.go:26:\d+: a retry inserts the row for the same id again, .* in postgres\.Store\.Insert \(postgres\.go:17:\d+\) .*Handler\.CreateKeyed, wired here\); .*\[IDEM005\]`),
		regexp.MustCompile(`cmd/server/main\.go:26:\d+: a retry inserts the row for the same id again, .* in postgres\.Store\.InsertTag \(postgres\.go:\d+:\d+\) .*Handler\.Tag, wired here\); .*\[IDEM005\]`),
		regexp.MustCompile(`cmd/server/main\.go:26:\d+: .*PaymentIntent create.* in stripepay\.Gateway\.Charge \(stripepay\.go:15:\d+\) .*wired here`),
		regexp.MustCompile(`cmd/server/main\.go:26:\d+: .*orders row.* in app\.NewOrder \(app\.go:\d+:\d+\) .*Handler\.PlaceDirect, wired here`),
		regexp.MustCompile(`cmd/server/main\.go:27:\d+: a retry inserts the row for the same id again, .* in postgres\.Store\.InsertSession \(postgres\.go:\d+:\d+\) .*AMQP delivery loop Consumer\.Run, wired here\); .*\[IDEM005\]`),
		regexp.MustCompile(`cmd/server/main\.go:29:\d+: .*sessions row.* in grpcapi\.Server\.Session \(grpcapi\.go:\d+:\d+\) .*gRPC method Server\.Session, wired here\); derive it from the request's idempotency-key metadata entry, passed down to where it is made; absorb the repeat at the INSERT into sessions too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]`),
		regexp.MustCompile(`cmd/server/main\.go:29:\d+: a retry inserts the row for the same id again, .* in postgres\.Store\.InsertLabel \(postgres\.go:\d+:\d+\) .*gRPC method Server\.Label, wired here\); .*\[IDEM005\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a crash between the two commits .* in sqlstore\.Keys\.Claim \(sqlstore\.go:\d+:\d+\), HTTP handler Handler\.PlaceOnce, wired here\); .*\[IDEM004\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a failure between the writes .* the INSERT into archive in httpapi\.Handler\.Archive \(httpapi\.go:52:\d+\) .*wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a failure between the writes .* the INSERT into holds in sqlstore\.Ledger\.Hold \(sqlstore\.go:\d+:\d+\) .*Handler\.HoldInUnit, wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a failure between the writes .* the INSERT into journal in sqlstore\.Journal\.Record \(sqlstore\.go:\d+:\d+\) .*Handler\.Audit, wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a failure between the writes .* the INSERT into orders in sqlstore\.Orders\.Insert \(sqlstore\.go:15:\d+\) .*wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a failure between the writes .* the INSERT into topups in sqlstore\.Ledger\.Refill \(sqlstore\.go:\d+:\d+\) .*Funcs\.Refill, wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a failure between the writes .* the UPDATE of accounts .* in sqlstore\.Ledger\.Transfer \(sqlstore\.go:48:\d+\) .*wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a failure between the writes .* the check of stored state before them stops .* the INSERT into members in sqlstore\.Members\.Add \(sqlstore\.go:\d+:\d+\) first \(HTTP handler Handler\.Join, wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a failure between the writes .* the dedup guard stops .* in sqlstore\.Ledger\.Adjust \(sqlstore\.go:\d+:\d+\) .*wired here\); run them in .*\[IDEM006\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry inserts a second orders row with a new id: uuid\.NewString\(\) in app\.service\.ClaimOrPlace \(app\.go:\d+:\d+\) .*Handler\.ClaimOrPlace, wired here\); derive it from the request's Idempotency-Key header, passed down to where it is made; absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry inserts a second orders row with a new id: uuid\.NewString\(\) in app\.service\.SeenThenPlace \(app\.go:\d+:\d+\) .*Handler\.SeenThenPlace, wired here\); derive it from the request's Idempotency-Key header, passed down to where it is made; absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry inserts a second orders row with a new id: uuid\.NewString\(\) in app\.service\.insertFresh \(app\.go:\d+:\d+\) .*Handler\.SeenThenHelp, wired here\); derive it from the request's Idempotency-Key header, passed down to where it is made; absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry inserts a second placed_orders row with a new id: uuid\.NewString\(\) in app\.service\.ClaimInUnitLoose \(app\.go:\d+:\d+\) .*Handler\.ClaimInUnitLoose, wired here\); .*\[IDEM001\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry inserts the row for the same id again, .* in sqlstore\.Orders\.Insert \(sqlstore\.go:15:\d+\) .*Handler\.Place, wired here\); .*\[IDEM005\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry inserts the row for the same id again, .* in sqlstore\.Orders\.InsertTx \(sqlstore\.go:20:\d+\) .*Handler\.PlaceTx, wired here\); .*\[IDEM005\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry repeats the HTTP POST: the input sets no client_reference: .* in smsapi\.Client\.Send \(smsapi\.go:\d+:\d+\) \(HTTP handler TextHandler\.Remind, wired here\); .*\[IDEM002\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry repeats the HTTP POST: .* in carrierapi\.Client\.Pickup \(carrierapi\.go:\d+:\d+\) \(HTTP handler Handler\.Pickup, wired here\); .*\[IDEM002\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry repeats the Stripe PaymentIntent create: .* in stripepay\.Gateway\.Capture \(stripepay\.go:\d+:\d+\) \(HTTP handler Handler\.CaptureLoose, wired here\); .*\[IDEM002\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry repeats the retried HTTP POST: .* in carrierapi\.Client\.Book \(carrierapi\.go:\d+:\d+\) \(HTTP handler Handler\.ClaimThenBook, wired here\); .*\[IDEM002\]`),
		regexp.MustCompile(`cmd/api/main\.go:29:\d+: a retry that arrives .* in sqlstore\.Keys\.Seen \(sqlstore\.go:\d+:\d+\), HTTP handler Handler\.CheckThenPlace, wired here\); .*\[IDEM004\]`),
		regexp.MustCompile(`cmd/api/main\.go:30:\d+: a retry inserts the row for the same id again, .* in sqlstore\.Orders\.Record\$1 \(sqlstore\.go:\d+:\d+\) .*Consumer\.Run, wired here\); .*\[IDEM005\]`),
	}
	if len(got) != len(want) {
		t.Fatalf("go vet -vettool=idemlint example.com/wired/... example.com/wiredtx/...: %d findings, want %d:\n%s", len(got), len(want), out)
	}
	for i, re := range want {
		if !re.MatchString(got[i]) {
			t.Errorf("finding %q does not match %q", got[i], re)
		}
	}
}
