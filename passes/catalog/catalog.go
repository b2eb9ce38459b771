// Package catalog is the pass that gives every pass and check of a run
// the same *catalog.Catalog: idemlint's knowledge of real APIs, with the
// run's configuration laid over it. It reports nothing.
package catalog

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
)

// New returns the catalog pass of a run whose catalog is cat.
func New(cat *catalog.Catalog) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "idemcatalog",
		Doc:        "the APIs idemlint knows, as data, with the run's configuration",
		Run:        func(*analysis.Pass) (any, error) { return cat, nil },
		ResultType: reflect.TypeFor[*catalog.Catalog](),
	}
}
