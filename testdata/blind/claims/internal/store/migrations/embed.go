// Package migrations embeds the SQL schema so that the service binary and
// the migration tool ship the same files.
package migrations

import "embed"

// FS holds the ordered *.sql migration files.
//
//go:embed *.sql
var FS embed.FS
