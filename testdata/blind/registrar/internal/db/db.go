// Package db holds the connection pool, the transaction manager and small
// helpers shared by the repositories.
package db

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tldhouse/registrar/internal/config"
)

// Querier is the subset of pgx shared by *pgxpool.Pool and pgx.Tx.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("not found")

// SB is the statement builder every repository uses.
var SB = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// NewPool opens the pgx pool.
func NewPool(ctx context.Context, cfg *config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("db: parse config: %w", err)
	}
	pcfg.MaxConns = 16
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("db: connect: %w", err)
	}
	return pool, nil
}

// Conn resolves the Querier for a context: the transaction stored by the
// TxManager when there is one, the pool otherwise.
type Conn struct {
	pool *pgxpool.Pool
}

func NewConn(pool *pgxpool.Pool) *Conn { return &Conn{pool: pool} }

func (c *Conn) Q(ctx context.Context) Querier {
	if tx, ok := ctx.Value(txKey{}).(pgx.Tx); ok {
		return tx
	}
	return c.pool
}

// Exec runs a builder that produces a statement without rows.
func Exec(ctx context.Context, q Querier, b sq.Sqlizer) (int64, error) {
	sqlStr, args, err := b.ToSql()
	if err != nil {
		return 0, fmt.Errorf("build sql: %w", err)
	}
	tag, err := q.Exec(ctx, sqlStr, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// Get runs a builder expected to return a single row and scans it with fn.
func Get[T any](ctx context.Context, q Querier, b sq.Sqlizer, fn func(pgx.Row) (T, error)) (T, error) {
	var zero T
	sqlStr, args, err := b.ToSql()
	if err != nil {
		return zero, fmt.Errorf("build sql: %w", err)
	}
	v, err := fn(q.QueryRow(ctx, sqlStr, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return zero, ErrNotFound
	}
	return v, err
}

// Select runs a builder and scans every row with fn.
func Select[T any](ctx context.Context, q Querier, b sq.Sqlizer, fn func(pgx.Row) (T, error)) ([]T, error) {
	sqlStr, args, err := b.ToSql()
	if err != nil {
		return nil, fmt.Errorf("build sql: %w", err)
	}
	rows, err := q.Query(ctx, sqlStr, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := fn(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// IsUniqueViolation reports whether err is a unique constraint violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
