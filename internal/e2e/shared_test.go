package e2e

import (
	"bytes"
	"path/filepath"
	"sync"
	"testing"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestMain shares one build of idemlint between the package's tests.
func TestMain(m *testing.M) { testmod.Main(m) }

// A jsonRun is one run of idemlint -json ./... in a copy of a module
// under test, which TestModules checks against the markers and
// TestStableOutput compares with a second run: each run analyses the
// module's dependencies from source, which is most of the package's time.
type jsonRun struct {
	once           sync.Once
	dir            string // the copy, kept until the package's tests end
	stdout, stderr []byte
	err            string
}

var jsonRuns sync.Map // module directory -> *jsonRun

// standaloneJSON returns the copy of module m that its shared run
// analysed and what idemlint -json ./... printed there, running it on
// first use.
func standaloneJSON(t *testing.T, root, bin string, m testModule) (dir string, stdout, stderr []byte) {
	t.Helper()
	v, _ := jsonRuns.LoadOrStore(m.Dir, new(jsonRun))
	r := v.(*jsonRun)
	r.once.Do(func() {
		r.dir = testmod.CopyModuleTo(t, filepath.Join(root, filepath.FromSlash(m.Dir)), testmod.SharedDir(t))
		var outBuf, errBuf bytes.Buffer
		cmd := testmod.Command(r.dir, bin, "-json", "./...")
		cmd.Stdout, cmd.Stderr = &outBuf, &errBuf
		if err := cmd.Run(); err != nil {
			r.err = "idemlint -json ./...: " + err.Error() + "\nstdout:\n" + outBuf.String() + "\nstderr:\n" + errBuf.String()
		}
		r.stdout, r.stderr = outBuf.Bytes(), errBuf.Bytes()
	})
	if r.dir == "" || r.err != "" {
		t.Fatalf("%s: %s", m.Dir, r.err)
	}
	return r.dir, r.stdout, r.stderr
}
