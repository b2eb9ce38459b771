package fix

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A carrier takes an operation key through a context, from a root that
// has the key (a request's header, a message's ID) to code of another
// package that makes a value the key can replace, where neither the
// root's kind nor the code's parameters carry it. The package of the
// code declares it: the root's package imports that package to put the
// key in (CarrierWith), the code reads it back (CarrierFrom), and a
// caller that puts none in reads "" and keeps the fresh value.
const (
	CarrierType = "idempotencyKey"
	CarrierWith = "WithIdempotencyKey"
	CarrierFrom = "idempotencyKeyFrom"
	CarrierFor  = "idempotencyKeyFor"
	// CarrierWithAlt is the With function's name in a package that
	// declares CarrierWith as something else (a client's option that
	// sets a request's key).
	CarrierWithAlt = "ContextWithIdempotencyKey"
)

// CarrierWithIn returns the name of the carrier's With function in pkg:
// CarrierWith, or CarrierWithAlt where pkg declares CarrierWith as
// something other than the carrier's; "" where it declares both so.
func CarrierWithIn(pkg *types.Package) string {
	for _, name := range []string{CarrierWith, CarrierWithAlt} {
		if _, ok := declared(pkg, name); ok {
			return name
		}
	}
	return ""
}

const carrierDecls = `

// ` + CarrierType + ` is the context key under which callers pass the
// operation's idempotency key (` + CarrierWith + `).
type ` + CarrierType + ` struct{}

// ` + CarrierWith + ` returns a copy of ctx that carries key, the
// idempotency key of the operation ctx is for: the IDs made for the
// operation are derived from it, so that a retry makes the same ones.
func ` + CarrierWith + `(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, ` + CarrierType + `{}, key)
}

// ` + CarrierFrom + ` returns the idempotency key that ctx carries, or "".
func ` + CarrierFrom + `(ctx context.Context) string {
	key, _ := ctx.Value(` + CarrierType + `{}).(string)
	return key
}`

// carrierForDecl is declared by the fixes that namespace the key, apart,
// so that a package none of whose fixes does has no unused function.
const carrierForDecl = `

// ` + CarrierFor + ` returns the idempotency key that ctx carries,
// namespaced by what it is sent with, or "" when ctx carries none.
func ` + CarrierFor + `(ctx context.Context, purpose string) string {
	if key := ` + CarrierFrom + `(ctx); key != "" {
		return key + "|" + purpose
	}
	return ""
}`

// carrierSigs are the carrier's functions, and the signatures a
// declaration of them must have.
var carrierSigs = map[string]string{
	CarrierWith:    "(ctx context.Context, key string) context.Context",
	CarrierWithAlt: "(ctx context.Context, key string) context.Context",
	CarrierFrom:    "(ctx context.Context) string",
	CarrierFor:     "(ctx context.Context, purpose string) string",
}

// CarrierDecls returns the edits that declare the carrier in the
// package of pass, with CarrierFor when namespaced: at the end of its
// first file by name that is neither a test nor generated, so that every
// fix that needs the carrier makes the same edits, and -fix applies them
// once. It leaves out what the package declares already (a fix applied
// before), and returns false when the package declares one of the names
// as something else, or is a main package, which no root of another
// package can import.
func CarrierDecls(pass *analysis.Pass, namespaced bool) ([]analysis.TextEdit, bool) {
	if pass.Pkg.Name() == "main" {
		return nil, false
	}
	with := CarrierWithIn(pass.Pkg)
	if with == "" {
		return nil, false
	}
	base, ok := declared(pass.Pkg, CarrierType, with, CarrierFrom)
	if !ok {
		return nil, false
	}
	withFor := false
	if namespaced {
		if withFor, ok = declared(pass.Pkg, CarrierFor); !ok {
			return nil, false
		}
		withFor = !withFor
	}
	if base && !withFor {
		return nil, true
	}
	files := slices.Clone(pass.Files)
	files = slices.DeleteFunc(files, func(f *ast.File) bool {
		return ast.IsGenerated(f) || strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go")
	})
	if len(files) == 0 {
		return nil, false
	}
	name := func(f *ast.File) string { return pass.Fset.File(f.FileStart).Name() }
	file := slices.MinFunc(files, func(a, b *ast.File) int { return strings.Compare(name(a), name(b)) })
	// After the last declaration, before what ends the file.
	var edits []analysis.TextEdit
	if !base {
		edits = append(edits, analysis.TextEdit{Pos: file.End(), End: file.End(), NewText: []byte(strings.ReplaceAll(carrierDecls, CarrierWith, with))})
		edits = append(edits, AddImport(file, "context")...)
	}
	if withFor {
		edits = append(edits, analysis.TextEdit{Pos: file.End(), End: file.End(), NewText: []byte(carrierForDecl)})
	}
	return edits, true
}

// declared reports whether pkg declares all of names as the carrier's
// (true), none of them (false), or ok is false: some, or one as
// something else.
func declared(pkg *types.Package, names ...string) (all, ok bool) {
	n := 0
	for _, name := range names {
		obj := pkg.Scope().Lookup(name)
		if obj == nil {
			continue
		}
		fn, isFunc := obj.(*types.Func)
		_, isType := obj.(*types.TypeName)
		switch sig, want := carrierSigs[name]; {
		case want && isFunc && types.ObjectString(fn, nil) == "func "+pkg.Path()+"."+name+sig:
		case !want && isType:
		default:
			return false, false
		}
		n++
	}
	if n != 0 && n != len(names) {
		return false, false
	}
	return n == len(names), true
}
