// Package store gives services a Querier plus transaction helpers over a
// pgx pool.
package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/cedarleaf/pharmacy/internal/db"
)

// Store is what services depend on.
type Store interface {
	db.Querier
	// InTx runs fn inside a transaction, committing if fn returns nil.
	InTx(ctx context.Context, fn func(q *db.Queries, tx pgx.Tx) error) error
	// Begin starts a transaction for callers that need to control commit
	// points themselves.
	Begin(ctx context.Context) (pgx.Tx, error)
}

// PgStore implements Store on a pgxpool.
type PgStore struct {
	*db.Queries
	pool *pgxpool.Pool
}

// New returns a PgStore.
func New(pool *pgxpool.Pool) *PgStore {
	return &PgStore{Queries: db.New(pool), pool: pool}
}

func (s *PgStore) InTx(ctx context.Context, fn func(q *db.Queries, tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return fn(s.Queries.WithTx(tx), tx)
	})
}

func (s *PgStore) Begin(ctx context.Context) (pgx.Tx, error) {
	return s.pool.Begin(ctx)
}

// IsNotFound reports whether err is pgx.ErrNoRows.
func IsNotFound(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

// IsUniqueViolation reports whether err is a unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
