package golangci

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"go.yaml.in/yaml/v3"

	"github.com/idemlint/idemlint/internal/config"
)

// settingsOf decodes YAML into the generic maps and lists that
// golangci-lint hands a module plugin as its settings.
func settingsOf(t *testing.T, text string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("bad test YAML: %v", err)
	}
	return v
}

func analyzerNames(t *testing.T, p register.LinterPlugin) []string {
	t.Helper()
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("BuildAnalyzers: %v", err)
	}
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	return names
}

var allChecks = []string{"freshid", "missingkey", "intentfirst", "keytx", "naturalkey", "partialtx"}

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("idemlint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatalf("New(nil): %v", err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	if diff := cmp.Diff(allChecks, analyzerNames(t, p)); diff != "" {
		t.Errorf("default analyzers (-want +got):\n%s", diff)
	}
}

// TestSettingsMatchFile checks that settings written as in .idemlint.yml
// decode to the configuration config.Parse reads from the file.
func TestSettingsMatchFile(t *testing.T) {
	for _, text := range []string{
		"{}",
		`
disable: [IDEM006, keytx]
enable: [freshid]
idempotency-headers: [Idempotency-Key, X-Request-Id]
roots: ["example.com/carrier.(*Worker).Book", "example.com/jobs.Worker"]
generators: ["example.com/ids.New"]
key-columns: [booking_ref]
key-tables: [dedup]
sinks:
  - {func: "example.com/ids.Reference", arg: 0, what: "the booking reference"}
externals:
  - {func: "(*example.com/carrier.Client).Book", what: "carrier booking", key-arg: 1, key-field: Reference}
  - {func: "example.com/mail.Send", what: "email", notification: true}
`,
	} {
		want, err := config.Parse([]byte(text))
		if err != nil {
			t.Fatalf("config.Parse: %v", err)
		}
		p, err := New(settingsOf(t, text))
		if err != nil {
			t.Fatalf("New: %v\nsettings:%s", err, text)
		}
		if diff := cmp.Diff(want, p.(*Plugin).cfg, cmpopts.IgnoreUnexported(config.Config{})); diff != "" {
			t.Errorf("settings decode differently from the file (-file +settings):\n%s\nsettings:%s", diff, text)
		}
	}
}

func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		name, settings, want string
	}{
		{"unknown key", "rootz: [a.B]", "unknown key rootz"},
		{"unknown nested key", "sinks: [{func: a.B, arg: 0}, {fnc: a.C}]", "unknown key sinks[1].fnc"},
		{"list as string", "disable: IDEM001", `disable: want a list of strings, not the string "IDEM001"`},
		{"string as number", `sinks: [{func: a.B, arg: "one"}]`, `sinks[0].arg: want an integer, not the string "one"`},
		{"fraction", `externals: [{func: a.B, key-arg: 1.5}]`, `externals[0].key-arg: want an integer, not the number 1.5`},
		{"mapping as list", `externals: {func: a.B}`, `externals: want a list of mappings, not a mapping`},
		{"not a mapping", `[disable]`, `want a mapping, not a list`},
		{"bool", `externals: [{func: a.B, notification: "yes"}]`, `externals[0].notification: want a boolean, not the string "yes"`},
		{"no such check", `disable: [IDEM001, freshd]`, `disable: "freshd" is not a check; the checks are IDEM001 freshid, IDEM002 missingkey, IDEM003 intentfirst, IDEM004 keytx, IDEM005 naturalkey, IDEM006 partialtx`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(settingsOf(t, tc.settings))
			want := "linters.settings.custom.idemlint.settings: " + tc.want
			if err == nil || err.Error() != want {
				t.Errorf("New(%s): error %v, want %q", tc.settings, err, want)
			}
		})
	}
}

