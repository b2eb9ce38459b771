// Package platform holds small helpers shared across washclub packages:
// transactions, outbound request building, JSON handling and time math.
package platform

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jmoiron/sqlx"
)

// WithTx runs fn inside a database transaction. The transaction is committed
// when fn returns nil and rolled back when it returns an error or panics.
func WithTx(ctx context.Context, db *sqlx.DB, fn func(*sqlx.Tx) error) (err error) {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// InTx is WithTx for functions that produce a value.
func InTx[T any](ctx context.Context, db *sqlx.DB, fn func(*sqlx.Tx) (T, error)) (T, error) {
	var out T
	err := WithTx(ctx, db, func(tx *sqlx.Tx) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
