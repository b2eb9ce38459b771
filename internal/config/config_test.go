package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParse(t *testing.T) {
	cfg, err := Parse([]byte(`
idempotency-headers: [X-Idempotency-Key]
roots: ["example.com/w.(*Worker).Book"]
key-columns: [booking_ref]
sinks:
  - {func: "example.com/carrier.(*Client).Book", arg: 1, what: "the booking reference"}
  - {type: "example.com/events.Envelope", field: ID}
`))
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{
		IdempotencyHeaders: []string{"X-Idempotency-Key"},
		Roots:              []string{"example.com/w.(*Worker).Book"},
		KeyColumns:         []string{"booking_ref"},
		Sinks: []Sink{
			{Func: "example.com/carrier.(*Client).Book", Arg: 1, What: "the booking reference"},
			{Type: "example.com/events.Envelope", Field: "ID"},
		},
	}
	if diff := cmp.Diff(want, cfg, cmpopts.IgnoreUnexported(Config{})); diff != "" {
		t.Errorf("Parse mismatch (-want +got):\n%s", diff)
	}
}

func TestLoadErrorsNameTheFile(t *testing.T) {
	for name, text := range map[string]string{
		"unknown key":    "rootz: [a.B]\n",
		"bad yaml":       "roots: [a.B\n",
		"bad function":   "roots: [justaname]\n",
		"bad arg":        "sinks: [{func: a.B, arg: -1}]\n",
		"func and field": "sinks: [{func: a.B, type: a.T, field: ID}]\n",
		"no field":       "sinks: [{type: a.T}]\n",
		"bad field":      "sinks: [{type: a.T, field: x.y}]\n",
		"bad type":       "sinks: [{type: T, field: ID}]\n",
		"empty sink":     "sinks: [{what: x}]\n",
	} {
		path := filepath.Join(t.TempDir(), ".idemlint.yml")
		os.WriteFile(path, []byte(text), 0o644)
		_, err := Load(path)
		if err == nil {
			t.Errorf("%s: Load succeeded, want an error", name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, path) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q should be one line naming %s", name, msg, path)
		}
	}
}

func TestUnknownKeyMessage(t *testing.T) {
	_, err := Parse([]byte("rootz: [a.B]\n"))
	if err == nil || err.Error() != "line 1: unknown key rootz" {
		t.Errorf("Parse: error %v, want %q", err, "line 1: unknown key rootz")
	}
}

// TestReadSchemaFindsMigrations checks that the module's migrations are
// found from a package directory below the module's root, as go vet runs
// the tool there.
func TestReadSchemaFindsMigrations(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"go.mod": "module example.com/m\n",
		"internal/db/migrations/001_orders.up.sql":   "CREATE TABLE orders (order_ref text PRIMARY KEY);",
		"internal/db/migrations/001_orders.down.sql": "DROP TABLE orders;",
		"internal/api/api.go":                        "package api\n",
		"ent/migrate/schema.go":                      "package migrate\n",
	})
	cfg := Default()
	if err := cfg.ReadSchema(filepath.Join(root, "internal", "api")); err != nil {
		t.Fatal(err)
	}
	if got := cfg.SchemaTexts(); !slices.Contains(got, "CREATE TABLE orders (order_ref text PRIMARY KEY);") || !slices.Contains(got, "package migrate\n") {
		t.Errorf("schema texts %q; want the orders migration and ent's migration schema among them", got)
	}
	// Wherever the module keeps them; not in fixtures, dependencies or
	// another module.
	writeTree(t, root, map[string]string{
		"tools/dbmigrate/sql/0002_claims.sql": "CREATE TABLE claims (claim_ref text PRIMARY KEY);",
		"internal/api/testdata/fixture.sql":   "CREATE TABLE fixtures (fixture_ref text PRIMARY KEY);",
		"vendor/example.com/dep/dep.sql":      "CREATE TABLE deps (dep_ref text PRIMARY KEY);",
		"plugins/go.mod":                      "module example.com/m/plugins\n",
		"plugins/schema.sql":                  "CREATE TABLE plugins (plugin_ref text PRIMARY KEY);",
	})
	cfg = Default()
	if err := cfg.ReadSchema(root); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"CREATE TABLE orders (order_ref text PRIMARY KEY);",
		"CREATE TABLE claims (claim_ref text PRIMARY KEY);",
	}
	var got []string
	for _, text := range cfg.SchemaTexts() {
		if strings.HasPrefix(text, "CREATE") {
			got = append(got, text)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("CREATE statements read %q; want %q (the module's, in lexical order of their paths)", got, want)
	}
	bad := &Config{Schema: []string{"nowhere.sql"}}
	if err := bad.ReadSchema(root); err == nil || !strings.Contains(err.Error(), "nowhere.sql") {
		t.Errorf("a missing schema file: %v; want an error naming it", err)
	}
}

// writeTree writes files, by slash-separated path below root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
