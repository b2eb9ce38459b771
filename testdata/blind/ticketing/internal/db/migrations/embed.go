// Package migrations embeds the ordered SQL migrations applied by the
// deploy tooling (and by `ticketing-worker migrate` in development).
package migrations

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.sql
var files embed.FS

// FS exposes the embedded migration files.
func FS() fs.FS { return files }

// Ordered returns the migration file names in apply order.
func Ordered() ([]string, error) {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}
