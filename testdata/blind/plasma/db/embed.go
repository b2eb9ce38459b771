// Package db embeds the goose migrations so the binary can migrate itself.
package db

import (
	"embed"
	"io/fs"
)

//go:embed migrations/*.sql
var embedded embed.FS

// Migrations is the migrations directory, rooted so goose sees the .sql
// files at the top level.
var Migrations, _ = fs.Sub(embedded, "migrations")
