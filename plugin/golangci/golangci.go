// Package golangci registers idemlint as a golangci-lint v2 module
// plugin named "idemlint".
//
// golangci-lint loads module plugins by compiling them into its binary,
// so this package is used by blank import from a golangci-lint main
// package: the one `golangci-lint custom` generates from .custom-gcl.yml,
// or a small main module of one's own that calls golangci-lint's
// commands.Execute (see tools/golangci-lint). The linter is then enabled
// in .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable: [idemlint]
//	  settings:
//	    custom:
//	      idemlint:
//	        type: module
//	        description: finds code that is unsafe to retry
//	        settings:
//	          disable: [partialtx]
//	          idempotency-headers: [Idempotency-Key]
//
// The settings are those of .idemlint.yml, with the same keys and the
// same validation: an unknown key or a malformed value fails the run
// rather than silently turning a check off. golangci-lint reports every
// check under the one linter name, so //nolint:idemlint suppresses all of
// them on a line; //idemlint:ignore CODE reason suppresses one check, as
// it does under the other drivers.
//
// See docs/golangci.md for the whole setup.
package golangci

import (
	"errors"
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint"
	"github.com/idemlint/idemlint/internal/config"
)

// Name is the plugin's name: the key of its entry under
// linters.settings.custom and the linter name //nolint directives use.
const Name = "idemlint"

// settingsPath is where the settings are in golangci-lint's configuration.
const settingsPath = "linters.settings.custom." + Name + ".settings"

func init() {
	register.Plugin(Name, New)
}

// Plugin is idemlint as a golangci-lint linter, holding the validated
// configuration of one golangci-lint run.
type Plugin struct {
	cfg *config.Config
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes and validates the plugin's settings: the value of
// linters.settings.custom.idemlint.settings, which golangci-lint passes
// as the generic maps and lists its configuration loader produced. Absent
// settings mean the default configuration.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := decode(settings)
	if err != nil {
		// golangci-lint prefixes "plugin(idemlint): newPlugin"; say
		// where in .golangci.yml the problem is.
		return nil, fmt.Errorf("%s: %v", settingsPath, err)
	}
	return &Plugin{cfg: cfg}, nil
}

// decode reads settings into a configuration the way config.Parse reads
// .idemlint.yml: unknown keys and values of the wrong kind are errors,
// and the result is validated.
func decode(settings any) (*config.Config, error) {
	// DecodeSettings round-trips the settings through encoding/json with
	// unknown fields disallowed, which the json tags of config.Config
	// (the YAML file's keys) make the same key set as the file's.
	cfg, err := register.DecodeSettings[config.Config](settings)
	if err != nil {
		// encoding/json names neither the place of an unknown key nor
		// the kind of value expected in terms of the settings; explain
		// it from the settings themselves when possible.
		if msg := explain(settings); msg != "" {
			return nil, errors.New(msg)
		}
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := idemlint.Validate(&cfg); err != nil {
		return nil, err
	}
	// golangci-lint runs from the project's root: schema paths are
	// relative to it.
	if err := cfg.ReadSchema("."); err != nil {
		return nil, err
	}
	return &cfg, nil
}

// BuildAnalyzers returns the checks the configuration enables, built
// once for the run so that they share one set of passes.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	checks := idemlint.New(p.cfg)
	for i, a := range checks {
		checks[i] = withoutRelated(a)
	}
	return checks, nil
}

// withoutRelated returns a copy of a check that reports its findings
// without their related positions. golangci-lint makes each related
// position an issue of its own, on its own line: one finding would count
// as three issues, and a //nolint:idemlint on the finding's line would
// leave two of them failing the run. The message already names the
// retried root; idemlint itself and gopls show the whole chain.
func withoutRelated(a *analysis.Analyzer) *analysis.Analyzer {
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Related = nil
			pass.Report(d)
		}
		return a.Run(&p)
	}
	return &w
}

// GetLoadMode asks for type information: every check works on typed SSA
// of the package and on facts about its dependencies.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
