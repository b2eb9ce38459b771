// Package laterrepo holds repositories whose handles a constructor of
// the package keeps in fields beside values of its own.
package laterrepo

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Audit is where the log goes; its kind is the program's to choose.
var Audit DBTX

// TxRepo runs on the caller's transaction and logs on Audit.
type TxRepo struct {
	tx *sql.Tx
	db DBTX
}

// WithTx keeps the transaction whole in one field: its other field is
// not the transaction's.
func WithTx(tx *sql.Tx) TxRepo { return TxRepo{tx: tx, db: Audit} }

func (r TxRepo) Insert(ctx context.Context) error {
	_, err := r.tx.ExecContext(ctx, "INSERT INTO items (n) VALUES (1)")
	return err
}

func (r TxRepo) Log(ctx context.Context) error {
	_, err := r.db.ExecContext(ctx, "INSERT INTO item_log (n) VALUES (1)")
	return err
}

// SaveWith inserts on the transaction and logs on Audit, whose commit
// unit nothing here tells.
func SaveWith(ctx context.Context, tx *sql.Tx) error {
	r := WithTx(tx)
	if err := r.Insert(ctx); err != nil {
		return err
	}
	return r.Log(ctx)
}

// Ledger posts entries, each post in a transaction of its own.
type Ledger struct{ DB *sql.DB }

// Post commits one entry.
func (l *Ledger) Post(ctx context.Context, amount int64) error {
	tx, err := l.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO entries (amount) VALUES ($1)", amount); err != nil {
		return err
	}
	return tx.Commit()
}

// Settler settles transfers: a failed one is credited back, then
// marked, in two commits.
type Settler struct {
	DB     *sql.DB
	Ledger *Ledger
}

// Fail credits the transfer back and marks it failed.
func (s *Settler) Fail(ctx context.Context, transfer int64) error {
	if err := s.Ledger.Post(ctx, 5); err != nil {
		return err
	}
	_, err := s.DB.ExecContext(ctx, "UPDATE transfers SET status = 'failed' WHERE id = $1", transfer)
	return err
}

// Paid marks the transfer paid, in one statement.
func (s *Settler) Paid(ctx context.Context, transfer int64) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE transfers SET status = 'paid' WHERE id = $1", transfer)
	return err
}
