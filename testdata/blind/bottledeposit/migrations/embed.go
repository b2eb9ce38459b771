// Package migrations embeds the SQL schema applied by cmd/migrate.
package migrations

import "embed"

// FS holds the *.up.sql files in lexical order.
//
//go:embed *.up.sql
var FS embed.FS
