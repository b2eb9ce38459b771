// Package migrations holds the bun migrations for the clubhouse schema. SQL
// migrations live next to this file as NNN_name.up.sql / .down.sql; data
// migrations that need Go are registered from their own files.
package migrations

import (
	"embed"

	"github.com/uptrace/bun/migrate"
)

// Migrations is the collection applied by cmd/migrate.
var Migrations = migrate.NewMigrations()

//go:embed *.sql
var sqlMigrations embed.FS

func init() {
	if err := Migrations.Discover(sqlMigrations); err != nil {
		panic(err)
	}
}
