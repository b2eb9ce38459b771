// Package migrations embeds the SQL schema so binaries can apply it at boot.
package migrations

import "embed"

// FS holds the ordered *.sql migration files.
//
//go:embed *.sql
var FS embed.FS
