// Package tx carries a pgx transaction through a context so repositories can
// join whatever unit of work their caller started without threading a pgx.Tx
// through every signature.
package tx

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX is the subset of pgx used by repositories. Both *pgxpool.Pool and
// pgx.Tx satisfy it.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type ctxKey struct{}

// With returns a copy of ctx carrying t.
func With(ctx context.Context, t pgx.Tx) context.Context {
	return context.WithValue(ctx, ctxKey{}, t)
}

// From returns the transaction carried by ctx, if any.
func From(ctx context.Context) (pgx.Tx, bool) {
	t, ok := ctx.Value(ctxKey{}).(pgx.Tx)
	return t, ok && t != nil
}

// Conn returns the transaction in ctx, or the pool when there is none.
func Conn(ctx context.Context, pool *pgxpool.Pool) DBTX {
	if t, ok := From(ctx); ok {
		return t
	}
	return pool
}

// Runner begins transactions and places them in the context.
type Runner struct {
	pool *pgxpool.Pool
}

// NewRunner returns a Runner over pool.
func NewRunner(pool *pgxpool.Pool) *Runner {
	return &Runner{pool: pool}
}

// Run calls fn inside a transaction. If ctx already carries a transaction, fn
// joins it and the outermost Run owns commit and rollback.
func (r *Runner) Run(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := From(ctx); ok {
		return fn(ctx)
	}
	t, err := r.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("tx: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = t.Rollback(context.WithoutCancel(ctx))
			panic(p)
		}
		if err != nil {
			if rbErr := t.Rollback(context.WithoutCancel(ctx)); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, fmt.Errorf("tx: rollback: %w", rbErr))
			}
		}
	}()
	if err = fn(With(ctx, t)); err != nil {
		return err
	}
	if err = t.Commit(ctx); err != nil {
		return fmt.Errorf("tx: commit: %w", err)
	}
	return nil
}
