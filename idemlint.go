// Package idemlint finds Go code that is unsafe to retry: handlers,
// consumers and retry-wrapped operations that create a second order or a
// second charge when the same request arrives twice.
//
// Analyzers returns the checks with the default configuration; New builds
// them from a configuration, which is how drivers pass one configuration
// to every check of a run.
package idemlint

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/freshid"
	"github.com/idemlint/idemlint/analyzers/intentfirst"
	"github.com/idemlint/idemlint/analyzers/keytx"
	"github.com/idemlint/idemlint/analyzers/missingkey"
	"github.com/idemlint/idemlint/analyzers/naturalkey"
	"github.com/idemlint/idemlint/analyzers/partialtx"
	"github.com/idemlint/idemlint/internal/config"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/passes"
)

// A check is one user-facing analyzer: its record and its constructor.
type check struct {
	report.Meta
	build func(*passes.Set) *analysis.Analyzer
}

var checks = []check{
	{freshid.Meta, freshid.New},
	{missingkey.Meta, missingkey.New},
	{intentfirst.Meta, intentfirst.New},
	{keytx.Meta, keytx.New},
	{naturalkey.Meta, naturalkey.New},
	{partialtx.Meta, partialtx.New},
}

// Checks returns the record of every check, in code order.
func Checks() []report.Meta {
	out := make([]report.Meta, len(checks))
	for i, c := range checks {
		out[i] = c.Meta
	}
	return out
}

// Lookup returns the record of the check an analyzer of this package
// runs, by its name.
func Lookup(name string) (report.Meta, bool) {
	i := slices.IndexFunc(checks, func(c check) bool { return c.Name == name })
	if i < 0 {
		return report.Meta{}, false
	}
	return checks[i].Meta, true
}

// Analyzers returns the enabled checks with the default configuration.
func Analyzers() []*analysis.Analyzer { return New(config.Default()) }

// New returns the checks a configuration enables, sharing one set of
// passes built from it.
func New(cfg *config.Config) []*analysis.Analyzer {
	ps := passes.New(cfg)
	var out []*analysis.Analyzer
	for _, c := range checks {
		if enabled(cfg, c) {
			out = append(out, c.build(ps))
		}
	}
	return out
}

func enabled(cfg *config.Config, c check) bool {
	if slices.ContainsFunc(cfg.Disable, c.named) {
		return false
	}
	return c.Default || slices.ContainsFunc(cfg.Enable, c.named)
}

// named reports whether s names the check, by code (in any case) or name.
func (c check) named(s string) bool {
	return strings.EqualFold(s, c.Code) || s == c.Name
}

// Validate reports a name in the configuration's disable or enable list
// that is no check's: a misspelt name would leave a check silently on, or
// silently off.
func Validate(cfg *config.Config) error {
	for _, list := range []struct {
		key   string
		names []string
	}{{"disable", cfg.Disable}, {"enable", cfg.Enable}} {
		for _, s := range list.names {
			if !slices.ContainsFunc(checks, func(c check) bool { return c.named(s) }) {
				return fmt.Errorf("%s: %q is not a check; the checks are %s", list.key, s, checkNames())
			}
		}
	}
	return nil
}

// checkNames lists the checks as "IDEM001 freshid, IDEM002 missingkey, ...".
func checkNames() string {
	var names []string
	for _, c := range checks {
		names = append(names, c.Code+" "+c.Name)
	}
	return strings.Join(names, ", ")
}
