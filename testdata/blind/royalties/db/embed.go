// Package db holds the SQL migrations for the royalty service. They are
// embedded so cmd/royalty-migrate can apply them without a checkout.
package db

import "embed"

// Migrations contains the golang-migrate files under migrations/.
//
//go:embed migrations/*.sql
var Migrations embed.FS
