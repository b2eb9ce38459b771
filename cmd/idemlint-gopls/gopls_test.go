package main

// The tests build the patched gopls once (minutes on a cold build cache,
// seconds on a warm one) and run it on testdata/mod/editor, a module
// whose one finding is marked "// finding: IDEM001": through gopls check,
// and through scripted LSP sessions that ask for the quick fix and turn
// the check off by gopls's "analyses" setting. They need the go command
// and the Go module proxy, and are skipped under -short and unless
// IDEMLINT_E2E_BUILDS=1 (see testmod.NeedBuilds).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idemlint/idemlint/internal/testmod"
)

// fixture is the module the tests run gopls on, and file its one file.
const (
	fixture = "../../testdata/mod/editor"
	file    = "orders/orders.go"
)

var (
	tmpDir string // removed after the tests

	buildOnce sync.Once
	goplsBin  string
	buildErr  error
)

func TestMain(m *testing.M) {
	var err error
	tmpDir, err = os.MkdirTemp("", "idemlint-gopls-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(tmpDir)
	os.Exit(code)
}

// gopls returns the patched gopls, building it on first use.
func gopls(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds gopls: skipped under -short")
	}
	testmod.NeedBuilds(t, "gopls")
	buildOnce.Do(func() {
		start := time.Now()
		goplsBin = filepath.Join(tmpDir, "gopls")
		b := &builder{gopls: *goplsFlag, log: io.Discard}
		buildErr = b.build(goplsBin, "")
		t.Logf("built gopls %s with idemlint in %v", *goplsFlag, time.Since(start).Round(time.Second))
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return goplsBin
}

// goplsCmd returns a command running gopls in the fixture module, with a
// gopls cache of the tests' own.
func goplsCmd(t *testing.T, args ...string) *exec.Cmd {
	dir, err := filepath.Abs(fixture)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gopls(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPLSCACHE="+filepath.Join(tmpDir, "goplscache"), "GOWORK=off")
	return cmd
}

// findingLine returns the line of the fixture's "// finding:" marker.
func findingLine(t *testing.T) int {
	data, err := os.ReadFile(filepath.Join(fixture, file))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, "// finding: IDEM001") {
			return i + 1
		}
	}
	t.Fatalf("%s has no finding marker", file)
	return 0
}

func TestCheck(t *testing.T) {
	cmd := goplsCmd(t, "check", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gopls check: %v\n%s", err, stderr.Bytes())
	}
	want := regexp.MustCompile(fmt.Sprintf(`(?m)orders\.go:%d:\d+(-\d+)?: a retry inserts a second orders row .*\[IDEM001\]$`, findingLine(t)))
	if !want.Match(out) {
		t.Errorf("gopls check printed no freshid finding at line %d:\n%s", findingLine(t), out)
	}
}

func TestLSP(t *testing.T) {
	s := startSession(t, nil)
	defer s.close()
	text := s.open(file)

	diags := s.waitDiagnostics(func(ds []diagnostic) bool { return hasSource(ds, "freshid") })
	var d diagnostic
	for _, x := range diags {
		if x.Source == "freshid" {
			d = x
		}
	}
	if got, want := d.Range.Start.Line+1, findingLine(t); got != want {
		t.Errorf("freshid diagnostic at line %d, want %d", got, want)
	}
	if d.Range.End == d.Range.Start {
		t.Errorf("freshid diagnostic has an empty range at %v: editors would underline nothing", d.Range.Start)
	}
	if d.Severity != 2 {
		t.Errorf("freshid diagnostic severity %d, want 2 (warning)", d.Severity)
	}

	var actions []struct {
		Title string
		Kind  string
		Edit  *workspaceEdit
	}
	s.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": s.uri(file)},
		"range":        d.Range,
		"context":      map[string]any{"diagnostics": []diagnostic{d}, "only": []string{"quickfix"}},
	}, &actions)
	for _, a := range actions {
		if a.Kind != "quickfix" || a.Edit == nil || !strings.Contains(a.Title, "Idempotency-Key") {
			continue
		}
		fixed := applyEdits(t, text, a.Edit.edits(s.uri(file)))
		// gopls applies the edits as they are: the file must come out
		// formatted, as it went in.
		if formatted, err := format.Source([]byte(fixed)); err != nil {
			t.Errorf("quick fix %q does not parse: %v\n%s", a.Title, err, fixed)
		} else if string(formatted) != fixed {
			t.Errorf("quick fix %q leaves the file unformatted:\n%s", a.Title, fixed)
		}
		if !strings.Contains(fixed, `r.Header.Get("Idempotency-Key")`) {
			t.Errorf("quick fix %q does not read the Idempotency-Key header:\n%s", a.Title, fixed)
		}
		return
	}
	t.Errorf("no quick fix with an edit among the code actions: %+v", actions)
}

