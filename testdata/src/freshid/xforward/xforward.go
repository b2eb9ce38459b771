// Package xforward is a database adapter in its own package: its
// exported methods forward SQL text and arguments to database/sql.
package xforward

import (
	"context"
	"database/sql"
)

type Handler struct{ db *sql.DB }

// ExecuteContext runs query with args on the adapter's pool.
func (h *Handler) ExecuteContext(ctx context.Context, query string, args ...interface{}) error {
	_, err := h.db.ExecContext(ctx, query, args...)
	return err
}

// Exec runs query with args on the handle it is given.
func Exec(ctx context.Context, tx *sql.Tx, query string, args ...interface{}) error {
	_, err := tx.ExecContext(ctx, query, args...)
	return err
}
