// Package store keeps refunds in PostgreSQL.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
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
	_, err := r.DB.ExecContext(ctx, `INSERT INTO instalment_refunds (id, instalment, cents) VALUES ($1, $2, $3)`, rf.ID, rf.Instalment, rf.Cents)
	return err
}

// InsertNote adds a credit note.
func (r *Repo) InsertNote(ctx context.Context, id, refund string) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO instalment_notes (id, refund) VALUES ($1, $2)`, id, refund)
	return err
}

// Post adds a ledger entry; key is the operation's key.
func (r *Repo) Post(ctx context.Context, key, account string, cents int64) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO entries (id, account, cents) VALUES ($1, $2, $3)`, uuid.NewString(), account, cents) // want `a retry inserts a second entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.credit\)`
	return err
}
