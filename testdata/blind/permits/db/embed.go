// Package db embeds the goose migrations so binaries can apply them without
// shipping the SQL files separately.
package db

import "embed"

// Migrations holds db/migrations/*.sql.
//
//go:embed migrations/*.sql
var Migrations embed.FS
