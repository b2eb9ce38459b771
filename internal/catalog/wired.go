package catalog

import "go/types"

// IsWired reports whether fn is a method of an interface whose
// implementations the program wires: an interface declared outside the
// standard library and the catalogued libraries, whose method the catalog
// does not describe as a statement, a sink or an external call. A call of
// such a method cannot be resolved in the package that makes it; the
// program's composition root resolves it (passes/summary). A package
// that the configuration names (a root, a sink) is still the program's.
func (c *Catalog) IsWired(fn *types.Func) bool {
	return fn.Pkg() != nil && !isStd(fn.Origin().Pkg().Path()) && c.isWired(fn)
}

// IsModuleWired is IsWired for a method of the main module's, which the
// caller has checked: a module path without a dot ("bank") makes its
// packages look like the standard library's.
func (c *Catalog) IsModuleWired(fn *types.Func) bool { return c.isWired(fn) }

func (c *Catalog) isWired(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return false
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	pkg := fn.Pkg()
	if pkg == nil || c.libraries[pkg.Path()] || isLibraryAPI(pkg.Path()) {
		return false
	}
	if _, ok := c.SQL(fn); ok || c.IsSink(fn) {
		return false
	}
	_, ext := c.External(fn)
	return !ext
}

// generatorDecls are the functions of a dependency-injection code
// generator whose arguments declare providers: google/wire's NewSet and
// Build do nothing at run time, and the code the generator writes
// (wire_gen.go) calls the providers they name, with the arguments the
// analysis reads there. A function named in them is not a value the
// program calls in ways it cannot see.
var generatorDecls = map[string]bool{
	"github.com/google/wire.NewSet": true,
	"github.com/google/wire.Build":  true,
}

// DeclaresProviders reports whether fn only declares, for a code
// generator, the providers it is given (wire.NewSet).
func DeclaresProviders(fn *types.Func) bool {
	// Asked of every call a package makes: the key is built only for
	// the generator's own functions.
	return fn.Pkg() != nil && fn.Pkg().Path() == wirePath && generatorDecls[FuncKey(fn)]
}

// wirePath is google/wire's package, whose functions generatorDecls
// lists.
const wirePath = "github.com/google/wire"
