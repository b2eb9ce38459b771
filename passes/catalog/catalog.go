// Package catalog is the pass that gives every pass and check of a run
// its *catalog.Catalog: idemlint's knowledge of real APIs, with the
// run's configuration laid over it and, in each package, the program's
// own functions that forward SQL text to an executor (Executor facts).
// It reports nothing.
package catalog

import (
	"go/build"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
)

// New returns the catalog pass of a run whose catalog is cat. Its result
// in a package is cat with the program's own SQL executors the package
// can call (see Executor).
func New(cat *catalog.Catalog) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "idemcatalog",
		Doc:        "the APIs idemlint knows, as data, with the run's configuration and the program's SQL executors",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, cat), nil },
		ResultType: reflect.TypeFor[*catalog.Catalog](),
		FactTypes:  []analysis.Fact{new(Executor), new(Sender), new(Forwarder), new(Maker)},
	}
}

func run(pass *analysis.Pass, cat *catalog.Catalog) *catalog.Catalog {
	if cat.Skips(pass.Pkg, InGOROOT(pass)) {
		return cat
	}
	cat = cat.WithExecutors(executors(pass, cat)).WithRoutes(routes(pass)).WithHTTPHelpers(senders(pass, cat), requestForwarders(pass, cat), requestMakers(pass, cat))
	if !namesKey(pass, cat) {
		cat = cat.WithoutKeyMechanism()
	}
	return cat
}

// InGOROOT reports whether the package's files lie in GOROOT: the
// standard library, which the catalog describes.
func InGOROOT(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return true
	}
	name := pass.Fset.File(pass.Files[0].FileStart).Name()
	return strings.HasPrefix(filepath.ToSlash(name), filepath.ToSlash(build.Default.GOROOT)+"/")
}
