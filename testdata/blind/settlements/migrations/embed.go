// Package migrations embeds the SQL migrations applied by golang-migrate.
package migrations

import "embed"

// FS holds every *.sql migration in this directory.
//
//go:embed *.sql
var FS embed.FS
