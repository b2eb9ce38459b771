// Package store implements the repositories on top of sqlx. Every method
// takes the sqlx.ExtContext to run on, so callers choose whether a write
// joins a transaction opened with database.WithTx or runs on the pool.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/domain"
)

// Q is anything a query can run on: *sqlx.DB or *sqlx.Tx.
type Q = sqlx.ExtContext

// namedGet runs a named query that returns exactly one row.
func namedGet[T any](ctx context.Context, q Q, query string, arg any) (T, error) {
	var out T
	bound, args, err := q.BindNamed(query, arg)
	if err != nil {
		return out, fmt.Errorf("store: bind: %w", err)
	}
	err = sqlx.GetContext(ctx, q, &out, bound, args...)
	return out, err
}

// namedSelect runs a named query returning many rows.
func namedSelect[T any](ctx context.Context, q Q, query string, arg any) ([]T, error) {
	var out []T
	bound, args, err := q.BindNamed(query, arg)
	if err != nil {
		return nil, fmt.Errorf("store: bind: %w", err)
	}
	if err := sqlx.SelectContext(ctx, q, &out, bound, args...); err != nil {
		return nil, err
	}
	return out, nil
}

// namedExec runs a named statement and returns the affected row count.
func namedExec(ctx context.Context, q Q, query string, arg any) (int64, error) {
	res, err := sqlx.NamedExecContext(ctx, q, query, arg)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// notFound converts sql.ErrNoRows to a domain not-found error.
func notFound(err error, what string, id any) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.NotFound("%s %v not found", what, id)
	}
	return err
}

// Module provides every repository to fx.
var Module = fx.Module("store",
	fx.Provide(
		NewCustomers,
		NewOrders,
		NewIdempotency,
		NewStandingOrders,
		NewProduction,
		NewDeliveries,
		NewInbox,
		NewInvoices,
		NewPayments,
		NewCredits,
		NewWebhooks,
		NewPurchasing,
	),
)

func sqlxIn(query string, args ...any) (string, []any, error) {
	return sqlx.In(query, args...)
}

func selectRebind(ctx context.Context, q Q, dest any, query string, args ...any) error {
	return sqlx.SelectContext(ctx, q, dest, q.Rebind(query), args...)
}
