// Package db holds the database/sql plumbing shared by the sqlx repositories.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"

	"github.com/northmill/procure/internal/platform/config"
)

// Querier is satisfied by both *sqlx.DB and *sqlx.Tx, so repositories can
// run inside or outside a transaction.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

var (
	_ Querier = (*sqlx.DB)(nil)
	_ Querier = (*sqlx.Tx)(nil)
)

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("not found")

// Open connects to Postgres through pgx's database/sql driver.
func Open(cfg config.Config) (*sqlx.DB, func(), error) {
	conn, err := sqlx.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("db: open: %w", err)
	}
	conn.SetMaxOpenConns(cfg.DBMaxOpenConns)
	conn.SetMaxIdleConns(cfg.DBMaxOpenConns / 2)
	conn.SetConnMaxIdleTime(5 * time.Minute)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := conn.PingContext(ctx); err != nil {
		_ = conn.Close()
		return nil, nil, fmt.Errorf("db: ping: %w", err)
	}
	return conn, func() { _ = conn.Close() }, nil
}

// SQLDB exposes the underlying *sql.DB for libraries that want one.
func SQLDB(x *sqlx.DB) *sql.DB { return x.DB }

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// Get runs a single-row query and scans it into a new T.
func Get[T any](ctx context.Context, q Querier, query string, args ...any) (T, error) {
	var out T
	if err := q.GetContext(ctx, &out, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return out, ErrNotFound
		}
		return out, err
	}
	return out, nil
}

// Select runs a query and scans all rows into a slice of T.
func Select[T any](ctx context.Context, q Querier, query string, args ...any) ([]T, error) {
	var out []T
	if err := q.SelectContext(ctx, &out, query, args...); err != nil {
		return nil, err
	}
	return out, nil
}

// ExpectOne returns ErrNotFound when an UPDATE or DELETE touched no rows.
func ExpectOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}
