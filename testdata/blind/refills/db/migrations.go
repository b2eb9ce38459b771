// Package db embeds the goose migrations so the binaries can migrate on start.
package db

import "embed"

// Migrations holds db/migrations/*.sql.
//
//go:embed migrations/*.sql
var Migrations embed.FS
