// Package stores holds the module's stores, each a generic table it
// embeds for one row type.
package stores

import (
	"database/sql"

	"example.com/genrepo"
)

// Scans stores scans through the table it embeds.
type Scans struct {
	*genrepo.Table[genrepo.Scan]
}

// NewScans returns the scans' store.
func NewScans(db *sql.DB) *Scans {
	return &Scans{&genrepo.Table[genrepo.Scan]{DB: db, Name: "kiosk_scans"}}
}
