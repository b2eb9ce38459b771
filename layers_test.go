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
	{"libraries", []string{"./internal/sqltext", "./internal/sqlc", "./internal/catalog", "./internal/valueflow", "./internal/effects",
		"./internal/fix", "./internal/keyslot", "./internal/opkey", "./internal/report", "./internal/sarif", "./internal/load"}},
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
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list ./...: %v", err)
	}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		i, ok := layerOf(module, fields[0])
		if !ok {
			continue // a package of tests or of examples
		}
		for _, dep := range fields[1:] {
			if !strings.HasPrefix(dep, module) {
				continue
			}
			j, ok := layerOf(module, dep)
			switch {
			case !ok:
				t.Errorf("%s, of the %s layer, depends on %s, which is in no layer", fields[0], layers[i].name, dep)
			case j > i:
				t.Errorf("%s, of the %s layer, depends on %s, of the %s layer above it", fields[0], layers[i].name, dep, layers[j].name)
			}
		}
	}
}

// layerOf returns the index of the layer of a package of the module.
func layerOf(module, path string) (int, bool) {
	for i, l := range layers {
		for _, pattern := range l.patterns {
			pattern = module + strings.TrimPrefix(pattern, ".")
			if prefix, ok := strings.CutSuffix(pattern, "/..."); ok && (path == prefix || strings.HasPrefix(path, prefix+"/")) || path == pattern {
				return i, true
			}
		}
	}
	return 0, false
}
