// Package dbfs embeds the goose migrations so the binaries can migrate on
// start-up.
package dbfs

import "embed"

// Migrations holds db/migrations/*.sql.
//
//go:embed migrations/*.sql
var Migrations embed.FS
