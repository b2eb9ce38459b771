package e2e

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestStableOutput runs idemlint twice on each module, in text and
// in JSON form, and requires the same bytes each time: the checks walk
// maps and call graphs, and CI caches, code scanning and reviewers of a
// diff of two runs all need the order and wording not to move.
func TestStableOutput(t *testing.T) {
	_, root, bin := testmod.Idemlint(t)
	for _, m := range modules {
		t.Run(filepath.Base(m.Dir), func(t *testing.T) {
			dir := testmod.CopyModule(t, filepath.Join(root, filepath.FromSlash(m.Dir)))
			for _, form := range []struct {
				name string
				args []string
			}{
				{"text", []string{"./..."}},
				{"json", []string{"-json", "./..."}},
			} {
				first := output(t, dir, bin, form.args...)
				if len(first) == 0 {
					t.Fatalf("%s: no output from a module with findings", form.name)
				}
				if again := output(t, dir, bin, form.args...); !bytes.Equal(first, again) {
					t.Errorf("%s output differs between runs:\nfirst:\n%s\nthen:\n%s", form.name, first, again)
				}
			}
		})
	}
}

// output runs idemlint and returns what it printed, on either stream; the
// exit code is the one for findings (1) in text form and 0 with -json.
func output(t *testing.T, dir, bin string, args ...string) []byte {
	t.Helper()
	var out bytes.Buffer
	cmd := testmod.Command(dir, bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); testmod.ExitCode(err) > 1 {
		t.Fatalf("idemlint %v: %v\n%s", args, err, out.Bytes())
	}
	return out.Bytes()
}
