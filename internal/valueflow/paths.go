package valueflow

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// depth counts the elements of an access path.
func depth(path string) int {
	return strings.Count(path, ".") + strings.Count(path, "[") + strings.Count(path, "#") + strings.Count(path, "*")
}

// addrOf is the path of a pointer whose pointee has the given path. Field
// and index paths apply through pointers, so only a whole pointee needs
// the explicit "*".
func addrOf(path string) string {
	if path == "" {
		return "*"
	}
	return path
}

// pointee is the path of the value loaded through a pointer with the
// given path.
func pointee(path string) string {
	return strings.TrimPrefix(path, "*")
}

// cutElem removes a leading path element.
func cutElem(path, elem string) (string, bool) {
	rest, ok := strings.CutPrefix(path, elem)
	if !ok || (rest != "" && !strings.ContainsAny(rest[:1], ".[#*")) {
		return "", false
	}
	return rest, true
}

// cutIndex removes a leading index element matching an index operand.
func cutIndex(path string, index ssa.Value) (string, bool) {
	if rest, ok := cutElem(path, indexElem(index)); ok {
		return rest, true
	}
	if strings.HasPrefix(path, "[") {
		if i := strings.IndexByte(path, ']'); i > 0 && (path[1:i] == "*" || indexElem(index) == "[*]") {
			return path[i+1:], true
		}
	}
	return "", false
}

// indexElem is the path element of an index operand: "[3]", or "[*]"
// for a non-constant index.
func indexElem(index ssa.Value) string {
	if c, ok := index.(*ssa.Const); ok && c.Value != nil {
		return "[" + c.Value.ExactString() + "]"
	}
	return "[*]"
}

// FieldName names field i of the struct that t (a struct or a pointer
// to one) is, as access paths and the catalog's field tables name it.
func FieldName(t types.Type, i int) string {
	if f := FieldVar(t, i); f != nil {
		return f.Name()
	}
	return strconv.Itoa(i)
}

// FieldVar returns field i of the struct t is, or points to, or nil.
func FieldVar(t types.Type, i int) *types.Var {
	t = t.Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	if s, ok := t.(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i)
	}
	return nil
}

func isArithmetic(op token.Token) bool {
	switch op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
		return true
	}
	return false
}

func isPointerLike(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

func isTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}
