package idemlint

import (
	"os/exec"
	"strings"
	"testing"
)

// layers are the module's packages from the bottom up. A package may
// import packages of its own layer and of the layers below it, never of
// one above: the drivers use idemlint, idemlint the checks, the checks
// the passes, the passes the engine's libraries, and these the
// configuration.
var layers = []struct {
	name     string
	patterns []string
}{
	{"configuration", []string{"./internal/config"}},
	{"libraries", []string{"./internal/sqltext", "./internal/catalog", "./internal/valueflow", "./internal/effects",
		"./internal/fix", "./internal/opkey", "./internal/report", "./internal/sarif"}},
	{"passes", []string{"./passes/..."}},
	{"checks", []string{"./analyzers/..."}},
	{"idemlint", []string{"."}},
	{"drivers", []string{"./cmd/...", "./plugin/..."}},
}

// TestLayers checks the direction of the module's dependencies with go
// list -deps: what each layer depends on lies in it or below it.
func TestLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const module = "github.com/idemlint/idemlint"
	layerOf := map[string]int{}
	for i, l := range layers {
		for _, p := range goList(t, l.patterns...) {
			layerOf[p] = i
		}
	}
	for i, l := range layers {
		for _, dep := range goList(t, append([]string{"-deps"}, l.patterns...)...) {
			if !strings.HasPrefix(dep, module) {
				continue
			}
			j, ok := layerOf[dep]
			switch {
			case !ok:
				t.Errorf("%s layer depends on %s, which is in no layer", l.name, dep)
			case j > i:
				t.Errorf("%s layer depends on %s, of the %s layer above it", l.name, dep, layers[j].name)
			}
		}
	}
}

func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list", "-f", "{{.ImportPath}}"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
	}
	return strings.Fields(string(out))
}
