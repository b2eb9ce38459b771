// Command idemlint reports Go code that is unsafe to retry.
//
// Usage:
//
//	idemlint [-config FILE] [-C DIR] [-fix] [-diff] [-json] packages...
//	go vet -vettool=$(which idemlint) [-config=FILE] packages...
//
// The configuration is read once, before analysis, from -config or from
// .idemlint.yml in the directory idemlint runs from. Exit codes are go
// vet's: 0 clean, 1 findings or errors, 2 bad configuration or usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/idemlint/idemlint"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/passes/catalog"
)

func main() {
	// Registered so that -flags (which go vet asks for) lists them; their
	// values are read from the arguments before the multichecker runs,
	// since the analyzers must be built from the configuration.
	flag.String("config", "", "read the configuration from `file` (default ./"+config.DefaultFile+")")
	flag.String("C", "", "change to `dir` before running")

	if standalone(os.Args[1:]) {
		exitAsVet()
	}
	if dir := flagValue(os.Args[1:], "C"); dir != "" {
		if err := os.Chdir(dir); err != nil {
			fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
			os.Exit(2)
		}
	}
	cfg, err := loadConfig(flagValue(os.Args[1:], "config"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if skipDependency(os.Args[1:], catalog.NewCatalog(cfg)) {
		os.Exit(0)
	}
	multichecker.Main(idemlint.New(cfg)...)
}

// loadConfig reads the named file, or ./.idemlint.yml when there is one.
func loadConfig(path string) (*config.Config, error) {
	if path != "" {
		return config.Load(path)
	}
	cfg, err := config.Load(config.DefaultFile)
	if errors.Is(err, fs.ErrNotExist) || (err != nil && !fileExists(config.DefaultFile)) {
		return config.Default(), nil
	}
	return cfg, err
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// flagValue finds -name value, -name=value, --name value or --name=value
// among the arguments before the first non-flag.
func flagValue(args []string, name string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "--" {
			return ""
		}
		a = strings.TrimLeft(a, "-")
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v
		}
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}
