// Package migrations embeds the service schema.
package migrations

import "embed"

// FS holds the ordered *.sql migrations.
//
//go:embed *.sql
var FS embed.FS
