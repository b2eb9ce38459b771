// Package migrations holds the golang-migrate schema files for the ride
// platform database. They are embedded so cmd/migrate ships as one binary.
package migrations

import "embed"

//go:embed *.sql
var FS embed.FS
