// Package config holds idemlint's run configuration: the one value that the
// driver reads from -config (or ./.idemlint.yml) before analysis and that
// every analyzer of the run is built from. Analyzers never read files
// themselves: drivers such as go vet, golangci-lint, gopls and nogo cache or
// sandbox analysis, and a file read behind their back escapes both. The
// schema files that give tables' keys are read here too, by the driver.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// DefaultFile is the configuration file looked up in the directory the
// driver runs from when -config is not given.
const DefaultFile = ".idemlint.yml"

// Config is the whole configuration of one run. Keys are kebab-case, and
// function, type and package names are list values, never map keys, so the
// same settings survive golangci-lint's settings map, which lowercases keys
// and splits them on dots.
//
// Functions are named as types.Func.FullName prints them:
// "example.com/pkg.Func", "(*example.com/pkg.T).Method".
type Config struct {
	// WholeProgram is set by the driver that analyses every package of
	// the program in one process with one file set (the standalone
	// command): a finding resolved at the composition root can then be
	// reported in another package's file. It is never read from a file.
	WholeProgram bool `yaml:"-" json:"-"`

	// Disable lists check codes or names to turn off; Enable turns on
	// checks that are off by default.
	Disable []string `yaml:"disable" json:"disable"`
	Enable  []string `yaml:"enable" json:"enable"`

	// IdempotencyHeaders are request headers that carry a caller's
	// operation key. Default: Idempotency-Key.
	IdempotencyHeaders []string `yaml:"idempotency-headers" json:"idempotency-headers"`

	// Roots are extra retried roots: functions, methods, or types (every
	// method of the type).
	Roots []string `yaml:"roots" json:"roots"`

	// Generators are extra functions whose first result is fresh on
	// every call.
	Generators []string `yaml:"generators" json:"generators"`

	// KeyColumns are extra identity column names of INSERT statements.
	KeyColumns []string `yaml:"key-columns" json:"key-columns"`

	// KeyTables are extra names (or parts of names) of tables and columns
	// that hold idempotency or deduplication keys.
	KeyTables []string `yaml:"key-tables" json:"key-tables"`

	// Sinks are extra identity sinks: a parameter of a function whose
	// value becomes the identity of a write or of an external request.
	Sinks []Sink `yaml:"sinks" json:"sinks"`

	// Externals are extra external calls (a carrier SDK, say), with the
	// argument that carries their idempotency key, if they take one.
	Externals []External `yaml:"externals" json:"externals"`

	// Schema lists SQL files, and directories of them, whose CREATE
	// TABLE statements give the tables' primary and unique keys: the
	// identity columns of their rows. Paths are relative to the
	// configuration file. Without it, every .sql file of the module is
	// read (see ReadSchema).
	Schema []string `yaml:"schema" json:"schema"`

	schemaTexts []string // read by ReadSchema
}

// An External names a function whose effect lives outside the local
// database. KeyArg is the parameter (counted from 0 without the receiver)
// that carries the operation key, or -1 when the provider has no key
// mechanism; KeyField, when set, names the field of that argument (a
// struct or pointer to one) that holds it.
type External struct {
	Func         string `yaml:"func" json:"func"`
	What         string `yaml:"what" json:"what"`
	KeyArg       *int   `yaml:"key-arg" json:"key-arg"`
	KeyField     string `yaml:"key-field" json:"key-field"`
	Notification bool   `yaml:"notification" json:"notification"`
}

// A Sink names a function parameter, counted from 0 without the receiver.
type Sink struct {
	// Func and Arg name a parameter whose value is the identity.
	Func string `yaml:"func" json:"func"`
	Arg  int    `yaml:"arg" json:"arg"`
	// Type and Field, instead, name a struct field whose value is the
	// identity of what the struct describes (a published event's ID).
	Type  string `yaml:"type" json:"type"`
	Field string `yaml:"field" json:"field"`
	// What names the identity for messages, e.g. "carrier booking reference".
	What string `yaml:"what" json:"what"`
}

