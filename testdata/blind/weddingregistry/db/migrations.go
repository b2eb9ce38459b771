// Package dbmigrations embeds the goose migrations so that registryd can
// apply them at start-up or through `registryd migrate`.
package dbmigrations

import "embed"

//go:embed migrations/*.sql
var FS embed.FS

// Dir is the directory inside FS that holds the migrations.
const Dir = "migrations"
