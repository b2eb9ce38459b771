package main

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/load"
)

// vetConfig is the part of go vet's per-package configuration (the *.cfg
// file of the unitchecker protocol) that skipDependency reads.
type vetConfig struct {
	ImportPath  string
	GoFiles     []string
	ImportMap   map[string]string
	Standard    map[string]bool
	PackageVetx map[string]string
	VetxOnly    bool
	VetxOutput  string
}

// readVetConfig reads go vet's configuration, the last argument of a
// run on one package; ok is false when there is none or it cannot be
// read, which the real run then reports.
func readVetConfig(args []string) (cfg *vetConfig, ok bool) {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return nil, false
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return nil, false
	}
	cfg = new(vetConfig)
	if json.Unmarshal(data, cfg) != nil {
		return nil, false
	}
	return cfg, true
}

// skipDependency handles go vet's fact-only runs on dependencies that
// cannot matter, without parsing or type-checking them: go vet runs a
// tool that has facts on every dependency of the packages it vets, the
// standard library included, and that would cost more than the analysis.
// A dependency can matter only if it is not of a catalogued library, and
// imports a package declaring an identity sink or an identifier
// generator, or a package for which facts were written. Its fact file is
// then left empty, which importers read as "no facts". It reports
// whether it handled the run.
func skipDependency(cfg *vetConfig, cat *catalog.Catalog) bool {
	if !cfg.VetxOnly || cfg.VetxOutput == "" {
		return false
	}
	if !cfg.Standard[cfg.ImportPath] && !catalog.Describes(cfg.ImportPath) && mayMatter(cfg, cat) {
		return false
	}
	return os.WriteFile(cfg.VetxOutput, nil, 0o666) == nil
}

// factsOnly gives, for a fact-only run, checks that do nothing of their
// own. The driver of go vet runs, in such a run, every analyzer that
// transitively requires one that has facts, and drops its diagnostics:
// every check requires the summaries, so each would run in full on every
// package that another imports. The checks keep their names, flags and
// requirements (the passes that write the facts).
func factsOnly(checks []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(checks))
	for i, a := range checks {
		c := *a
		c.ResultType = nil
		c.Run = func(*analysis.Pass) (any, error) { return nil, nil }
		out[i] = &c
	}
	return out
}

// mayMatter reports whether a dependency of go vet's run imports a
// relevant package or one with facts.
func mayMatter(cfg *vetConfig, cat *catalog.Catalog) bool {
	fset := token.NewFileSet()
	var imports []string
	for _, name := range cfg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			return true // let the real run report it
		}
		for _, spec := range f.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			if resolved, ok := cfg.ImportMap[path]; ok {
				path = resolved
			}
			imports = append(imports, path)
		}
	}
	return load.ImportsRelevant(cat, imports, cfg.GoFiles, func(path string) bool { return hasFacts(cfg.PackageVetx[path]) })
}

func hasFacts(vetx string) bool {
	if vetx == "" {
		return false
	}
	fi, err := os.Stat(vetx)
	return err == nil && fi.Size() > 0
}
