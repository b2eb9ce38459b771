// Package sarifschema validates SARIF logs against the OASIS SARIF 2.1.0
// schema kept in testdata/sarif, for tests: it reads a file of the
// repository and loads nothing over the network, so no command imports
// it.
package sarifschema

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var (
	once   sync.Once
	schema *jsonschema.Schema
	err    error
)

// Validate reports whether data is a SARIF 2.1.0 log, or why not.
func Validate(data []byte) error {
	once.Do(func() { schema, err = compile() })
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return schema.Validate(inst)
}

// compile compiles the schema file, asserting formats (URIs, dates) too.
func compile() (*jsonschema.Schema, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return nil, errors.New("sarifschema: no caller information")
	}
	f, err := os.Open(filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	// The schema names itself ("id" in its draft-04 dialect); the logs
	// name it as their $schema.
	m, _ := doc.(map[string]any)
	id, _ := m["id"].(string)
	if id == "" {
		return nil, errors.New("sarifschema: the schema has no id")
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	c.UseLoader(offline{})
	if err := c.AddResource(id, doc); err != nil {
		return nil, err
	}
	return c.Compile(id)
}

// offline loads nothing: the schema and the metaschema the library holds
// are all validation may read.
type offline struct{}

func (offline) Load(url string) (any, error) {
	return nil, errors.New("sarifschema: not loading " + url)
}
