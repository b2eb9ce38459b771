package catalog

import (
	"go/types"
	"sync"
)

// A program often reaches a library through an interface of its own, so
// that tests can replace the client:
//
//	type queueAPI interface {
//		ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
//	}
//
// main hands it the library's client. A call through such a method is
// a call of the library's method of the same name and signature: the
// signature's types are the library's, so only its type has the method.

// LibraryMethod returns the method of a catalogued library's type that
// m, a method of an interface the program declares, stands for: the
// library's only type (among those of the packages m's signature names)
// with a method of m's name and signature. It returns nil for any other
// function.
func LibraryMethod(m *types.Func) *types.Func {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || m.Pkg() == nil || isLibrary(m.Pkg().Path()) {
		return nil
	}
	if v, ok := libMethods.Load(m); ok {
		return v.(*types.Func)
	}
	found := findLibraryMethod(m, sig)
	libMethods.Store(m, found)
	return found
}

// libMethods caches LibraryMethod by interface method: a program makes
// the same calls through its interfaces again and again.
var libMethods sync.Map // *types.Func -> *types.Func (nil when none)

func findLibraryMethod(m *types.Func, sig *types.Signature) *types.Func {
	want := types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
	var found *types.Func
	for _, pkg := range signaturePackages(sig) {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, m.Name())
			f, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			fs := f.Type().(*types.Signature)
			if !types.Identical(types.NewSignatureType(nil, nil, nil, fs.Params(), fs.Results(), fs.Variadic()), want) {
				continue
			}
			if found != nil && found != f {
				return nil // two types of the library would do
			}
			found = f
		}
	}
	return found
}

// signaturePackages returns the catalogued libraries whose named types
// a signature's parameters and results use.
func signaturePackages(sig *types.Signature) []*types.Package {
	var out []*types.Package
	seen := map[*types.Package]bool{}
	var visit func(t types.Type)
	visit = func(t types.Type) {
		switch t := types.Unalias(t).(type) {
		case *types.Named:
			if pkg := t.Obj().Pkg(); pkg != nil && !seen[pkg] && isLibrary(pkg.Path()) {
				seen[pkg] = true
				out = append(out, pkg)
			}
		case *types.Pointer:
			visit(t.Elem())
		case *types.Slice:
			visit(t.Elem())
		case *types.Signature:
			for i := 0; i < t.Params().Len(); i++ {
				visit(t.Params().At(i).Type())
			}
		}
	}
	for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := 0; i < tuple.Len(); i++ {
			visit(tuple.At(i).Type())
		}
	}
	return out
}

// isLibrary reports whether path is a package the catalog's own rows
// describe (not the configuration's).
func isLibrary(path string) bool {
	librariesOnce.Do(func() { libraries = defaultLibraries() })
	return libraries[path] || isLibraryAPI(path)
}

var (
	librariesOnce sync.Once
	libraries     map[string]bool
)
