// Package migrations embeds the goose SQL migrations for the tutoring
// database.
package migrations

import "embed"

// FS holds every *.sql migration in this directory.
//
//go:embed *.sql
var FS embed.FS
