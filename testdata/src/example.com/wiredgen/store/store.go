// Package store writes widgets and orders with their lines.
package store

import (
	"context"
	"database/sql"
)

// Rows writes rows on the pool.
type Rows struct{ DB *sql.DB }

// InsertWidget stores a widget under the ID it is given.
func (r *Rows) InsertWidget(ctx context.Context, id, name string) error {
	_, err := r.DB.ExecContext(ctx, "INSERT INTO gen_widgets (id, name) VALUES ($1, $2)", id, name)
	return err
}

// An Order is stored with its lines.
type Order struct {
	ID, Merchant, Ref string
	Lines             []string
}

// InsertOrder stores the order, then each of its lines under the
// order's ID: the lines follow the order's row, which the merchant's
// reference keys.
func (r *Rows) InsertOrder(ctx context.Context, o Order) error {
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO gen_orders (id, merchant, ref) VALUES ($1, $2, $3)", o.ID, o.Merchant, o.Ref); err != nil {
		return err
	}
	for i, l := range o.Lines {
		if _, err := tx.ExecContext(ctx, "INSERT INTO gen_order_lines (order_id, line_no, sku) VALUES ($1, $2, $3)", o.ID, i, l); err != nil {
			return err
		}
	}
	return tx.Commit()
}
