// Package db carries the SQL schema as golang-migrate migration files.
package db

import "embed"

// Migrations holds db/migrations/*.sql for the iofs migration source.
//
//go:embed migrations/*.sql
var Migrations embed.FS
