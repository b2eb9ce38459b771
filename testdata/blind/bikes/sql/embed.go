// Package sql embeds the goose migrations so binaries can migrate without a
// checkout of the repository.
package sql

import "embed"

//go:embed schema/*.sql
var Migrations embed.FS
