package fix

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A Key is the expression of type string that a fix derives a value
// from: the operation's key.
type Key struct {
	Expr    string
	Imports []string // the packages Expr names
	// MayBeEmpty says the caller may leave the key out: without it, the
	// fixed code makes the fresh value as before.
	MayBeEmpty bool
	// Comma says Expr has a second result (whether the key is set),
	// which a fix that tests the key for "" drops.
	Comma bool
	// Since is where the key is declared: a value made in a loop that
	// starts after it is made once per item, which one key cannot tell
	// apart.
	Since token.Pos
	// Drops says the fix deletes the imports that only the fresh value's
	// expression used (stripe.NewIdempotencyKey()), so that it compiles
	// applied alone. Fixes that keep the expression as a fallback need
	// none; the others leave it to -fix's formatting, as an import
	// deleted where another fix of the file adds one would conflict.
	Drops bool
}

// DeriveFresh returns the fix that replaces the fresh value made by the
// call whose opening parenthesis is at lparen with one derived from key,
// namespaced by purpose; or nil when the value's type cannot be derived.
func DeriveFresh(pass *analysis.Pass, lparen token.Pos, purpose string, key Key) *analysis.SuggestedFix {
	file := FileOf(pass, lparen)
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, lparen, lparen+1)
	expr, tuple := Replaceable(pass, path)
	if expr == nil {
		return nil
	}
	items, ok := loopItems(pass, path, key.Since, lparen)
	if !ok {
		return nil
	}
	typ := pass.TypesInfo.TypeOf(expr)
	if tuple {
		typ = typ.(*types.Tuple).At(0).Type()
	}
	derive, imports, ok := derivation(pass, file, typ, purpose)
	if !ok {
		return nil
	}
	if u := ulidShaped(pass, expr); u != nil && isStringType(typ) {
		// A ULID keeps its 26 characters: a column sized for it (CHAR(26))
		// would refuse a longer derived value.
		name := ImportName(pass.Pkg, file, u.Path())
		if name == "" {
			name = u.Name()
		}
		derive = func(k string) string { return name + ".ULID(md5.Sum(" + keyBytes(k, purpose) + ")).String()" }
		imports = []string{"crypto/md5", u.Path()}
	}
	derive, imports = perItem(derive, imports, items)
	var text string
	switch {
	case key.MayBeEmpty:
		if text, ok = fallback(pass, file, expr, typ, tuple, key, derive); !ok {
			return nil
		}
	case tuple:
		text = formatExpr(derive(key.Expr)) + ", error(nil)"
	default:
		text = formatExpr(derive(key.Expr))
	}
	edits := []analysis.TextEdit{{Pos: expr.Pos(), End: expr.End(), NewText: []byte(text)}}
	edits = append(edits, addImports(file, key.Imports, imports)...)
	if key.Drops {
		unused, ok := UnusedImports(pass.TypesInfo, pass.Fset, file, []ast.Node{expr}, nil, text)
		if !ok {
			return nil
		}
		for _, e := range unused {
			// An import added in the same place stays: -fix's
			// formatting deletes it once unused.
			if !slices.ContainsFunc(edits, func(o analysis.TextEdit) bool { return o.Pos <= e.End && e.Pos <= o.End }) {
				edits = append(edits, e)
			}
		}
	}
	return &analysis.SuggestedFix{
		Message:   "Derive the value from the operation key (" + key.Expr + ")",
		TextEdits: edits,
	}
}

// addImports returns the edits that add the imports a key's expression
// and its derivation use, each once, in order: two imports added at one
// place must come out sorted.
func addImports(file *ast.File, key, derived []string) []analysis.TextEdit {
	var out []analysis.TextEdit
	for _, imp := range slices.Compact(slices.Sorted(slices.Values(append(slices.Clip(key), derived...)))) {
		out = append(out, AddImport(file, imp)...)
	}
	return out
}

// perItem makes a derivation of one key per item of the loops around
// the value (items: the expressions that tell the iterations apart),
// with the imports those need.
func perItem(derive func(string) string, imports, items []string) (func(string) string, []string) {
	if len(items) == 0 {
		return derive, imports
	}
	if slices.ContainsFunc(items, func(e string) bool { return strings.HasPrefix(e, "fmt.") }) {
		imports = append(imports, "fmt")
	}
	return func(k string) string { return derive(k + ` + "|" + ` + strings.Join(items, ` + "|" + `)) }, imports
}

