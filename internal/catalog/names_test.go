package catalog

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestFuncKeyFullName checks FuncKey, which writes the common shapes of
// names itself, against FullName of the function's origin, on every
// function and method of some standard packages and of a package with
// the shapes those lack: generic types and their instances, interface
// methods, embedded and promoted methods, receivers through aliases.
func TestFuncKeyFullName(t *testing.T) {
	const src = `package p

import "io"

type T struct{ io.Reader }

func (T) V()  {}
func (*T) P() {}

type G[K comparable, V any] struct{ m map[K]V }

func (g *G[K, V]) Get(k K) V { return g.m[k] }
func (g G[K, V]) Len() int    { return len(g.m) }

func F[X any](x X) X { return x }

type A = T

func (A) ViaAlias() {}

type I interface {
	io.ReadCloser
	M(int) error
}

type J interface{ interface{ Lit() } }

type E struct {
	*T
	G[string, int]
	I
}

var inst G[int, string]

func local() {
	type L interface{ N() }
	var _ L
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	p, err := conf.Check("example.com/p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	all := []*types.Package{p}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedTypes | packages.NeedName},
		"io", "context", "database/sql", "net/http", "sync", "go/types", "iter", "unsafe")
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range pkgs {
		all = append(all, pkg.Types)
	}

	n := 0
	check := func(fn *types.Func) {
		n++
		if got, want := FuncKey(fn), fn.Origin().FullName(); got != want {
			t.Errorf("FuncKey(%v) = %q, want %q", fn, got, want)
		}
	}
	methods := func(typ types.Type) {
		for _, ptr := range []bool{false, true} {
			tt := typ
			if ptr {
				tt = types.NewPointer(typ)
			}
			ms := types.NewMethodSet(tt)
			for i := range ms.Len() {
				check(ms.At(i).Obj().(*types.Func))
			}
		}
	}
	for _, pkg := range all {
		for _, name := range pkg.Scope().Names() {
			switch obj := pkg.Scope().Lookup(name).(type) {
			case *types.Func:
				check(obj)
			case *types.TypeName:
				methods(obj.Type())
			case *types.Var:
				methods(obj.Type())
			}
		}
	}
	for _, obj := range info.Defs {
		if tn, ok := obj.(*types.TypeName); ok {
			methods(tn.Type())
		}
	}
	if n < 1000 {
		t.Errorf("checked %d functions, want more", n)
	}
}

// TestDriverTypesNamed checks that the drivers' types are named types or
// pointers to them, which driverOf assumes to skip the others.
func TestDriverTypesNamed(t *testing.T) {
	key := regexp.MustCompile(`^\*?[^*\[\](){}]+\.[A-Za-z_][A-Za-z_0-9]*$`)
	for _, d := range drivers {
		for _, list := range [][]string{d.Handles, d.Tx, d.Rows} {
			for _, k := range list {
				if !key.MatchString(k) {
					t.Errorf("driver %s: type %q is not a named type or a pointer to one", d.Path, k)
				}
			}
		}
	}
}

func TestTestSupportModule(t *testing.T) {
	// A module named like a test package holds production code.
	if TestSupport(types.NewPackage("example.com/apitest/orders", "orders"), "example.com/apitest") {
		t.Error("a package of module example.com/apitest is taken for test scaffolding")
	}
	if !TestSupport(types.NewPackage("example.com/apitest/mocks", "mocks"), "example.com/apitest") {
		t.Error("a mocks package of module example.com/apitest is not taken for test scaffolding")
	}
}

func TestTestSupport(t *testing.T) {
	for path, want := range map[string]bool{
		"example.com/svc/internal/mocks":        true,
		"example.com/svc/internal/repo/mock_db": true,
		"example.com/svc/storemock":             true,
		"example.com/svc/api/testapi":           true,
		"example.com/svc/test_helpers":          true,
		"example.com/svc/internal/httptest":     true,
		"example.com/svc/fakes":                 true,
		"example.com/svc/latest":                false,
		"example.com/svc/contest":               false,
		"example.com/svc/testimonials":          false,
		"example.com/svc/internal/payments":     false,
	} {
		name := path[strings.LastIndex(path, "/")+1:]
		if got := TestSupport(types.NewPackage(path, name), ""); got != want {
			t.Errorf("TestSupport(%s) = %v, want %v", path, got, want)
		}
	}
}

func TestIsAttemptLog(t *testing.T) {
	for name, want := range map[string]bool{
		"payout_attempts": true, "PayoutAttempt": true, "audit_log": true, "public.webhook_delivery_logs": true,
		"AuditEntry": true, "kiosk_heartbeats": true, "KioskHeartbeat": true, "device_telemetry": true, "catalog": false, "logins": false, "Blog": false, "payouts": false, "deliveries": false,
	} {
		if got := IsAttemptLog(name); got != want {
			t.Errorf("IsAttemptLog(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestColumnType(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", `package p

type Money struct {
	Value    int64
	Currency string
}

type Cents int64

func (c Cents) Value() (any, error) { return int64(c), nil }
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// A struct with a field named Value is a related model, not a
	// column; a type with a Value method converts itself.
	if ColumnType(pkg.Scope().Lookup("Money").Type()) {
		t.Error("Money, a struct with a Value field, is taken for one column")
	}
	if !ColumnType(pkg.Scope().Lookup("Cents").Type()) {
		t.Error("Cents, with a Value method, is not taken for one column")
	}
}
