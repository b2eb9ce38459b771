// Command idemlint reports Go code that is unsafe to retry.
//
// Usage:
//
//	idemlint [-config FILE] [-C DIR] [-fix] [-diff] [-json] packages...
//	idemlint -sarif [-config FILE] [-C DIR] packages... > idemlint.sarif
//	go vet -vettool=$(which idemlint) [-config=FILE] packages...
//
// The configuration is read once, before analysis, from -config or from
// .idemlint.yml in the directory idemlint runs from. Exit codes are go
// vet's: 0 clean, 1 findings or errors, 2 bad configuration or usage.
//
// With -sarif, idemlint writes its findings to standard output as one
// SARIF 2.1.0 log, for code scanning services such as GitHub's: a rule
// per check (its code as id, its documentation as help) and one for
// malformed or unused ignore directives; a result per finding, with the
// call chain as related locations and the suggested fixes as fixes. File
// URIs are relative to the directory idemlint runs in (after -C), which
// should be the repository's root. -sarif combines with the selection of
// checks (-freshid), their flags (-freshid.strict) and -test, not with
// -fix, -diff or -json, and not under go vet, which runs a tool once per
// package.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/idemlint/idemlint"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/config"
)

func main() {
	// Registered so that -flags (which go vet asks for) and -h list them;
	// their values are read from the arguments before either driver
	// parses them, since the analyzers are built from the configuration.
	flag.String("config", "", "read the configuration from `file` (default ./"+config.DefaultFile+")")
	flag.String("C", "", "change to `dir` before running")
	flag.Bool("sarif", false, "write the findings to standard output as a SARIF 2.1.0 log")

	// Under go vet, and for help, the multichecker of golang.org/x/tools
	// runs; a command of its own runs idemlint's driver (driver.go).
	args := os.Args[1:]
	vet := underVet(args) || len(args) > 0 && args[0] == "help"
	if vet && boolFlag(args, "sarif") {
		fmt.Fprintln(os.Stderr, "idemlint: -sarif writes one log for a whole run, so it does not run under go vet: run idemlint -sarif packages...")
		os.Exit(2)
	}
	// SARIF paths are relative to where idemlint was started, before -C:
	// code scanning wants them relative to the repository's root, and a
	// module may live in a subdirectory of it.
	startDir, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
		os.Exit(2)
	}
	if dir := flagValue(args, "C"); dir != "" {
		if err := os.Chdir(dir); err != nil {
			fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
			os.Exit(2)
		}
	}
	configPath := flagValue(args, "config")
	cfg, err := loadConfig(configPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	// The standalone driver loads the whole program with one file set;
	// go vet runs one package per process.
	cfg.WholeProgram = !vet
	cat := catalog.New(cfg)
	vetCfg, perPackage := readVetConfig(args)
	if perPackage && skipDependency(vetCfg, cat) {
		os.Exit(0)
	}
	// The tables' keys, from the schema the configuration names or the
	// module's migrations; after the check above, since a dependency
	// that cannot matter needs none.
	if err := cfg.ReadSchema(filepath.Dir(cmp.Or(configPath, config.DefaultFile))); err != nil {
		fmt.Fprintf(os.Stderr, "idemlint: %s: %v\n", cmp.Or(configPath, "configuration"), err)
		os.Exit(2)
	}
	if !vet {
		os.Exit(runStandalone(idemlint.New(cfg), cat, args, startDir))
	}
	checks := idemlint.New(cfg)
	if perPackage && vetCfg.VetxOnly {
		checks = factsOnly(checks)
	}
	multichecker.Main(checks...)
}

// loadConfig reads the named file, or ./.idemlint.yml when there is one,
// and checks that the checks it names exist.
func loadConfig(path string) (*config.Config, error) {
	if path == "" {
		path = config.DefaultFile
		if !fileExists(path) {
			return config.Default(), nil
		}
	}
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	if err := idemlint.Validate(cfg); err != nil {
		return nil, fmt.Errorf("idemlint: %s: %v", path, err)
	}
	return cfg, nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// valueFlags are the flags, idemlint's and the checker's, that take the
// next argument as their value when it is not given with "=". Every
// other flag is a boolean.
var valueFlags = map[string]bool{
	"config": true, "C": true,
	"c": true, "debug": true, "cpuprofile": true, "memprofile": true, "trace": true, "tags": true,
}

// lookupFlag finds the last of -name value, -name=value, --name value or
// --name=value among the flags, which end at the first argument that is
// neither a flag nor a flag's value, and reports whether it found one.
// The value of a boolean flag without "=" is "".
func lookupFlag(args []string, name string) (value string, found bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			break
		}
		n, v, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !hasValue && valueFlags[n] && i+1 < len(args) {
			i++
			v = args[i]
		}
		if n == name {
			value, found = v, true
		}
	}
	return value, found
}

// flagValue is the value of flag name, or "".
func flagValue(args []string, name string) string {
	v, _ := lookupFlag(args, name)
	return v
}

// boolFlag reports whether boolean flag name is set to true: -name, or
// -name=true. A value that is not a boolean is left to the flag package
// to report.
func boolFlag(args []string, name string) bool {
	v, ok := lookupFlag(args, name)
	if !ok {
		return false
	}
	b, err := strconv.ParseBool(v)
	return v == "" || err == nil && b
}

// underVet reports whether idemlint runs under go vet's protocol: with a
// *.cfg argument, -flags or -V=full.
func underVet(args []string) bool {
	for _, a := range args {
		if strings.HasSuffix(a, ".cfg") || a == "-flags" || strings.HasPrefix(a, "-V") {
			return true
		}
	}
	return false
}
