// Package db embeds the golang-migrate migration files so that the migrate
// binary and the integration environments apply exactly what is in git.
package db

import "embed"

// Migrations holds db/migrations/*.sql in golang-migrate's
// NNNNNN_name.{up,down}.sql layout.
//
//go:embed migrations/*.sql
var Migrations embed.FS
