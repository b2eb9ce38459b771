// Package pgdialect is a stub of github.com/uptrace/bun/dialect/pgdialect for analysistest.
package pgdialect

// Dialect is the SQL dialect.
type Dialect struct{}

// New returns the dialect.
func New() *Dialect { return &Dialect{} }