// ulidShaped returns the ULID package whose String the fresh value expr
// makes is (ulid.Make().String()), or whose String a function of the
// program that makes it returns (ids.NewULID, of a package that imports
// the ULID package and names the function for it); nil for any other
// value.
func ulidShaped(pass *analysis.Pass, expr ast.Expr) *types.Package {
	var found *types.Package
	ast.Inspect(expr, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found != nil {
			return found == nil
		}
		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok || fn.Pkg() == nil {
			return true
		}
		if catalog.IsULIDPackage(fn.Pkg().Path()) {
			found = fn.Pkg()
			return false
		}
		if strings.Contains(strings.ToLower(fn.Name()), "ulid") {
			for _, imp := range fn.Pkg().Imports() {
				if catalog.IsULIDPackage(imp.Path()) {
					found = imp
					return false
				}
			}
		}
		return true
	})
	return found
}

func isStringType(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// formatExpr formats the text of an expression as gofmt does where it
// stands alone (a value, a return), or returns it as it is when it does
// not parse.
func formatExpr(text string) string {
	e, err := parser.ParseExpr(text)
	if err != nil {
		return text
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, token.NewFileSet(), e); err != nil {
		return text
	}
	return buf.String()
}

// loopItems returns, for a value made in loops that start after the
// key is declared at since, the expressions that tell the loops' items
// apart: the key of each range over a map, which is the same item on
// every attempt, whatever order the map is ranged in. It fails on any
// other loop (an index, or a counter, may name another item on a retry
// that sees other rows), on a key named "_" or hidden where the value is
// made, and on a key whose type does not print as itself.
func loopItems(pass *analysis.Pass, path []ast.Node, since, at token.Pos) ([]string, bool) {
	var items []string
	for _, n := range path {
		switch n := n.(type) {
		case *ast.ForStmt:
			if n.Pos() > since {
				return nil, false
			}
		case *ast.RangeStmt:
			if n.Pos() <= since {
				continue
			}
			e, ok := mapKey(pass, n, at)
			if !ok {
				return nil, false
			}
			items = append([]string{e}, items...)
		}
	}
	return items, true
}

// mapKey returns the expression of string type that names the item of a
// range over a map, from its key variable as seen at pos.
func mapKey(pass *analysis.Pass, rs *ast.RangeStmt, pos token.Pos) (string, bool) {
	if _, ok := pass.TypesInfo.TypeOf(rs.X).Underlying().(*types.Map); !ok {
		return "", false
	}
	id, ok := rs.Key.(*ast.Ident)
	if !ok || id.Name == "_" {
		return "", false
	}
	obj := pass.TypesInfo.ObjectOf(id)
	if obj == nil || obj.Pos() != id.Pos() {
		return "", false // assigned, not declared, by the range: it may change
	}
	if _, found := pass.Pkg.Scope().Innermost(pos).LookupParent(id.Name, pos); found != obj {
		return "", false
	}
	b, ok := obj.Type().Underlying().(*types.Basic)
	switch {
	case !ok:
		return "", false
	case b.Info()&types.IsString != 0:
		if types.Identical(obj.Type(), types.Typ[types.String]) {
			return id.Name, true
		}
		return "string(" + id.Name + ")", true
	case b.Info()&types.IsInteger != 0:
		return "fmt.Sprint(" + id.Name + ")", true
	}
	return "", false
}

// Replaceable finds the expression to replace: the generator call, or the
// smallest expression over it whose type a derivation can produce
// (time.Now().UnixNano(), uuid.Must(uuid.NewRandom())). tuple is set for
// a two-valued call assigned to two variables.
func Replaceable(pass *analysis.Pass, path []ast.Node) (ast.Expr, bool) {
	i := 0
	for i < len(path) {
		if _, ok := path[i].(*ast.CallExpr); ok {
			break
		}
		i++
	}
	for ; i < len(path); i++ {
		e, ok := path[i].(ast.Expr)
		if !ok {
			return nil, false
		}
		t := pass.TypesInfo.TypeOf(e)
		if derivable(t) {
			return e, false
		}
		if tup, ok := t.(*types.Tuple); ok && tup.Len() == 2 && derivable(tup.At(0).Type()) && i+1 < len(path) {
			if as, ok := path[i+1].(*ast.AssignStmt); ok && len(as.Lhs) == 2 && len(as.Rhs) == 1 &&
				IsError(tup.At(1).Type()) {
				return e, true
			}
		}
		if i+1 < len(path) {
			switch p := path[i+1].(type) {
			case *ast.SelectorExpr, *ast.ParenExpr:
				continue // a method call on the value: look at the call
			case *ast.CallExpr:
				if len(p.Args) == 1 && p.Args[0] == e || p.Fun == e {
					continue
				}
			}
		}
		return nil, false
	}
	return nil, false
}

// derivable reports whether a derivation can produce a value of type t.
func derivable(t types.Type) bool {
	if _, ok := catalog.UUIDOf(t); ok {
		return true
	}
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && (b.Info()&types.IsString != 0 || b.Info()&types.IsInteger != 0)
}

// derivation returns how to derive a value of type t from a key
// expression, deterministically and namespaced by purpose.
func derivation(pass *analysis.Pass, file *ast.File, t types.Type, purpose string) (func(key string) string, []string, bool) {
	if u, ok := catalog.UUIDOf(t); ok {
		p := ImportName(pass.Pkg, file, u.Path)
		return func(k string) string { return fmt.Sprintf(u.NameBased, p, k, "|"+purpose) }, nil, p != ""
	}
	str := catalog.StringUUID()
	strPkg := ImportName(pass.Pkg, file, str.Path)
	b, ok := types.Unalias(t).(*types.Basic)
	switch {
	case ok && b.Info()&types.IsString != 0 && strPkg != "":
		return func(k string) string { return fmt.Sprintf(str.NameBased, strPkg, k, "|"+purpose) + ".String()" }, nil, true
	case ok && b.Info()&types.IsString != 0:
		return func(k string) string { return sha256Hex(keyBytes(k, purpose)) }, []string{"crypto/sha256", "fmt"}, true
	case ok && b.Info()&types.IsInteger != 0:
		return func(k string) string { return crc64Int(b.Name(), keyBytes(k, purpose)) }, []string{"hash/crc64"}, true
	}
	return nil, nil, false
}

// keyBytes renders the bytes a value is derived from: the key, namespaced
// by the value's purpose so that two values of one operation differ.
func keyBytes(key, purpose string) string {
	return "[]byte(" + key + " + " + strconv.Quote("|"+purpose) + ")"
}

// sha256Hex renders a string of 32 hex digits hashed from data, for a
// string without a UUID package to derive it.
func sha256Hex(data string) string {
	return `fmt.Sprintf("%x", sha256.Sum256(` + data + "))[:32]"
}

// crc64Int renders an integer of type intType checksummed from data,
// shifted so that it stays positive in a signed type.
func crc64Int(intType, data string) string {
	return intType + "(crc64.Checksum(" + data + ", crc64.MakeTable(crc64.ECMA)) >> 1)"
}

// fallback wraps the derivation for a key the caller may leave out: with
// the key, the derived value; without it, the fresh value as before. It
// fails where the fresh value cannot be printed again (a raw string
// spanning lines, which re-indenting would change).
func fallback(pass *analysis.Pass, file *ast.File, expr ast.Expr, t types.Type, tuple bool, key Key, derive func(string) string) (string, bool) {
	orig, ok := Print(pass.Fset, nil, expr)
	if !ok {
		return "", false
	}
	qual := func(p *types.Package) string {
		if p == pass.Pkg {
			return ""
		}
		return ImportName(pass.Pkg, file, p.Path())
	}
	f := keyFallback{resultType: types.TypeString(t, qual), bind: key.bind(), derived: derive("k"), fresh: orig}
	if tuple {
		f.resultType, f.derived = "("+f.resultType+", error)", f.derived+", nil"
	}
	return Indent(formatExpr(f.text()), LineIndent(pass.Fset, file, expr.Pos())), true
}

// A keyFallback is the value a fix puts in place of a fresh one when the
// key may be empty: a function literal of resultType, called at once,
// that returns derived (over k, the key, which bind defines) when the
// key is not empty, and the fresh value as it was otherwise.
type keyFallback struct {
	resultType string
	bind       string
	derived    string
	fresh      string
}

// bind renders the statement that defines k as the key.
func (k Key) bind() string {
	if k.Comma {
		return DefineStmt(k.Expr, "k", "_")
	}
	return DefineStmt(k.Expr, "k")
}

// text renders the function literal and its call at indentation zero.
// A key read by statements of its own (a function literal) is bound
// before the if, where it reads more easily than in its header.
func (f keyFallback) text() string {
	if strings.Contains(f.bind, "\n") {
		withKey := IfStmt("", `k != ""`, Block(ReturnStmt(f.derived)))
		return "func() " + f.resultType + " " + Block(f.bind, withKey, ReturnStmt(f.fresh)) + "()"
	}
	withKey := IfStmt(f.bind, `k != ""`, Block(ReturnStmt(f.derived)))
	return "func() " + f.resultType + " " + Block(withKey, ReturnStmt(f.fresh)) + "()"
}
