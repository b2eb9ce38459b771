package config

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Bounds on what the schema reading takes in, so that a repository of
// data dumps cannot stall a run.
const (
	maxSchemaFiles = 2000
	maxSchemaBytes = 32 << 20
	maxSchemaDirs  = 20000 // directories walked
)

// ReadSchema reads the tables' keys that the run judges identities by:
// from the files and directories of .sql files that Schema names,
// relative to base (the configuration file's directory), or when it names
// none, from every .sql file of the module around base (see
// moduleSQLDir) and the migration schema ent generates
// (ent/migrate/schema.go): migrations and schema dumps live in a module's own
// places (tools/dbmigrate/sql, an embedded directory), not in a fixed
// list. Named files that cannot be read are errors; in the module, what
// cannot be read is skipped.
func (c *Config) ReadSchema(base string) error {
	var paths []string
	explicit := len(c.Schema) > 0
	if explicit {
		for _, p := range c.Schema {
			if !filepath.IsAbs(p) {
				p = filepath.Join(base, p)
			}
			if _, err := os.Stat(p); err != nil {
				return fmt.Errorf("schema: %v", err)
			}
			paths = append(paths, p)
		}
	} else {
		paths = []string{moduleRoot(base)}
	}
	files, err := sqlFiles(paths, explicit)
	if err != nil && explicit {
		return fmt.Errorf("schema: %v", err)
	}
	var texts []string
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			if explicit {
				return fmt.Errorf("schema: %v", err)
			}
			continue
		}
		if total += len(data); total > maxSchemaBytes {
			break
		}
		texts = append(texts, string(data))
	}
	c.schemaTexts = texts
	return nil
}

// isEntSchemaFile reports whether path may be the migration schema ent
// generates, Go that declares the tables: schema.go in a directory named
// migrate. The catalog reads it as SQL.
func isEntSchemaFile(path string) bool {
	return strings.HasSuffix(filepath.ToSlash(path), "/migrate/schema.go")
}

// SchemaTexts returns the contents of the schema files that ReadSchema
// read, in the order migrations apply in; empty before it runs, when
// every table is judged by its column names. The catalog reads the
// tables' keys from them: the configuration carries files, not SQL.
func (c *Config) SchemaTexts() []string { return c.schemaTexts }

// sqlFiles lists the .sql files among paths, and under those that are
// directories, in lexical order (the order migrations apply in). Hidden
// directories are left out; so, in a module walked whole (not named),
// are those that are not the module's own SQL (moduleSQLDir).
func sqlFiles(paths []string, named bool) ([]string, error) {
	var files []string
	dirs := 0
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != p && (strings.HasPrefix(d.Name(), ".") || !named && !moduleSQLDir(path, d.Name())) {
					return filepath.SkipDir
				}
				if dirs++; dirs > maxSchemaDirs {
					return fs.SkipAll
				}
				return nil
			}
			if path == p || strings.HasSuffix(path, ".sql") || isEntSchemaFile(path) {
				files = append(files, path)
			}
			if len(files) > maxSchemaFiles {
				return fs.SkipAll
			}
			return nil
		})
		if err != nil {
			return files, err
		}
	}
	return files, nil
}

// moduleSQLDir reports whether a directory below a module's root may
// hold the module's schema: not its dependencies (vendor, node_modules),
// test fixtures (testdata) or another module (a go.mod of its own).
func moduleSQLDir(path, name string) bool {
	switch name {
	case "vendor", "node_modules", "testdata":
		return false
	}
	return !exists(filepath.Join(path, "go.mod"))
}

// moduleRoot returns the nearest directory at or above dir with a go.mod,
// or dir.
func moduleRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for d := abs; ; d = filepath.Dir(d) {
		if exists(filepath.Join(d, "go.mod")) {
			return d
		}
		if filepath.Dir(d) == d {
			return abs
		}
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
