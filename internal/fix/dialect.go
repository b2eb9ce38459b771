package fix

import (
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A Dialect is the SQL dialect a statement is written in, as far as a fix
// that writes conflict handling must know it.
type Dialect int

const (
	DialectUnknown Dialect = iota
	PostgreSQL
	SQLite
	MySQL
)

// DialectOf tells the dialect of a statement that package pkg runs:
// PostgreSQL for $n placeholders; for ? placeholders, the database whose
// driver the package imports. Statements with neither, or ? placeholders
// in a package that imports no known driver, are of unknown dialect: a
// fix that guessed could write SQL the server rejects.
func DialectOf(pkg *types.Package, sql string) Dialect {
	switch {
	case hasDollarParam(sql):
		return PostgreSQL
	case !strings.Contains(sql, "?"):
		return DialectUnknown
	}
	for _, imp := range pkg.Imports() {
		switch catalog.PlaceholderDialect(imp.Path()) {
		case "mysql":
			return MySQL
		case "sqlite":
			return SQLite
		}
	}
	return DialectUnknown
}

// hasDollarParam reports whether sql has a $n placeholder.
func hasDollarParam(sql string) bool {
	for i := 0; i+1 < len(sql); i++ {
		if sql[i] == '$' && '0' <= sql[i+1] && sql[i+1] <= '9' {
			return true
		}
	}
	return false
}

// ProgramDialect tells the dialect of the databases whose drivers the
// program of package pkg links: the drivers pkg imports, directly or
// through its imports. A program that links drivers of two databases,
// or none, is of unknown dialect. A composition root's fix uses it for a
// statement whose own package says nothing (sqlx's named parameters in a
// repository that imports only the module's database package).
func ProgramDialect(pkg *types.Package) Dialect {
	d := DialectUnknown
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package) bool
	walk = func(p *types.Package) bool {
		if seen[p] {
			return true
		}
		seen[p] = true
		if found := driverDialects[catalog.DriverDialect(p.Path())]; found != DialectUnknown {
			if d != DialectUnknown && d != found {
				return false
			}
			d = found
		}
		for _, imp := range p.Imports() {
			if !walk(imp) {
				return false
			}
		}
		return true
	}
	if !walk(pkg) {
		return DialectUnknown
	}
	return d
}

// driverDialects are the dialects of the catalog's driver dialects.
var driverDialects = map[string]Dialect{"postgres": PostgreSQL, "mysql": MySQL, "sqlite": SQLite}

// Name is the catalog's name of dialect d ("postgres"), or "".
func (d Dialect) Name() string {
	for name, dd := range driverDialects {
		if dd == d {
			return name
		}
	}
	return ""
}

// NamedDialect tells the dialect of a statement with named parameters
// (sqlx's :name) that package pkg runs: the parameters say nothing, so
// it is the database whose driver the package imports, when it imports
// drivers of one database only.
func NamedDialect(pkg *types.Package) Dialect {
	d := DialectUnknown
	for _, imp := range pkg.Imports() {
		found := driverDialects[catalog.DriverDialect(imp.Path())]
		if found == DialectUnknown {
			continue
		}
		if d != DialectUnknown && d != found {
			return DialectUnknown
		}
		d = found
	}
	return d
}
