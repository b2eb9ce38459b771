package dbx

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/vowhall/venues/internal/domain"
)

// Get scans a single row into a T, mapping sql.ErrNoRows to domain.ErrNotFound.
func Get[T any](ctx context.Context, q Querier, query string, args ...any) (T, error) {
	var out T
	if err := q.GetContext(ctx, &out, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return out, domain.ErrNotFound
		}
		return out, err
	}
	return out, nil
}

// Select scans all rows into a []T. An empty result is not an error.
func Select[T any](ctx context.Context, q Querier, query string, args ...any) ([]T, error) {
	out := make([]T, 0)
	if err := q.SelectContext(ctx, &out, query, args...); err != nil {
		return nil, err
	}
	return out, nil
}

// Exec runs a statement and returns the number of affected rows.
func Exec(ctx context.Context, q Querier, query string, args ...any) (int64, error) {
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("rows affected: %w", err)
	}
	return n, nil
}

// ExecOne runs a statement that must touch exactly one row.
func ExecOne(ctx context.Context, q Querier, query string, args ...any) error {
	n, err := Exec(ctx, q, query, args...)
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrNotFound
	}
	return nil
}

const uniqueViolation = "23505"

// IsUniqueViolation reports whether err is a Postgres unique_violation,
// optionally restricted to the named constraints.
func IsUniqueViolation(err error, constraints ...string) bool {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != uniqueViolation {
		return false
	}
	if len(constraints) == 0 {
		return true
	}
	for _, c := range constraints {
		if pqErr.Constraint == c {
			return true
		}
	}
	return false
}

type PoolConfig struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
}

// Open connects to Postgres and checks the connection.
func Open(ctx context.Context, cfg PoolConfig) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", cfg.DSN)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db.SetMaxOpenConns(cfg.MaxOpenConns)
	db.SetMaxIdleConns(cfg.MaxIdleConns)
	db.SetConnMaxLifetime(cfg.ConnMaxLifetime)

	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("ping postgres: %w", err)
	}
	return db, nil
}
