package store

import (
	"context"
	"database/sql"
)

// Catalog looks up display names. Misses fall back to the id so a notice
// still goes out when the catalog sync is behind.
type Catalog struct{ db *sql.DB }

// NewCatalog returns the display-name lookup.
func NewCatalog(db *sql.DB) *Catalog { return &Catalog{db: db} }

func (c *Catalog) TitleName(ctx context.Context, titleID string) string {
	return c.lookup(ctx, `SELECT name FROM titles WHERE id = $1`, titleID)
}

func (c *Catalog) BranchName(ctx context.Context, branchID string) string {
	return c.lookup(ctx, `SELECT name FROM branches WHERE id = $1`, branchID)
}

func (c *Catalog) lookup(ctx context.Context, q, id string) string {
	var name string
	if err := c.db.QueryRowContext(ctx, q, id).Scan(&name); err != nil || name == "" {
		return id
	}
	return name
}
