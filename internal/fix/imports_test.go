package fix

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/aymanbagabas/go-udiff"
)

// TestAddImport checks where an added import goes: beside the module's
// other packages, in sorted order within its group, or into the group of
// its kind.
func TestAddImport(t *testing.T) {
	const src = `package p

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"example.com/app/internal/domain"
	"example.com/app/internal/store"
)
`
	tests := []struct{ path, want string }{
		{"example.com/app/internal/service", `package p

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"example.com/app/internal/domain"
	"example.com/app/internal/service"
	"example.com/app/internal/store"
)
`},
		{"example.com/app/internal/zeta", `package p

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"example.com/app/internal/domain"
	"example.com/app/internal/store"
	"example.com/app/internal/zeta"
)
`},
		{"fmt", `package p

import (
	"context"
	"fmt"
	"net/http"

	"github.com/google/uuid"

	"example.com/app/internal/domain"
	"example.com/app/internal/store"
)
`},
		{"context", src},
	}
	// Two fixes that each open the group of other modules' packages in
	// a file that has none open one group.
	const stdOnly = `package p

import (
	"context"
	"net/http"
)
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", stdOnly, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var merged []udiff.Edit
	for _, path := range []string{"example.com/app/orders", "example.com/app/payments"} {
		var edits []udiff.Edit
		for _, e := range AddImport(file, path) {
			at := fset.Position(e.Pos).Offset
			edits = append(edits, udiff.Edit{Start: at, End: at, New: string(e.NewText)})
		}
		var ok bool
		if merged, ok = udiff.Merge(merged, edits); !ok {
			t.Fatalf("adding %s conflicts with the import added before", path)
		}
	}
	got, err := udiff.Apply(stdOnly, merged)
	if err != nil {
		t.Fatal(err)
	}
	if want := `package p

import (
	"context"
	"net/http"

	"example.com/app/orders"
	"example.com/app/payments"
)
`; got != want {
		t.Errorf("two imports opening a group:\n%s\nwant:\n%s", got, want)
	}
	for _, tt := range tests {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		got := []byte(src)
		edits := AddImport(file, tt.path)
		for i := len(edits) - 1; i >= 0; i-- {
			at := fset.Position(edits[i].Pos).Offset
			got = append(got[:at:at], append(edits[i].NewText, got[at:]...)...)
		}
		if string(got) != tt.want {
			t.Errorf("AddImport(%q):\n%s\nwant:\n%s", tt.path, got, tt.want)
		}
	}
}
