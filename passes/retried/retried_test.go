package retried_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/checktest"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/lazyssa"
	"github.com/idemlint/idemlint/passes/retried"
)

// testdata is the repository's shared tree of test packages.
var testdata, _ = filepath.Abs("../../testdata")

var ret = passes.Default().Retried

// probe reports what the retried pass found, for the testdata's // want
// comments to state: each root where it is found (its kind says why),
// each other function of the package that a root reaches, with the root
// and the number of calls from it, and each call of a function named
// step that runs on a retried path (a consumer loop's root is the loop,
// not its function).
var probe = &analysis.Analyzer{
	Name:     "retriedprobe",
	Doc:      "report the retried roots of a package and the functions they reach",
	Requires: []*analysis.Analyzer{ret, lazyssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[ret].(*retried.Result)
		for _, r := range res.Roots() {
			pass.Reportf(r.Pos, "root: %s", r.Describe())
		}
		for _, fn := range pass.ResultOf[lazyssa.Analyzer].(*lazyssa.SSA).SrcFuncs() {
			if p, ok := res.Reached(fn); ok && (p.Root.Fn != fn || len(p.Via) > 0) {
				pass.Reportf(fn.Pos(), "reached from %s through %d calls", p.Root.Describe(), len(p.Via))
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "step" {
						continue
					}
					if _, ok := res.On(call); ok {
						pass.Reportf(call.Pos(), "step on retried path")
					}
				}
			}
		}
		return nil, nil
	},
}

func TestRetried(t *testing.T) {
	checktest.Run(t, testdata, probe, "retried/a", "retried/gocdk", "retried/funcvalues", "retried/marked", "retried/markedimpl",
		// A gRPC service registered by another package than its own.
		"retried/grpcserver",
		// A Lambda handler built by adapters of other packages from a
		// method value another package's function returns.
		"retried/xlambda",
		// A Connect service's methods, by their shape; not its client's.
		"retried/connectsvc",
		// A package of test scaffolding serves no production entry point;
		// one whose name only ends in "test" does.
		"retried/testapi", "retried/latest",
		// A method registered through a generic helper of another
		// package that adapts and decorates it for the mux.
		"retried/xtaskuse",
		// Handlers a service's own subscription framework of another
		// package chains with middleware and runs in a consumer's
		// callback.
		"retried/xbususe",
		// Handlers converted to an adapter type of another package,
		// whose ServeHTTP calls them.
		"retried/xhttpxuse",
		// Handlers of a table of jobs the program's own worker claims
		// rows from.
		"retried/xjobsuse")
}
