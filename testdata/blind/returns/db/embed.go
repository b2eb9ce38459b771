// Package db embeds the goose migrations so binaries can migrate without the
// source tree present.
package db

import "embed"

//go:embed migrations/*.sql
var Migrations embed.FS
