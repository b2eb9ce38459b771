// Package store keeps refunds in PostgreSQL.
package store

import (
	"context"
	"database/sql"
)

// Refund is a refund of a paid instalment.
type Refund struct {
	ID, Instalment string
	Cents          int64
}

// Repo is the store over a database.
type Repo struct{ DB *sql.DB }

// InsertRefund adds a refund.
func (r *Repo) InsertRefund(ctx context.Context, rf Refund) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO refunds (id, instalment, cents) VALUES ($1, $2, $3)`, rf.ID, rf.Instalment, rf.Cents)
	return err
}

// InsertNote adds a credit note.
func (r *Repo) InsertNote(ctx context.Context, id, refund string) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO credit_notes (id, refund) VALUES ($1, $2)`, id, refund)
	return err
}