// TestInvalidSettings checks that settings that decode but are malformed
// fail with config.Parse's text for the same file.
func TestInvalidSettings(t *testing.T) {
	for _, text := range []string{
		"roots: [justaname]",
		"generators: [ids.New, 'a b.C']",
		"sinks: [{func: a.B, arg: -1}]",
		"sinks: [{func: nodot, arg: 0}]",
		"externals: [{func: a.B, key-arg: -1}]",
		"idempotency-headers: ['Idempotency Key']",
	} {
		_, fileErr := config.Parse([]byte(text))
		if fileErr == nil {
			t.Fatalf("config.Parse(%s) succeeded; the test expects an error", text)
		}
		_, err := New(settingsOf(t, text))
		want := "linters.settings.custom.idemlint.settings: " + fileErr.Error()
		if err == nil || err.Error() != want {
			t.Errorf("New(%s): error %v, want %q", text, err, want)
		}
	}
}

func TestDisable(t *testing.T) {
	for _, tc := range []struct {
		settings string
		off      []string
	}{
		{"disable: [IDEM001]", []string{"freshid"}},
		{"disable: [idem002]", []string{"missingkey"}},
		{"disable: [partialtx, keytx]", []string{"keytx", "partialtx"}},
		{"disable: [IDEM003, naturalkey]", []string{"intentfirst", "naturalkey"}},
		{"disable: [IDEM001]\nenable: [IDEM001]", []string{"freshid"}},
	} {
		p, err := New(settingsOf(t, tc.settings))
		if err != nil {
			t.Fatalf("New(%s): %v", tc.settings, err)
		}
		want := slices.DeleteFunc(slices.Clone(allChecks), func(n string) bool { return slices.Contains(tc.off, n) })
		if diff := cmp.Diff(want, analyzerNames(t, p)); diff != "" {
			t.Errorf("New(%s): analyzers (-want +got):\n%s", strings.ReplaceAll(tc.settings, "\n", "; "), diff)
		}
	}
}

// TestExample checks that .golangci.example.yml is accepted and shows
// every key of the settings, and that docs/golangci.md names each, so
// that neither falls behind config.Config.
func TestExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", ".golangci.example.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Version string
		Linters struct {
			Enable   []string
			Settings struct {
				Custom map[string]struct {
					Type     string
					Settings any
				}
			}
		}
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatalf(".golangci.example.yml: %v", err)
	}
	if doc.Version != "2" || !slices.Contains(doc.Linters.Enable, "idemlint") {
		t.Errorf(".golangci.example.yml: want version \"2\" and idemlint in linters.enable")
	}
	custom, ok := doc.Linters.Settings.Custom["idemlint"]
	if !ok || custom.Type != "module" {
		t.Fatalf(".golangci.example.yml: want linters.settings.custom.idemlint with type: module")
	}
	if _, err := New(custom.Settings); err != nil {
		t.Errorf(".golangci.example.yml: %v", err)
	}

	given := map[string]bool{}
	settingKeys(custom.Settings, "", given)
	guide, err := os.ReadFile(filepath.Join("..", "..", "docs", "golangci.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range configKeys(reflect.TypeFor[config.Config](), "") {
		if !given[key] {
			t.Errorf(".golangci.example.yml does not show %s", key)
		}
		name := key[strings.LastIndex(key, ".")+1:]
		if !strings.Contains(string(guide), "`"+name+"`") {
			t.Errorf("docs/golangci.md does not name %s", key)
		}
	}
}

// configKeys lists the keys of the settings type t, nested ones as
// "sinks.func".
func configKeys(t reflect.Type, prefix string) []string {
	var keys []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		key := prefix + name
		keys = append(keys, key)
		if ft := f.Type; ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct {
			keys = append(keys, configKeys(ft.Elem(), key+".")...)
		}
	}
	return keys
}

// settingKeys records the keys that settings give, nested ones as
// "sinks.func".
func settingKeys(v any, prefix string, keys map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			keys[prefix+k] = true
			settingKeys(e, prefix+k+".", keys)
		}
	case []any:
		for _, e := range v {
			settingKeys(e, prefix, keys)
		}
	}
}