// TestAnalysesSetting checks that gopls's "analyses" setting turns an
// idemlint check off by name. printf, a vet check that gopls runs in the
// same pass, tells when the analysis diagnostics have arrived.
func TestAnalysesSetting(t *testing.T) {
	s := startSession(t, map[string]any{"analyses": map[string]bool{"freshid": false}})
	defer s.close()
	text := s.read(file)
	text = strings.Replace(text, "import (", "import (\n\t\"fmt\"", 1) + "\nfunc printf() { fmt.Printf(\"%d\", \"x\") }\n"
	s.openText(file, text)

	diags := s.waitDiagnostics(func(ds []diagnostic) bool { return hasSource(ds, "printf") })
	if hasSource(diags, "freshid") {
		t.Errorf("freshid reported with \"analyses\": {\"freshid\": false}: %+v", diags)
	}
}

// A session is an LSP session with gopls over its standard input and
// output.
type session struct {
	t        *testing.T
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	msgs     chan *message
	stderr   bytes.Buffer
	dir      string
	settings map[string]any
	nextID   int
	opened   string                  // URI of the file opened last
	diags    map[string][]diagnostic // latest published, by URI
}

// A message is a JSON-RPC 2.0 request, response or notification.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

type position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

type diagnostic struct {
	Range    lspRange `json:"range"`
	Severity int      `json:"severity"`
	Source   string   `json:"source"`
	Message  string   `json:"message"`
	Code     any      `json:"code,omitempty"`
	Data     any      `json:"data,omitempty"`
}

type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

type workspaceEdit struct {
	Changes         map[string][]textEdit
	DocumentChanges []struct {
		TextDocument struct{ URI string }
		Edits        []textEdit
	}
}

// edits returns the edits of uri, in either form a server may send.
func (e *workspaceEdit) edits(uri string) []textEdit {
	out := slices.Clone(e.Changes[uri])
	for _, dc := range e.DocumentChanges {
		if dc.TextDocument.URI == uri {
			out = append(out, dc.Edits...)
		}
	}
	return out
}

// sessionTimeout bounds each wait for gopls.
const sessionTimeout = 3 * time.Minute

// startSession starts gopls in the fixture module and initializes it
// with the settings.
func startSession(t *testing.T, settings map[string]any) *session {
	cmd := goplsCmd(t, "serve")
	s := &session{t: t, cmd: cmd, dir: cmd.Dir, settings: settings, msgs: make(chan *message, 64), diags: map[string][]diagnostic{}}
	if s.settings == nil {
		s.settings = map[string]any{}
	}
	cmd.Stderr = &s.stderr
	var err error
	if s.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go s.readLoop(bufio.NewReader(stdout))

	root := "file://" + filepath.ToSlash(s.dir)
	s.call("initialize", map[string]any{
		"processId":             os.Getpid(),
		"rootUri":               root,
		"workspaceFolders":      []any{map[string]string{"uri": root, "name": "editor"}},
		"initializationOptions": s.settings,
		"capabilities": map[string]any{
			"workspace": map[string]any{"configuration": true, "workspaceFolders": true},
			"textDocument": map[string]any{
				"publishDiagnostics": map[string]any{"relatedInformation": true},
				"codeAction": map[string]any{
					"codeActionLiteralSupport": map[string]any{
						"codeActionKind": map[string]any{"valueSet": []string{"quickfix", "refactor", "source"}},
					},
				},
			},
		},
	}, nil)
	s.notify("initialized", map[string]any{})
	return s
}

// readLoop decodes the messages gopls writes, framed by Content-Length
// headers, until its output closes.
func (s *session) readLoop(r *bufio.Reader) {
	defer close(s.msgs)
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length:"); ok {
				length, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
		if length < 0 {
			return
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		m := new(message)
		if err := json.Unmarshal(body, m); err != nil {
			return
		}
		s.msgs <- m
	}
}

func (s *session) write(m *message) {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		s.t.Fatal(err)
	}
	if _, err := fmt.Fprintf(s.stdin, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		s.t.Fatalf("writing to gopls: %v", err)
	}
}

func (s *session) notify(method string, params any) {
	m := &message{Method: method}
	if params != nil {
		m.Params = mustMarshal(s.t, params)
	}
	s.write(m)
}

// call sends a request and decodes its result into result (if not nil),
// serving gopls's own requests and notifications meanwhile.
func (s *session) call(method string, params any, result any) {
	s.nextID++
	id := json.RawMessage(strconv.Itoa(s.nextID))
	s.write(&message{ID: id, Method: method, Params: mustMarshal(s.t, params)})
	for {
		m := s.next()
		if m.Method != "" || !bytes.Equal(m.ID, id) {
			s.handle(m)
			continue
		}
		if m.Error != nil {
			s.t.Fatalf("%s: %s", method, m.Error.Message)
		}
		if result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				s.t.Fatalf("%s result: %v", method, err)
			}
		}
		return
	}
}

// next returns the next message from gopls.
func (s *session) next() *message {
	select {
	case m, ok := <-s.msgs:
		if !ok {
			s.t.Fatalf("gopls exited: %v\n%s", s.cmd.Wait(), s.stderr.Bytes())
		}
		return m
	case <-time.After(sessionTimeout):
		s.t.Fatalf("no message from gopls in %v\n%s", sessionTimeout, s.stderr.Bytes())
	}
	return nil
}

