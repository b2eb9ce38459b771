// Package db embeds the goose migrations.
package db

import "embed"

// Migrations holds the SQL migrations applied by cmd/ancillaries-migrate.
//
//go:embed migrations/*.sql
var Migrations embed.FS
