package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/token"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/load"
)

// The standalone idemlint is a driver of its own, with the flags and the
// output of the standalone checker of golang.org/x/tools and go vet's
// exit codes: it loads the packages as load describes, which the
// checker cannot be asked to do, and prints the findings as text on
// standard error, or with -json as one tree on standard output, or
// applies their fixes (-fix), or prints the fixes as a diff (-diff), or
// writes a SARIF log (-sarif).

// options are the flags of a standalone run.
type options struct {
	analyzers []*analysis.Analyzer // the checks to run
	patterns  []string
	tests     bool
	context   int // lines of context shown around a finding, or -1
	json      bool
	fix       bool
	diff      bool
	sarif     bool
	debug     string // any of "fps": show facts, run sequentially, sanity-check facts

	cpuProfile, memProfile, traceFile string
}

// parseFlags parses the flags of a standalone run: those main reads
// before (-config, -C, -sarif), the checker's, and the analyzers' as the
// checker names them: -NAME runs only the analyzers so named
// (-NAME=false all but those), -NAME.FLAG sets an analyzer's flag. Bad
// flags exit with code 2, as the flag package does.
func parseFlags(analyzers []*analysis.Analyzer, args []string) options {
	var o options
	flag.BoolVar(&o.tests, "test", true, "also analyze test files")
	flag.IntVar(&o.context, "c", -1, "display offending line with this many lines of context")
	flag.BoolVar(&o.json, "json", false, "emit JSON output")
	flag.BoolVar(&o.fix, "fix", false, "apply the first fix of each finding")
	flag.BoolVar(&o.diff, "diff", false, "with -fix, print the fixes as a unified diff instead of applying them")
	flag.StringVar(&o.debug, "debug", "", `debug flags, any subset of "fps"`)
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write CPU profile to this file")
	flag.StringVar(&o.memProfile, "memprofile", "", "write memory profile to this file")
	flag.StringVar(&o.traceFile, "trace", "", "write trace log to this file")
	selected := make([]*selection, len(analyzers))
	for i, a := range analyzers {
		selected[i] = new(selection)
		flag.Var(selected[i], a.Name, fmt.Sprintf("enable %q analysis", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			flag.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	flag.CommandLine.Parse(args) // exits on error
	o.sarif = boolFlag(args, "sarif")
	o.analyzers = selectAnalyzers(analyzers, selected)
	o.patterns = flag.Args()
	return o
}

// usageError checks the combination of flags, and returns the message
// of a bad one.
func (o *options) usageError() string {
	switch {
	case len(o.patterns) == 0 && o.sarif:
		return "usage: idemlint -sarif [-config FILE] [-C DIR] [-test=false] [-NAME] packages..."
	case len(o.patterns) == 0:
		return "usage: idemlint [-config FILE] [-C DIR] [-fix] [-diff] [-json] packages..."
	case o.sarif && (o.json || o.fix || o.diff):
		return "idemlint: -sarif writes a log of the findings: it does not combine with -json, -fix or -diff"
	case strings.Trim(o.debug, "fps") != "":
		return fmt.Sprintf("idemlint: -debug=%s: want any of the letters f, p and s", o.debug)
	}
	return ""
}

// runStandalone is a standalone run, which returns the exit code: 0
// clean, 1 findings or errors (with -json and -fix, errors only), 2 bad
// flags.
func runStandalone(analyzers []*analysis.Analyzer, cat *catalog.Catalog, args []string, root string) int {
	o := parseFlags(analyzers, args)
	if msg := o.usageError(); msg != "" {
		fmt.Fprintln(os.Stderr, msg)
		return 2
	}
	stop, err := o.profile()
	if err != nil {
		return fail(err)
	}
	defer stop()

	fset := token.NewFileSet()
	pkgs, err := load.Load(&packages.Config{Fset: fset, Tests: o.tests}, cat, o.patterns...)
	if err != nil {
		return fail(err)
	}
	if o.sarif {
		return runSARIF(o.analyzers, fset, pkgs, root)
	}
	code := 0
	if packages.PrintErrors(pkgs) > 0 {
		code = 1
	}
	graph, err := checker.Analyze(o.analyzers, pkgs, o.checkerOptions())
	if err != nil {
		return fail(err)
	}
	switch {
	case o.fix || o.diff: // -diff is -fix that prints, as in go vet
		if err := applyFixes(fixActions(graph), os.Stdout, o.diff); err != nil {
			code = max(code, fail(err))
		}
		printSkipped(skippedPackages(graph))
	case o.json:
		var out bytes.Buffer
		if err := graph.PrintJSON(&out); err != nil {
			return fail(err)
		}
		filter := newSkipFilter(checkNames(), idemlint.Analyzers())
		os.Stdout.Write(sortEditsJSON(dedupJSON(filter.json(out.Bytes()))))
		printSkipped(filter.pkgs)
	default:
		var out bytes.Buffer
		if err := graph.PrintText(&out, o.context); err != nil {
			return fail(err)
		}
		filter := newSkipFilter(checkNames(), idemlint.Analyzers())
		filter.copy(os.Stderr, bytes.NewReader(dedupText(out.Bytes())))
		printSkipped(filter.pkgs)
		for act := range graph.All() {
			if act.Err != nil || act.IsRoot && len(act.Diagnostics) > 0 {
				code = 1
			}
		}
	}
	return code
}

// checkerOptions are the -debug letters, as the checker takes them.
func (o *options) checkerOptions() *checker.Options {
	opts := &checker.Options{
		SanityCheck: strings.Contains(o.debug, "s"),
		Sequential:  strings.Contains(o.debug, "p"),
	}
	if strings.Contains(o.debug, "f") {
		opts.FactLog = os.Stderr
	}
	return opts
}

// printSkipped prints the line that says which packages were not
// analysed, if any was not.
func printSkipped(pkgs []string) {
	if note := skippedNote(pkgs); note != "" {
		fmt.Fprintln(os.Stderr, note)
	}
}

// profile starts the profiles the flags ask for, and returns the
// function that writes them.
func (o *options) profile() (stop func(), err error) {
	var stops []func()
	stop = func() {
		for _, s := range stops {
			s()
		}
	}
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			return stop, err
		}
		stops = append(stops, pprof.StopCPUProfile)
	}
	if o.traceFile != "" {
		f, err := os.Create(o.traceFile)
		if err == nil {
			err = trace.Start(f)
		}
		if err != nil {
			return stop, err
		}
		stops = append(stops, trace.Stop)
	}
	if o.memProfile != "" {
		f, err := os.Create(o.memProfile)
		if err != nil {
			return stop, err
		}
		stops = append(stops, func() {
			runtime.GC()
			pprof.WriteHeapProfile(f)
			f.Close()
		})
	}
	return stop, nil
}

// checkNames are the names of all the checks.
func checkNames() []string {
	names := make([]string, len(idemlint.Checks()))
	for i, m := range idemlint.Checks() {
		names[i] = m.Name
	}
	return names
}
