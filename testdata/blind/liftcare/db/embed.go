// Package db holds the schema migrations applied by golang-migrate.
package db

import "embed"

// Migrations contains the versioned up/down files under migrations/.
//
//go:embed migrations/*.sql
var Migrations embed.FS
