// Package migrations embeds the SQL schema migrations applied by cmd/migrate.
package migrations

import (
	"embed"

	"github.com/uptrace/bun/migrate"
)

//go:embed *.sql
var sqlFiles embed.FS

// Migrations is the discovered set of SQL migrations.
var Migrations = migrate.NewMigrations()

func init() {
	if err := Migrations.Discover(sqlFiles); err != nil {
		panic(err)
	}
}
