package fix

import (
	"go/ast"
	"go/types"
)

// Zero returns the zero value of t when it is spelled without naming a
// type: false, 0, "" or nil. ok is false for structs and arrays, whose
// zero value is a composite literal of their type (see ZeroValue).
func Zero(t types.Type) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	}
	return "", false
}

// ZeroValue returns the zero value of t as code of pkg in file can
// write it: Zero's, or an empty composite literal of a struct or array
// type whose packages file imports under a usable name (T{}, time.Time{}).
func ZeroValue(pkg *types.Package, file *ast.File, t types.Type) (string, bool) {
	if z, ok := Zero(t); ok {
		return z, true
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		ok := true
		s := types.TypeString(t, func(p *types.Package) string {
			if p == pkg {
				return ""
			}
			name := ImportName(pkg, file, p.Path())
			ok = ok && name != "" && name != "_" && name != "."
			return name
		})
		return s + "{}", ok
	}
	return "", false
}
