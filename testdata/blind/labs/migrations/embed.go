// Package migrations holds the SQL schema of the lab order platform.
package migrations

import "embed"

// FS contains the ordered *.sql migration files.
//
//go:embed *.sql
var FS embed.FS
