// Package migrations holds the SQL schema, applied in lexical order.
package migrations

import "embed"

// FS contains every *.sql migration in this directory.
//
//go:embed *.sql
var FS embed.FS
