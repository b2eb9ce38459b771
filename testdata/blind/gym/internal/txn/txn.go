// Package txn runs units of work in a database transaction and carries the
// transaction through the context so repositories can pick it up without
// changing their signatures.
package txn

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/db"
)

type ctxKey struct{}

// Runner opens transactions on the pool.
type Runner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// PgRunner is the pgxpool-backed Runner.
type PgRunner struct {
	pool *pgxpool.Pool
	opts pgx.TxOptions
}

func NewRunner(pool *pgxpool.Pool) *PgRunner {
	return &PgRunner{pool: pool, opts: pgx.TxOptions{IsoLevel: pgx.ReadCommitted}}
}

// InTx runs fn inside a transaction. Nested calls join the outer transaction.
func (r *PgRunner) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := ctx.Value(ctxKey{}).(pgx.Tx); ok {
		return fn(ctx)
	}
	tx, err := r.pool.BeginTx(ctx, r.opts)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback(context.WithoutCancel(ctx))
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(context.WithoutCancel(ctx)); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, rbErr)
			}
		}
	}()
	if err = fn(context.WithValue(ctx, ctxKey{}, tx)); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Conn returns the transaction in ctx, or fallback when there is none.
func Conn(ctx context.Context, fallback db.DBTX) db.DBTX {
	if tx, ok := ctx.Value(ctxKey{}).(pgx.Tx); ok {
		return tx
	}
	return fallback
}

// Queries returns sqlc queries bound to the transaction in ctx, if any.
func Queries(ctx context.Context, pool *pgxpool.Pool) *db.Queries {
	if tx, ok := ctx.Value(ctxKey{}).(pgx.Tx); ok {
		return db.New(pool).WithTx(tx)
	}
	return db.New(pool)
}
