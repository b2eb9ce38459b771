// Package migrations exposes the goose migrations embedded in the binary.
package migrations

import "embed"

// FS holds db/migrations/*.sql for goose.
//
//go:embed migrations/*.sql
var FS embed.FS
