// Package pgstore owns the Postgres connection pool and the small helpers
// repositories share: the DBTX abstraction over pool and transaction, the
// transaction runner, and error classification.
package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/config"
)

// DBTX is satisfied by *pgxpool.Pool, *pgxpool.Conn and pgx.Tx, so
// repository methods can run either on their own or inside a caller's
// transaction.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// TxRunner runs fn inside a single database transaction. The transaction
// commits when fn returns nil and rolls back otherwise.
type TxRunner interface {
	InTx(ctx context.Context, fn func(tx pgx.Tx) error) error
}

// Store bundles the pool with the transaction runner.
type Store struct {
	pool *pgxpool.Pool
}

// NewStore wraps pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// InTx implements TxRunner with pgx.BeginFunc.
func (s *Store) InTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, fn)
}

// DB returns the pool as a DBTX for single-statement work.
func (s *Store) DB() DBTX { return s.pool }

// Pool exposes the underlying pool for libraries that need it directly
// (River, goose).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// NewPool opens the pool and ties its lifetime to the fx application.
func NewPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("pgstore: parse config: %w", err)
	}
	pcfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: open pool: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pool.Ping(ctx) },
		OnStop: func(context.Context) error {
			pool.Close()
			return nil
		},
	})
	return pool, nil
}

// Unique-violation and friends, see
// https://www.postgresql.org/docs/current/errcodes-appendix.html
const (
	codeUniqueViolation     = "23505"
	codeForeignKeyViolation = "23503"
)

// IsUniqueViolation reports whether err is a unique_violation, optionally
// restricted to one of the named constraints.
func IsUniqueViolation(err error, constraints ...string) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != codeUniqueViolation {
		return false
	}
	if len(constraints) == 0 {
		return true
	}
	for _, c := range constraints {
		if pgErr.ConstraintName == c {
			return true
		}
	}
	return false
}

// IsForeignKeyViolation reports whether err is a foreign_key_violation.
func IsForeignKeyViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == codeForeignKeyViolation
}

// IsNoRows reports whether err is pgx.ErrNoRows.
func IsNoRows(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

// Module provides the pool and the Store.
var Module = fx.Module("pgstore",
	fx.Provide(
		NewPool,
		NewStore,
		func(s *Store) TxRunner { return s },
	),
)
