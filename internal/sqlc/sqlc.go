// Package sqlc finds the query that sqlc generated a Go constant from:
// a fix of the generated SQL must be made in the query file too, or the
// next `sqlc generate` undoes it.
//
// sqlc writes, at the top of each file it generates, "// source: NAME",
// NAME being the query file relative to the queries of its
// configuration (sqlc.yaml, sqlc.yml or sqlc.json, in the package's
// directory or one above it), and starts each query's constant with the
// query's "-- name: NAME :kind" line, as the query file does.
package sqlc

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A Query is one named query of a query file.
type Query struct {
	File  string // the query file's path
	Start int    // the byte offset of the query's SQL in the file
	Text  string // the SQL, after its "-- name:" line, without the final ";"
}

// maxUp bounds how far above the generated package the configuration
// is looked for.
const maxUp = 6

// configNames are the names sqlc reads its configuration from.
var configNames = []string{"sqlc.yaml", "sqlc.yml", "sqlc.json"}

// nameLine matches a query's first line: "-- name: CreateOrder :one".
var nameLine = regexp.MustCompile(`^--\s*name:\s*(\S+)\s+:\S+`)

// Source finds the query that a constant of the generated file gen was
// generated from: source is the file's "source:" name, constText the
// constant's value. It fails when the configuration, the file, or the
// query is not found, or is found more than once.
func Source(gen, source, constText string) (Query, error) {
	m := nameLine.FindStringSubmatch(strings.TrimSpace(firstLine(constText)))
	if m == nil {
		return Query{}, errors.New("the constant has no -- name: line")
	}
	files, err := queryFiles(filepath.Dir(gen), source)
	if err != nil {
		return Query{}, err
	}
	var found []Query
	for _, f := range files {
		q, ok, err := named(f, m[1])
		if err != nil {
			return Query{}, err
		}
		if ok {
			found = append(found, q)
		}
	}
	if len(found) != 1 {
		return Query{}, errors.New("query " + m[1] + " not found once in " + source)
	}
	return found[0], nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Config is the part of sqlc's configuration that says where the
// queries of each output package are: version 2's sql list, and version
// 1's packages.
type Config struct {
	SQL []struct {
		Queries paths `json:"queries" yaml:"queries"`
		Gen     struct {
			Go struct {
				Out string `json:"out" yaml:"out"`
			} `json:"go" yaml:"go"`
		} `json:"gen" yaml:"gen"`
	} `json:"sql" yaml:"sql"`
	Packages []struct {
		Path    string `json:"path" yaml:"path"`
		Queries paths  `json:"queries" yaml:"queries"`
	} `json:"packages" yaml:"packages"`
}

// paths is a path or a list of paths.
type paths []string

func (p *paths) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*p = []string{n.Value}
		return nil
	}
	var list []string
	err := n.Decode(&list)
	*p = list
	return err
}

func (p *paths) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*p = []string{one}
		return nil
	}
	var list []string
	err := json.Unmarshal(b, &list)
	*p = list
	return err
}

// queryFiles returns the files named source among the queries that the
// configuration generates into dir.
func queryFiles(dir, source string) ([]string, error) {
	cfgPath, cfg, err := findConfig(dir)
	if err != nil {
		return nil, err
	}
	base := filepath.Dir(cfgPath)
	var queries []string
	for _, s := range cfg.SQL {
		if sameDir(filepath.Join(base, s.Gen.Go.Out), dir) {
			queries = append(queries, s.Queries...)
		}
	}
	for _, p := range cfg.Packages {
		if sameDir(filepath.Join(base, p.Path), dir) {
			queries = append(queries, p.Queries...)
		}
	}
	var out []string
	for _, q := range queries {
		q = filepath.Join(base, q)
		info, err := os.Stat(q)
		switch {
		case err != nil:
			continue
		case !info.IsDir() && filepath.Base(q) == filepath.Base(source):
			out = append(out, q)
		case info.IsDir():
			if _, err := os.Stat(filepath.Join(q, source)); err == nil {
				out = append(out, filepath.Join(q, source))
			}
		}
	}
	if len(out) == 0 {
		return nil, errors.New(cfgPath + " names no query file " + source + " for " + dir)
	}
	return out, nil
}

func sameDir(a, b string) bool {
	return filepath.Clean(a) == filepath.Clean(b)
}

// findConfig reads the nearest sqlc configuration at or above dir.
func findConfig(dir string) (string, *Config, error) {
	for range maxUp {
		for _, name := range configNames {
			p := filepath.Join(dir, name)
			data, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			var cfg Config
			if strings.HasSuffix(name, ".json") {
				err = json.Unmarshal(data, &cfg)
			} else {
				err = yaml.Unmarshal(data, &cfg)
			}
			if err != nil {
				return "", nil, errors.New(p + ": " + err.Error())
			}
			return p, &cfg, nil
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break // the module's root: a configuration above it is another's
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", nil, errors.New("no sqlc configuration found above " + dir)
}

// named finds the query called name in a query file.
func named(file, name string) (Query, bool, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return Query{}, false, err
	}
	start, end := -1, len(data)
	off := 0
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		m := nameLine.FindSubmatch(bytes.TrimSpace(line))
		switch {
		case m != nil && start >= 0:
			end = off // the next query's name line ends this one
		case m != nil && string(m[1]) == name:
			start = off + len(line)
		}
		if end < len(data) {
			break
		}
		off += len(line)
	}
	if start < 0 {
		return Query{}, false, nil
	}
	text := string(data[start:end])
	text = strings.TrimRight(text, " \t\r\n")
	text = strings.TrimSuffix(text, ";")
	return Query{File: file, Start: start, Text: text}, true, nil
}
