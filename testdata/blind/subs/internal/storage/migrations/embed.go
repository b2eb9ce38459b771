// Package migrations embeds the PostgreSQL schema applied by the deploy
// pipeline (and by cmd/api with -migrate for local development).
package migrations

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.sql
var files embed.FS

// FS exposes the raw migration files.
func FS() fs.FS { return files }

// Ordered returns migration file names in apply order.
func Ordered() ([]string, error) {
	entries, err := fs.Glob(files, "*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(entries)
	return entries, nil
}