// handle answers a request from gopls and records the diagnostics it
// publishes; other messages are dropped.
func (s *session) handle(m *message) {
	switch {
	case m.Method == "textDocument/publishDiagnostics":
		var p struct {
			URI         string
			Diagnostics []diagnostic
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			s.t.Fatal(err)
		}
		s.diags[p.URI] = p.Diagnostics
	case m.Method == "workspace/configuration":
		var p struct{ Items []any }
		if err := json.Unmarshal(m.Params, &p); err != nil {
			s.t.Fatal(err)
		}
		result := make([]any, len(p.Items))
		for i := range result {
			result[i] = s.settings
		}
		s.write(&message{ID: m.ID, Result: mustMarshal(s.t, result)})
	case m.Method != "" && m.ID != nil:
		s.write(&message{ID: m.ID, Result: json.RawMessage("null")})
	}
}

func (s *session) uri(name string) string {
	return "file://" + filepath.ToSlash(filepath.Join(s.dir, name))
}

func (s *session) read(name string) string {
	data, err := os.ReadFile(filepath.Join(s.dir, name))
	if err != nil {
		s.t.Fatal(err)
	}
	return string(data)
}

// open opens the file as it is on disk and returns its text.
func (s *session) open(name string) string {
	text := s.read(name)
	s.openText(name, text)
	return text
}

// openText opens the file with the given text, as an editor with unsaved
// changes does.
func (s *session) openText(name, text string) {
	s.notify("textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{"uri": s.uri(name), "languageId": "go", "version": 1, "text": text},
	})
	s.opened = s.uri(name)
}

// waitDiagnostics waits until the diagnostics published for the opened
// file satisfy ok, and returns them.
func (s *session) waitDiagnostics(ok func([]diagnostic) bool) []diagnostic {
	deadline := time.Now().Add(sessionTimeout)
	for !ok(s.diags[s.opened]) {
		if time.Now().After(deadline) {
			s.t.Fatalf("diagnostics still %+v after %v", s.diags[s.opened], sessionTimeout)
		}
		s.handle(s.next())
	}
	return s.diags[s.opened]
}

// close shuts gopls down, or kills it if the test has failed.
func (s *session) close() {
	if s.t.Failed() {
		s.cmd.Process.Kill()
		s.cmd.Wait()
		return
	}
	s.call("shutdown", nil, nil)
	s.notify("exit", nil)
	s.stdin.Close()
	done := make(chan error, 1)
	go func() {
		for range s.msgs {
		}
		done <- s.cmd.Wait()
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		s.t.Errorf("gopls did not exit after shutdown")
	}
}

func hasSource(ds []diagnostic, source string) bool {
	return slices.ContainsFunc(ds, func(d diagnostic) bool { return d.Source == source })
}

// applyEdits applies LSP edits to an ASCII text.
func applyEdits(t *testing.T, text string, edits []textEdit) string {
	lines := strings.SplitAfter(text, "\n")
	offset := func(p position) int {
		if p.Line >= len(lines) {
			t.Fatalf("edit at line %d beyond the text", p.Line)
		}
		n := p.Character
		for _, l := range lines[:p.Line] {
			n += len(l)
		}
		return n
	}
	sort.Slice(edits, func(i, j int) bool { return offset(edits[i].Range.Start) > offset(edits[j].Range.Start) })
	for _, e := range edits {
		text = text[:offset(e.Range.Start)] + e.NewText + text[offset(e.Range.End):]
	}
	return text
}

func mustMarshal(t *testing.T, v any) json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestReleaseVersion(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abcd"}}
	for _, c := range []struct {
		path, version string
		settings      []debug.BuildSetting
		want          string
	}{
		{idemlintPath, "v0.3.0", nil, "v0.3.0"},                     // go run path@v0.3.0
		{idemlintPath, "(devel)", nil, ""},                          // go run ./cmd/idemlint-gopls
		{idemlintPath, "v0.3.1-0.20260101000000-0123abcd", vcs, ""}, // go build in a checkout
		{idemlintPath, "v0.3.0+dirty", vcs, ""},
		{"example.com/other", "v1.0.0", nil, ""},
	} {
		info := &debug.BuildInfo{Main: debug.Module{Path: c.path, Version: c.version}, Settings: c.settings}
		if got := releaseVersion(info); got != c.want {
			t.Errorf("releaseVersion(%s@%s, %v) = %q, want %q", c.path, c.version, c.settings, got, c.want)
		}
	}
}

func TestLocateDir(t *testing.T) {
	b := &builder{log: io.Discard}
	if _, err := b.locate(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no go.mod") {
		t.Errorf("locate(empty dir) = %v, want a no go.mod error", err)
	}
	src, err := b.locate("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(src.Dir, "idemlint.go")); err != nil || src.Version != "" {
		t.Errorf("locate(../..) = %+v, want the repository root", src)
	}
}
