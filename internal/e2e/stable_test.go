package e2e

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestStableOutput runs idemlint twice on each module in JSON form, and
// on the first module in text form too, and requires the same bytes each
// time: the checks walk maps and call graphs, and CI caches, code
// scanning and reviewers of a diff of two runs all need the order and
// wording not to move. Both forms print the one sorted list the reporter
// holds, so the text form is run on one module only. The first JSON run
// is the one TestModules checks.
func TestStableOutput(t *testing.T) {
	t.Parallel()
	_, root, bin := testmod.Idemlint(t)
	for i, m := range modules {
		t.Run(filepath.Base(m.Dir), func(t *testing.T) {
			t.Parallel()
			dir, jsonOut, jsonErr := standaloneJSON(t, root, bin, m)
			type form struct {
				name        string
				args        []string
				first, errs []byte // the first run's standard output and error
			}
			forms := []form{{"json", []string{"-json", "./..."}, jsonOut, jsonErr}}
			if i == 0 {
				textOut, textErr := output(t, dir, bin, "./...")
				forms = append(forms, form{"text", []string{"./..."}, textOut, textErr})
			}
			for _, form := range forms {
				if len(form.first)+len(form.errs) == 0 {
					t.Fatalf("%s: no output from a module with findings", form.name)
				}
				again, errs := output(t, dir, bin, form.args...)
				if !bytes.Equal(form.first, again) || !bytes.Equal(form.errs, errs) {
					t.Errorf("%s output differs between runs:\nfirst:\n%s%s\nthen:\n%s%s", form.name, form.first, form.errs, again, errs)
				}
			}
		})
	}
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
