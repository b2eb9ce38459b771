// Package migrations holds the SQL schema in bun's migrate layout.
//
// Files are named <timestamp>_<name>.up.sql / .down.sql and discovered at
// init time; cmd/api runs them on start when MIGRATE_ON_START is set.
package migrations

import (
	"embed"

	"github.com/uptrace/bun/migrate"
)

// Migrations is the set of discovered SQL migrations.
var Migrations = migrate.NewMigrations()

//go:embed *.sql
var sqlMigrations embed.FS

func init() {
	if err := Migrations.Discover(sqlMigrations); err != nil {
		panic(err)
	}
}
