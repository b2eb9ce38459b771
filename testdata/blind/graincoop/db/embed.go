// Package db carries the goose migrations so every binary can run them
// against the configured database.
package db

import "embed"

//go:embed migrations/*.sql
var Migrations embed.FS
