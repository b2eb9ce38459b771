// Package migrations embeds the golang-migrate SQL files so the binary can
// apply them at start-up without the files on disk.
package migrations

import "embed"

// FS holds NNNNNN_name.{up,down}.sql in golang-migrate's layout.
//
//go:embed *.sql
var FS embed.FS
