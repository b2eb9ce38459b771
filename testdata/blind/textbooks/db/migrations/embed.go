// Package migrations embeds the golang-migrate SQL files so both binaries
// can apply them at start-up without shipping the directory.
package migrations

import "embed"

//go:embed *.sql
var FS embed.FS
