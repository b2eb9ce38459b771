// Package db embeds the goose migrations so the migrate binary ships
// them.
package db

import "embed"

//go:embed migrations/*.sql
var Migrations embed.FS
