// Package store holds the Postgres schema, connection helpers and the
// hand-written repositories used by the service layer.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/ironkettle/taproute/internal/config"
)

//go:embed migrations/*.sql
var migrationsFS embed.FS

// Querier is satisfied by *pgxpool.Pool, *pgxpool.Conn and pgx.Tx, so every
// repository method can run either standalone or inside a transaction.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// TxRunner runs fn inside a single database transaction. The transaction is
// committed if fn returns nil and rolled back otherwise.
type TxRunner interface {
	InTx(ctx context.Context, fn func(tx pgx.Tx) error) error
}

// PoolTxRunner is the pgxpool-backed TxRunner.
type PoolTxRunner struct {
	pool *pgxpool.Pool
	opts pgx.TxOptions
}

// NewTxRunner returns a TxRunner using read-committed transactions.
func NewTxRunner(pool *pgxpool.Pool) *PoolTxRunner {
	return &PoolTxRunner{pool: pool, opts: pgx.TxOptions{IsoLevel: pgx.ReadCommitted}}
}

// InTx implements TxRunner.
func (r *PoolTxRunner) InTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, r.pool, r.opts, fn)
}

// NewPool opens the pgx connection pool. The returned cleanup closes it.
func NewPool(ctx context.Context, cfg config.Config) (*pgxpool.Pool, func(), error) {
	pc, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parse database url: %w", err)
	}
	if cfg.DBMaxConns > 0 {
		pc.MaxConns = cfg.DBMaxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, nil, fmt.Errorf("open pool: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, pool.Close, nil
}

// ProvideQuerier exposes the pool as the default (non-transactional) Querier.
func ProvideQuerier(pool *pgxpool.Pool) Querier { return pool }

// Migrate applies all embedded goose migrations.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	goose.SetBaseFS(migrationsFS)
	defer goose.SetBaseFS(nil)
	if err := goose.SetDialect("postgres"); err != nil {
		return err
	}
	db := stdlib.OpenDBFromPool(pool)
	defer func(db *sql.DB) { _ = db.Close() }(db)
	return goose.UpContext(ctx, db, "migrations")
}

// ErrNotFound is returned by repository lookups that match no row.
var ErrNotFound = errors.New("store: not found")

// IsUniqueViolation reports whether err is a Postgres unique_violation,
// optionally restricted to a named constraint.
func IsUniqueViolation(err error, constraint string) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" {
		return false
	}
	return constraint == "" || pgErr.ConstraintName == constraint
}

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
