// Package pg stores holds in PostgreSQL.
package pg

import (
	"context"
	"database/sql"

	"example.com/wiredidgen/holds"
)

// Holds is the holds table.
type Holds struct{ DB *sql.DB }

func (h *Holds) Insert(ctx context.Context, hold holds.Hold) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO holds (id, patron, title) VALUES ($1, $2, $3)", hold.ID, hold.Patron, hold.Title)
	return err
}
