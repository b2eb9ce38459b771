// Package pgdb holds the small amount of glue the repositories share: the
// Querier abstraction over a pool or a transaction, transaction helpers and
// keyset pagination types.
package pgdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Querier is implemented by *pgxpool.Pool, *pgxpool.Conn and pgx.Tx, so a
// repository method can run either on its own or inside a caller's
// transaction.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

var (
	_ Querier = (*pgxpool.Pool)(nil)
	_ Querier = (pgx.Tx)(nil)
)

// Beginner is anything that can open a transaction.
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// DB is what services hold: they can query directly or begin a transaction.
type DB interface {
	Querier
	Beginner
}

// Connect opens a pool and verifies it with a ping.
func Connect(ctx context.Context, dsn string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("pgdb: parse dsn: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgdb: open pool: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pgdb: ping: %w", err)
	}
	return pool, nil
}

// WithTx runs fn inside a transaction and returns its value. The
// transaction commits when fn returns nil and rolls back otherwise.
func WithTx[T any](ctx context.Context, db Beginner, fn func(q Querier) (T, error)) (T, error) {
	var out T
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// Tx is WithTx for callers that only need the error.
func Tx(ctx context.Context, db Beginner, fn func(q Querier) error) error {
	_, err := WithTx(ctx, db, func(q Querier) (struct{}, error) {
		return struct{}{}, fn(q)
	})
	return err
}

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("not found")

// NotFound maps pgx.ErrNoRows to ErrNotFound and leaves other errors alone.
func NotFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
