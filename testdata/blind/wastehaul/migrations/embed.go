// Package migrations holds the service schema as ordered SQL files.
package migrations

import "embed"

// FS contains every *.sql file in lexical (apply) order.
//
//go:embed *.sql
var FS embed.FS
