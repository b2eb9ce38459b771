// Package db embeds the schema migrations so every binary ships with the
// exact SQL it was built against.
package db

import "embed"

// Migrations holds the golang-migrate files under migrations/.
//
//go:embed migrations/*.sql
var Migrations embed.FS
