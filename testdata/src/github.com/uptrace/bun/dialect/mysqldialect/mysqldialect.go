// Package mysqldialect is a stub of github.com/uptrace/bun/dialect/mysqldialect for analysistest.
package mysqldialect

// Dialect is the SQL dialect.
type Dialect struct{}

// New returns the dialect.
func New() *Dialect { return &Dialect{} }
