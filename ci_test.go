package idemlint

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// currentActions are the actions the GitHub workflow may use, at the
// major versions that are current: the workflow is copied by users, and an
// old major (or a misspelt name) fails in their CI, not in ours.
var currentActions = map[string]string{
	"actions/checkout":                  "v6",
	"actions/setup-go":                  "v6",
	"github/codeql-action/upload-sarif": "v4",
}

// TestCIRecipes checks the files docs/ci.md shows: that each parses, that
// the GitHub workflow has the shape GitHub accepts and uses current
// actions, that the nogo rule lists every check, and that docs/ci.md shows
// each file as it is.
func TestCIRecipes(t *testing.T) {
	doc := readFile(t, "docs/ci.md")
	files, err := filepath.Glob("docs/ci/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no files under docs/ci: %v", err)
	}
	for _, name := range files {
		body := readFile(t, name)
		if !strings.Contains(doc, "\n"+body+"```") {
			t.Errorf("docs/ci.md does not show %s as it is", name)
		}
		switch filepath.Ext(name) {
		case ".yml", ".yaml":
			var v map[string]any
			if err := yaml.Unmarshal([]byte(body), &v); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		case ".json":
			var v map[string]any
			if err := json.Unmarshal([]byte(body), &v); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	checkWorkflow(t, "docs/ci/github-actions.yml")
	checkNogoDeps(t, "docs/ci/BUILD.bazel")

	var hooks []map[string]any
	if err := yaml.Unmarshal([]byte(readFile(t, ".pre-commit-hooks.yaml")), &hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	if len(hooks) != 1 || hooks[0]["id"] != "idemlint" || hooks[0]["language"] != "golang" {
		t.Errorf(".pre-commit-hooks.yaml: want one golang hook with id idemlint, got %v", hooks)
	}
}

// A workflow is the part of a GitHub Actions workflow the test reads.
type workflow struct {
	Name string         `yaml:"name"`
	On   map[string]any `yaml:"on"`
	Jobs map[string]struct {
		RunsOn string `yaml:"runs-on"`
		Steps  []struct {
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func checkWorkflow(t *testing.T, name string) {
	var wf workflow
	dec := yaml.NewDecoder(strings.NewReader(readFile(t, name)))
	if err := dec.Decode(&wf); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if wf.Name == "" || len(wf.On) == 0 || len(wf.Jobs) == 0 {
		t.Fatalf("%s: want name, on and jobs", name)
	}
	uploads := false
	for id, job := range wf.Jobs {
		if job.RunsOn == "" || len(job.Steps) == 0 {
			t.Errorf("%s: job %s needs runs-on and steps", name, id)
		}
		for i, step := range job.Steps {
			if (step.Uses == "") == (step.Run == "") {
				t.Errorf("%s: job %s step %d needs exactly one of uses and run", name, id, i)
			}
			if step.Uses == "" {
				continue
			}
			action, version, _ := strings.Cut(step.Uses, "@")
			if want, ok := currentActions[action]; !ok || version != want {
				t.Errorf("%s: uses %s; known current actions: %v", name, step.Uses, currentActions)
			}
			if action == "github/codeql-action/upload-sarif" {
				uploads = step.With["sarif_file"] != ""
			}
		}
	}
	if !uploads {
		t.Errorf("%s: no upload-sarif step with a sarif_file", name)
	}
}

// checkNogoDeps checks that the nogo rule lists the package of every
// check, and that each exports the Analyzer variable nogo links against.
func checkNogoDeps(t *testing.T, name string) {
	deps := regexp.MustCompile(`"@com_github_idemlint_idemlint//(analyzers/\w+)"`).FindAllStringSubmatch(readFile(t, name), -1)
	listed := make(map[string]bool)
	for _, d := range deps {
		listed[d[1]] = true
	}
	for _, c := range checks {
		dir := "analyzers/" + c.Name
		if !listed[dir] {
			t.Errorf("%s does not list %s", name, dir)
		}
		src := readFile(t, filepath.Join(dir, c.Name+".go"))
		if !regexp.MustCompile(`(?m)^var Analyzer = `).MatchString(src) {
			t.Errorf("%s does not export var Analyzer", dir)
		}
	}
	if len(listed) != len(checks) {
		t.Errorf("%s lists %d packages, want the %d checks", name, len(listed), len(checks))
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
