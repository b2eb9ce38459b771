package e2e

import (
	"bytes"
	"encoding/json"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestStableOutput runs idemlint -json twice on the modules under test
// and requires the same bytes each time: the checks walk maps and call
// graphs, and CI caches, code scanning and reviewers of a diff of two
// runs all need the order and wording not to move. The first run is the
// one TestModules checks; payments' second run is TestSARIF's. The text
// form prints the one sorted list the reporter holds, so on one module
// it is checked to list what the JSON form does.
func TestStableOutput(t *testing.T) {
	t.Parallel()
	_, root, bin := testmod.Idemlint(t)
	for i, m := range modules {
		if filepath.Base(m.Dir) == "payments" {
			continue
		}
		t.Run(filepath.Base(m.Dir), func(t *testing.T) {
			t.Parallel()
			dir, first, firstErr := standaloneJSON(t, root, bin, m)
			if len(first) == 0 {
				t.Fatalf("-json: no output from a module with findings; stderr:\n%s", firstErr)
			}
			again, againErr := output(t, dir, bin, "-json", "./...")
			if !bytes.Equal(first, again) || !bytes.Equal(firstErr, againErr) {
				t.Errorf("-json output differs between runs:\nfirst:\n%s%s\nthen:\n%s%s", first, firstErr, again, againErr)
			}
			if i == 0 {
				_, text := output(t, dir, bin, "./...")
				want := jsonLines(t, dir, first)
				if len(want) == 0 {
					t.Fatalf("-json: no findings in %s", dir)
				}
				if diff := cmp.Diff(want, textLines(dir, text)); diff != "" {
					t.Errorf("the text form lists other findings than the JSON form (-json +text):\n%s", diff)
				}
			}
		})
	}
}

// jsonLines are the findings of idemlint -json's output, in its order,
// as "file:line:col: message" with the file relative to dir.
func jsonLines(t *testing.T, dir string, out []byte) []string {
	t.Helper()
	var tree map[string]map[string][]jsonDiagnostic
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatalf("decoding idemlint -json's output: %v", err)
	}
	var lines []string
	for _, pkg := range slices.Sorted(maps.Keys(tree)) {
		for _, analyzer := range slices.Sorted(maps.Keys(tree[pkg])) {
			for _, d := range tree[pkg][analyzer] {
				lines = append(lines, relative(dir, d.Posn)+": "+d.Message)
			}
		}
	}
	slices.Sort(lines)
	return slices.Compact(lines)
}

// textLines are the findings of idemlint's text output, without their
// indented related lines, in the same form.
func textLines(dir string, out []byte) []string {
	var lines []string
	for line := range strings.Lines(string(out)) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, dir) && !strings.Contains(line, ": \t") {
			lines = append(lines, relative(dir, line))
		}
	}
	slices.Sort(lines)
	return slices.Compact(lines)
}

func relative(dir, path string) string {
	return filepath.ToSlash(strings.TrimPrefix(path, dir+string(filepath.Separator)))
}

// output runs idemlint and returns what it printed on each stream; the
// exit code is the one for findings (1) in text form and 0 with -json.
func output(t *testing.T, dir, bin string, args ...string) (stdout, stderr []byte) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := testmod.Command(dir, bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); testmod.ExitCode(err) > 1 {
		t.Fatalf("idemlint %v: %v\n%s%s", args, err, out.Bytes(), errOut.Bytes())
	}
	return out.Bytes(), errOut.Bytes()
}
