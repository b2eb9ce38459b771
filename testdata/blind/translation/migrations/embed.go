// Package migrations embeds the schema so cmd/migrate can apply it.
package migrations

import "embed"

// FS holds the ordered SQL files.
//
//go:embed *.sql
var FS embed.FS
