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
)

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
}

// ` + CarrierFor + ` returns the idempotency key that ctx carries,
// namespaced by what it is sent with, or "" when ctx carries none.
func ` + CarrierFor + `(ctx context.Context, purpose string) string {
	if key := ` + CarrierFrom + `(ctx); key != "" {
		return key + "|" + purpose
	}
	return ""
}
`

// CarrierDecls returns the edits that declare the carrier in the
// package of pass: at the end of its first file by name that is neither
// a test nor generated, so that every fix that needs the carrier makes
// the same edit, and -fix applies it once. It returns no edits when the
// package declares the carrier already, and false when it declares one
// of its names as something else, or is a main package, which no root of
// another package can import.
func CarrierDecls(pass *analysis.Pass) ([]analysis.TextEdit, bool) {
	if pass.Pkg.Name() == "main" {
		return nil, false
	}
	switch declaresCarrier(pass.Pkg) {
	case carrierDeclared:
		return nil, true
	case carrierClash:
		return nil, false
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
	edits := []analysis.TextEdit{{Pos: file.End(), End: file.End(), NewText: []byte(strings.TrimSuffix(carrierDecls, "\n"))}}
	return append(edits, AddImport(file, "context")...), true
}

type carrierState int

const (
	carrierAbsent carrierState = iota
	carrierDeclared
	carrierClash
)

// declaresCarrier tells whether pkg declares the carrier's functions
// with their signatures (a fix applied before), or one of its names as
// something else.
func declaresCarrier(pkg *types.Package) carrierState {
	scope := pkg.Scope()
	with, _ := scope.Lookup(CarrierWith).(*types.Func)
	from, _ := scope.Lookup(CarrierFrom).(*types.Func)
	forp, _ := scope.Lookup(CarrierFor).(*types.Func)
	if with != nil && from != nil && forp != nil && types.ObjectString(with, nil) == "func "+pkg.Path()+"."+CarrierWith+"(ctx context.Context, key string) context.Context" &&
		types.ObjectString(from, nil) == "func "+pkg.Path()+"."+CarrierFrom+"(ctx context.Context) string" &&
		types.ObjectString(forp, nil) == "func "+pkg.Path()+"."+CarrierFor+"(ctx context.Context, purpose string) string" {
		return carrierDeclared
	}
	for _, n := range []string{CarrierType, CarrierWith, CarrierFrom, CarrierFor} {
		if scope.Lookup(n) != nil {
			return carrierClash
		}
	}
	return carrierAbsent
}
