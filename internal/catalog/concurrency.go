package catalog

import "go/types"

// goLaunchers run the function they are passed on a goroutine of its
// own: it runs apart from the code around the call, not in its place.
var goLaunchers = map[string]bool{
	"(*sync.WaitGroup).Go":                                 true,
	"(*golang.org/x/sync/errgroup.Group).Go":               true,
	"(*golang.org/x/sync/errgroup.Group).TryGo":            true,
	"(*github.com/sourcegraph/conc.WaitGroup).Go":          true,
	"(*github.com/sourcegraph/conc/pool.Pool).Go":          true,
	"(*github.com/sourcegraph/conc/pool.ErrorPool).Go":     true,
	"(*github.com/sourcegraph/conc/pool.ContextPool).Go":   true,
	"(*github.com/sourcegraph/conc/pool.ResultPool[T]).Go": true,
}

// IsGoLauncher reports whether fn runs the function it is passed on a
// goroutine of its own.
func (c *Catalog) IsGoLauncher(fn *types.Func) bool { return has(goLaunchers, fn) }
