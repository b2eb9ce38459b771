// Package migrations carries the goose SQL migrations so the binaries can
// apply them without a checkout of the repository.
package migrations

import "embed"

// FS holds every migration in this directory.
//
//go:embed *.sql
var FS embed.FS
