// Package idem runs an operation at most once per caller's key: it
// claims the key in the transaction of the operation's writes.
package idem

import (
	"context"
	"database/sql"
)

// Keys claims keys in a transaction.
type Keys interface {
	TryClaim(ctx context.Context, tx *sql.Tx, key string) (bool, error)
}

// Runner binds a database and the key store.
type Runner struct {
	DB   *sql.DB
	Keys Keys
}

// Run claims key and runs fn in the same transaction, only when the
// claim is new.
func Run[T any](ctx context.Context, r Runner, key string, fn func(ctx context.Context, tx *sql.Tx) (T, error)) (T, error) {
	var zero T
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return zero, err
	}
	defer tx.Rollback()
	claimed, err := r.Keys.TryClaim(ctx, tx, key)
	if err != nil {
		return zero, err
	}
	if !claimed {
		return zero, nil
	}
	v, err := fn(ctx, tx)
	if err != nil {
		return zero, err
	}
	return v, tx.Commit()
}

// InTx runs fn in a transaction, without a claim.
func InTx[T any](ctx context.Context, db *sql.DB, fn func(ctx context.Context, tx *sql.Tx) (T, error)) (T, error) {
	var zero T
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return zero, err
	}
	defer tx.Rollback()
	v, err := fn(ctx, tx)
	if err != nil {
		return zero, err
	}
	return v, tx.Commit()
}
