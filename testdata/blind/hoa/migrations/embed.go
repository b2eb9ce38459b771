// Package migrations embeds the goose SQL migrations so the migrate binary
// and integration environments apply exactly what ships with the build.
package migrations

import "embed"

// FS holds every *.sql migration in this directory.
//
//go:embed *.sql
var FS embed.FS
