// Package migrations embeds the goose SQL migrations for the auction house
// database so that binaries can apply them without shipping loose files.
package migrations

import "embed"

// FS holds every *.sql migration in this directory.
//
//go:embed *.sql
var FS embed.FS

// Dir is the directory inside FS that goose should read from.
const Dir = "."
