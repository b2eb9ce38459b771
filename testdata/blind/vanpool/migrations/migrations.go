// Package migrations embeds the golang-migrate SQL files so the binary can
// bring the schema up to date on boot.
package migrations

import "embed"

//go:embed *.sql
var FS embed.FS
