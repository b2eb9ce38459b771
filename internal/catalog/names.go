package catalog

// The rows of the catalog name functions by FuncKey ("pkg.*.M" matches
// method M of any type of pkg), types by TypeKey, fields by FieldKey and
// handler shapes by SigKey. Each row is the real API of the library it
// names: TestRowsResolve checks them against the libraries.

import (
	"go/types"
	"strings"
)

// FuncKey names a function or method as types.Func.FullName does, with type
// arguments dropped: "pkg/path.F", "(*pkg/path.T).M", "(pkg/path.I).M".
func FuncKey(fn *types.Func) string {
	var buf [128]byte
	return string(appendFuncKey(buf[:0], fn))
}

// appendFuncKey appends FuncKey(fn) to b. Lookups index their tables
// with string(appendFuncKey(buf[:0], fn)) on a buffer of their own,
// which allocates nothing: a package the size of a large server makes
// hundreds of thousands of lookups, nearly all of them misses, and
// FullName builds each name in a buffer of its own. The common shapes
// (functions, and methods of named types without type parameters) are
// written here; the others are left to FullName.
func appendFuncKey(b []byte, fn *types.Func) []byte {
	fn = fn.Origin()
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return append(b, fn.FullName()...)
	}
	recv := sig.Recv()
	if recv == nil {
		if pkg := fn.Pkg(); pkg != nil && pkg.Path() != "" {
			b = append(b, pkg.Path()...)
			b = append(b, '.')
		}
		return append(b, fn.Name()...)
	}
	t, ptr := recv.Type(), false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	named, ok := t.(*types.Named)
	if !ok || named.TypeParams().Len() > 0 || named.TypeArgs().Len() > 0 {
		return append(b, fn.FullName()...)
	}
	b = append(b, '(')
	if ptr {
		b = append(b, '*')
	}
	if pkg := named.Obj().Pkg(); pkg != nil && pkg.Path() != "" {
		b = append(b, generatedPath(named.Obj())...)
		b = append(b, '.')
	}
	b = append(b, named.Obj().Name()...)
	b = append(b, ')', '.')
	return append(b, fn.Name()...)
}

// appendMethodWildcard appends to b the name of any method M of package
// path, "path.*.M", for table rows that cover a method on whichever type
// declares it (interface methods are named after the interface that
// declares them, which may be an embedded one). It appends nothing for
// a function that is not a method.
func appendMethodWildcard(b []byte, fn *types.Func) []byte {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || fn.Pkg() == nil {
		return b
	}
	b = append(b, fn.Pkg().Path()...)
	b = append(b, ".*."...)
	return append(b, fn.Name()...)
}

// TypeKey names a type with its package path and without type arguments:
// "*net/http.Request", "*github.com/riverqueue/river.Job".
func TypeKey(t types.Type) string {
	var buf [128]byte
	return string(appendTypeKey(buf[:0], t))
}

// appendTypeKey appends TypeKey(t) to b, for comparisons that need not
// allocate the key.
func appendTypeKey(b []byte, t types.Type) []byte {
	switch t := types.Unalias(t).(type) {
	case *types.Pointer:
		return appendTypeKey(append(b, '*'), t.Elem())
	case *types.Named:
		obj := t.Origin().Obj()
		if obj.Pkg() == nil {
			return append(b, obj.Name()...)
		}
		b = append(b, generatedPath(obj)...)
		b = append(b, '.')
		return append(b, obj.Name()...)
	case *types.Slice:
		return appendTypeKey(append(b, "[]"...), t.Elem())
	}
	return append(b, types.TypeString(t, nil)...)
}

// SigKey names a signature's shape: "func(context.Context, *pkg.T) error".
func SigKey(sig *types.Signature) string {
	var b strings.Builder
	b.WriteString("func(")
	for i := 0; i < sig.Params().Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(TypeKey(sig.Params().At(i).Type()))
	}
	b.WriteString(")")
	switch n := sig.Results().Len(); {
	case n == 1:
		b.WriteString(" " + TypeKey(sig.Results().At(0).Type()))
	case n > 1:
		b.WriteString(" (")
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(TypeKey(sig.Results().At(i).Type()))
		}
		b.WriteString(")")
	}
	return b.String()
}

// FieldKey names a struct field as "pkg/path.Type.Field".
func FieldKey(owner types.Type, field string) string {
	return strings.TrimPrefix(TypeKey(owner), "*") + "." + field
}

// isStd reports whether a package path belongs to the standard library.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// TestSupport reports whether a package's path or name says it holds test
// doubles or test scaffolding rather than production code: mocks, fakes
// and stubs, and packages named as the standard library names its own
// (httptest, fstest) or as projects name theirs (testutil, testapi).
// Their types implement no production interface and their handlers are
// no production entry points. Only the path below the module's (module,
// when known) is read: a module's own name says nothing of its packages.
func TestSupport(pkg *types.Package, module string) bool {
	path := pkg.Path()
	if rest, ok := strings.CutPrefix(path, module+"/"); module != "" && ok {
		path = rest
	} else if module != "" && path == module {
		path = ""
	}
	for _, elem := range append(strings.Split(path, "/"), pkg.Name()) {
		if testSupportName(strings.ToLower(elem)) {
			return true
		}
	}
	return false
}

func testSupportName(name string) bool {
	if testSupportNames[name] {
		return true
	}
	if strings.HasPrefix(name, "mock_") || strings.HasPrefix(name, "fake_") ||
		strings.HasSuffix(name, "mock") || strings.HasSuffix(name, "mocks") {
		return true
	}
	if rest, ok := strings.CutPrefix(name, "test"); ok && testSupportRoles[strings.TrimLeft(rest, "_-")] {
		return true
	}
	return len(name) > len("test") && strings.HasSuffix(name, "test") && !testWords[name]
}

// testSupportNames are package names that hold test doubles whatever
// else they say.
var testSupportNames = map[string]bool{
	"mock": true, "mocks": true, "fake": true, "fakes": true, "stub": true, "stubs": true,
	"testing": true, "testdouble": true, "testdoubles": true,
}

// testSupportRoles are what a package named test<role> (testutil,
// testapi, test_helpers) provides to tests.
var testSupportRoles = map[string]bool{
	"util": true, "utils": true, "helper": true, "helpers": true, "support": true,
	"kit": true, "env": true, "fixture": true, "fixtures": true, "data": true,
	"harness": true, "api": true, "server": true, "srv": true, "client": true,
	"infra": true, "containers": true, "db": true, "common": true, "lib": true,
}

// testWords are words that end in "test" without naming a test package.
var testWords = map[string]bool{
	"latest": true, "contest": true, "protest": true, "attest": true, "detest": true,
	"greatest": true, "fastest": true, "shortest": true, "smartest": true, "hottest": true,
	"quietest": true, "softest": true, "neatest": true, "abtest": true, "backtest": true,
}
