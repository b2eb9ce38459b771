// Package store runs statements in the transaction the context carries,
// or on the database.
package store

import (
	"context"
	"database/sql"
)

type txKey struct{}

// Execer runs statements.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Conn returns the transaction ctx carries, or db.
func Conn(ctx context.Context, db *sql.DB) Execer {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}

// Runner begins transactions.
type Runner struct{ DB *sql.DB }

func (r *Runner) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Seats counts seats.
type Seats struct{ DB *sql.DB }

func (s *Seats) Take(ctx context.Context, session string) error {
	_, err := Conn(ctx, s.DB).ExecContext(ctx, `UPDATE sessions SET taken = taken + 1 WHERE id = $1`, session) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of sessions \(it computes from the current value\) in store.Seats.Take is not idempotent \(HTTP handler Handler.Hold\)`
	return err
}

func (s *Seats) Admit(ctx context.Context, session, party string) error {
	_, err := Conn(ctx, s.DB).ExecContext(ctx, `INSERT INTO admissions (session_id, party) VALUES ($1, $2)`, session, party)
	return err
}
