package catalog

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
)

// namesKey reports whether the package's code may name a key a
// provider drops a repeat by: a string it could send as a header's or a
// body's field name (catalog.IsKeyHeaderName), a field of a struct it
// declares or encodes as a body (catalog.FieldMayNameKey), or an identifier
// it declares for one (catalog.NamesDedup: WithIdempotencyKey, a
// requestID parameter). The fields of a struct the package only decodes
// from responses are left out: a provider's message_id in its answer is
// no key the client sends. When in doubt, it says yes: the check stays
// as it was.
func namesKey(pass *analysis.Pass, cat *catalog.Catalog) bool {
	decoded, encoded := bodyTypes(pass.TypesInfo, cat, pass.Files)
	responseOnly := func(t types.Type) bool {
		return containsType(decoded, t) && !containsType(encoded, t)
	}
	for _, t := range encoded {
		if structNamesKey(t, map[types.Type]bool{}) {
			return true // a body type of another package with a key field
		}
	}
	headers := cat.KeyHeaders() // once: the scan asks for every string literal
	for _, f := range pass.Files {
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					s, err := strconv.Unquote(n.Value)
					found = err == nil && len(s) <= 64 && !strings.ContainsAny(s, " \t\n/") && catalog.IsKeyHeaderName(headers, s)
				}
			case *ast.StructType:
				st, ok := pass.TypesInfo.TypeOf(n).(*types.Struct)
				if !ok || responseOnly(st) {
					return false
				}
				for i := range st.NumFields() {
					found = found || fieldNamesKey(st, i)
				}
			case *ast.Ident:
				if obj := pass.TypesInfo.Defs[n]; obj != nil {
					if v, ok := obj.(*types.Var); !ok || !v.IsField() { // fields are the structs' to judge
						found = catalog.NamesDedup(n.Name)
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// fieldNamesKey reports whether field i of st, by its own name or its
// json name, may name a key.
func fieldNamesKey(st *types.Struct, i int) bool {
	name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
	return !st.Field(i).Embedded() && catalog.FieldMayNameKey(st.Field(i).Name()) || name != "" && catalog.FieldMayNameKey(name)
}

// structNamesKey reports whether a struct type, or one its fields hold,
// has a field whose name or json name may name a key.
func structNamesKey(t types.Type, seen map[types.Type]bool) bool {
	st, ok := underlyingStruct(t)
	if !ok || seen[st] {
		return false
	}
	seen[st] = true
	for i := range st.NumFields() {
		if fieldNamesKey(st, i) || structNamesKey(st.Field(i).Type(), seen) {
			return true
		}
	}
	return false
}

// bodyTypes returns the struct types, and those their fields hold, that
// the package's code decodes from a body (the catalog's decoders) and
// encodes into one (its body encoders, and a json.Encoder's Encode).
func bodyTypes(info *types.Info, cat *catalog.Catalog, files []*ast.File) (decoded, encoded []types.Type) {
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := typeutil.Callee(info, call).(*types.Func)
			if !ok {
				return true
			}
			if d, ok := cat.Decoder(fn); ok {
				// Decoder counts a method's receiver; the syntax's
				// arguments do not.
				if i := d.Out - recvCount(fn); i >= 0 && i < len(call.Args) {
					decoded = appendStructs(decoded, info.TypeOf(call.Args[i]))
				}
			}
			i, ok := catalog.BodyEncoder(fn)
			if !ok && catalog.FuncKey(fn) == "(*encoding/json.Encoder).Encode" {
				i, ok = 0, true
			}
			if ok && i < len(call.Args) {
				encoded = appendStructs(encoded, info.TypeOf(call.Args[i]))
			}
			return true
		})
	}
	return decoded, encoded
}

// appendStructs appends the struct types t holds, itself or through
// pointers, slices, arrays and fields, by their underlying struct.
func appendStructs(out []types.Type, t types.Type) []types.Type {
	st, ok := underlyingStruct(t)
	if !ok || containsType(out, st) {
		return out
	}
	out = append(out, st)
	for i := range st.NumFields() {
		out = appendStructs(out, st.Field(i).Type())
	}
	return out
}

// underlyingStruct returns the struct type t is, points to or holds as
// a slice's or an array's elements.
func underlyingStruct(t types.Type) (*types.Struct, bool) {
	for t != nil {
		switch u := t.Underlying().(type) {
		case *types.Struct:
			return u, true
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		default:
			return nil, false
		}
	}
	return nil, false
}

// containsType reports whether ts holds a struct type identical to t's
// underlying one.
func containsType(ts []types.Type, t types.Type) bool {
	st, ok := underlyingStruct(t)
	if !ok {
		return false
	}
	for _, u := range ts {
		if types.Identical(u, st) {
			return true
		}
	}
	return false
}

// recvCount is 1 for a method, 0 for a function.
func recvCount(fn *types.Func) int {
	if fn.Type().(*types.Signature).Recv() != nil {
		return 1
	}
	return 0
}
