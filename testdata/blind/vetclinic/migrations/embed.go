// Package migrations embeds the schema files applied by cmd/migrate.
package migrations

import "embed"

// FS holds the numbered .sql files in lexical order.
//
//go:embed *.sql
var FS embed.FS
