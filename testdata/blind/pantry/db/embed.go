// Package db embeds the goose migrations for the fulfilment schema.
package db

import "embed"

// Migrations holds db/migrations/*.sql; goose reads them from the
// "migrations" directory of this FS.
//
//go:embed migrations/*.sql
var Migrations embed.FS
