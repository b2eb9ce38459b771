package fix

import (
	"go/types"
	"testing"
)

func TestFormat(t *testing.T) {
	uuid := types.NewPackage("github.com/google/uuid", "uuid")
	pkg := types.NewPackage("example.com/p", "p")
	pkg.SetImports([]*types.Package{uuid, types.NewPackage("strings", "strings")})
	for _, tc := range []struct{ name, src, want string }{
		{
			name: "the last use of an import was replaced",
			src: `package p

import (
	"strings"
	"github.com/google/uuid"
)

func id(key string) string { return strings.ToLower(key)   }
`,
			want: `package p

import (
	"strings"
)

func id(key string) string { return strings.ToLower(key) }
`,
		},
		{
			name: "an import still used, a new one, a blank one",
			src: `package p

import (
	_ "embed"
	"fmt"
	"github.com/google/uuid"
)

func id(key string) string { return fmt.Sprint(uuid.NewSHA1(uuid.Nil, []byte(key))) }
`,
			want: `package p

import (
	_ "embed"
	"fmt"
	"github.com/google/uuid"
)

func id(key string) string { return fmt.Sprint(uuid.NewSHA1(uuid.Nil, []byte(key))) }
`,
		},
		{
			name: "a renamed import is known by its name",
			src: `package p

import gouuid "github.com/google/uuid"

var x = 1
`,
			want: `package p

var x = 1
`,
		},
	} {
		got, err := Format(pkg, []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if string(got) != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
	if _, err := Format(pkg, []byte("package p\nfunc {")); err == nil {
		t.Error("a file that does not parse: no error")
	}
}
