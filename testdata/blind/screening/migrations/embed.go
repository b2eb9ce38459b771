// Package migrations embeds the goose SQL migrations so the server binary can
// apply them at start-up without shipping the directory alongside it.
package migrations

import "embed"

//go:embed *.sql
var FS embed.FS
