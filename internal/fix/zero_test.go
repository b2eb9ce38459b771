package fix

import (
	"go/types"
	"testing"
)

func TestZeroValue(t *testing.T) {
	tc := typeCheck(t, `package p

import (
	"time"
	str "strings"
	"unsafe"
)

type T struct{ a int }

func f() (bool, int, float64, string, error, *T, []int, map[string]int, func(), unsafe.Pointer, T, [2]int, time.Time, str.Builder, complex64) {
	panic(0)
}
`)
	sig := tc.pkg.Scope().Lookup("f").Type().(*types.Signature)
	for i, want := range []struct {
		zero, value string // "": none
	}{
		{"false", "false"}, {"0", "0"}, {"0", "0"}, {`""`, `""`}, {"nil", "nil"}, {"nil", "nil"},
		{"nil", "nil"}, {"nil", "nil"}, {"nil", "nil"}, {"nil", "nil"},
		{"", "T{}"}, {"", "[2]int{}"}, {"", "time.Time{}"}, {"", "str.Builder{}"}, {"0", "0"},
	} {
		typ := sig.Results().At(i).Type()
		if z, ok := Zero(typ); z != want.zero || ok != (want.zero != "") {
			t.Errorf("Zero(%s) = %q, %v; want %q", typ, z, ok, want.zero)
		}
		if z, ok := ZeroValue(tc.pkg, tc.file, typ); z != want.value || !ok {
			t.Errorf("ZeroValue(%s) = %q, %v; want %q", typ, z, ok, want.value)
		}
	}
}

// A struct of a package the file does not import by a usable name has
// no zero value the fix can write.
func TestZeroValueUnimported(t *testing.T) {
	tc := typeCheck(t, "package p\n")
	other := types.NewPackage("example.com/q", "q")
	r := types.NewNamed(types.NewTypeName(0, other, "R", nil), types.NewStruct(nil, nil), nil)
	if z, ok := ZeroValue(tc.pkg, tc.file, r); ok {
		t.Errorf("ZeroValue(q.R), q not imported = %q, want none", z)
	}
}
