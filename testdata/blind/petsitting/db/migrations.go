// Package db holds the golang-migrate schema files for the Pawtrail database.
package db

import "embed"

// Migrations contains the numbered up/down files under db/migrations.
//
//go:embed migrations/*.sql
var Migrations embed.FS