// validate checks that a sink names either a parameter or a field.
func (s Sink) validate() error {
	switch {
	case s.Func != "" && (s.Type != "" || s.Field != ""):
		return fmt.Errorf("names both func %q and a field; a sink is one or the other", s.Func)
	case s.Func != "" && !validFuncName(s.Func):
		return fmt.Errorf("func %q is not a qualified function name", s.Func)
	case s.Func != "" && s.Arg < 0:
		return fmt.Errorf("arg must be 0 or more, not %d", s.Arg)
	case s.Func != "":
		return nil
	case s.Type == "" && s.Field == "":
		return fmt.Errorf("names neither a func nor a type and field")
	case !validFuncName(s.Type) || strings.HasPrefix(s.Type, "("):
		return fmt.Errorf("type %q is not a qualified type name such as \"example.com/pkg.Event\"", s.Type)
	case !token.IsIdentifier(s.Field):
		return fmt.Errorf("field %q of %s is not a field name", s.Field, s.Type)
	}
	return nil
}

// Default returns the configuration used when no file is given.
func Default() *Config { return &Config{} }

// Load reads and validates the configuration file at path. Errors name the
// file and fit on one line.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("idemlint: reading config: %w", err)
	}
	cfg, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("idemlint: %s: %v", path, err)
	}
	return cfg, nil
}

// Parse decodes and validates YAML configuration. Unknown keys are errors:
// a misspelt key silently ignored is a check silently off.
func Parse(data []byte) (*Config, error) {
	cfg := Default()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(cfg); err != nil && !errors.Is(err, io.EOF) {
		return nil, oneLine(err)
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// Validate reports the first malformed setting.
func (c *Config) Validate() error {
	for _, name := range append(append([]string{}, c.Roots...), c.Generators...) {
		if !validFuncName(name) {
			return fmt.Errorf("%q is not a qualified function or type name such as \"example.com/pkg.Func\" or \"(*example.com/pkg.T).Method\"", name)
		}
	}
	for i, s := range c.Sinks {
		if err := s.validate(); err != nil {
			return fmt.Errorf("sinks[%d]: %v", i, err)
		}
	}
	for i, e := range c.Externals {
		if !validFuncName(e.Func) {
			return fmt.Errorf("externals[%d]: func %q is not a qualified function name", i, e.Func)
		}
		if e.KeyArg != nil && *e.KeyArg < 0 {
			return fmt.Errorf("externals[%d]: key-arg must be 0 or more, not %d", i, *e.KeyArg)
		}
	}
	for _, h := range c.IdempotencyHeaders {
		if h == "" || strings.ContainsAny(h, " :\t") {
			return fmt.Errorf("idempotency-headers: %q is not a header name", h)
		}
	}
	return nil
}

// Headers returns the idempotency headers in force.
func (c *Config) Headers() []string {
	if len(c.IdempotencyHeaders) == 0 {
		return []string{"Idempotency-Key"}
	}
	return c.IdempotencyHeaders
}

// validFuncName accepts "path.Name" and "(path.T).M" / "(*path.T).M".
func validFuncName(s string) bool {
	if strings.HasPrefix(s, "(") {
		i := strings.Index(s, ").")
		return i > 2 && validFuncName(strings.TrimPrefix(s[1:i], "*")) && i+2 < len(s)
	}
	dot := strings.LastIndex(s, ".")
	return dot > 0 && dot < len(s)-1 && !strings.ContainsAny(s, " \t")
}

// oneLine folds a multi-line decoder error into one line, naming unknown
// keys as such rather than by the Go type they are missing from.
func oneLine(err error) error {
	msg := strings.Join(strings.Fields(err.Error()), " ")
	msg = unknownField.ReplaceAllString(msg, "unknown key $1")
	return errors.New(strings.TrimPrefix(msg, "yaml: unmarshal errors: "))
}

var unknownField = regexp.MustCompile(`field (\S+) not found in type \S+`)
