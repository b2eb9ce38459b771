package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Options tunes the pool.
type Options struct {
	MaxOpen     int
	MaxIdle     int
	MaxLifetime time.Duration
}

// Open connects with lib/pq and pings once.
func Open(ctx context.Context, dsn string, o Options) (*sqlx.DB, error) {
	conn, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if o.MaxOpen > 0 {
		conn.SetMaxOpenConns(o.MaxOpen)
	}
	if o.MaxIdle > 0 {
		conn.SetMaxIdleConns(o.MaxIdle)
	}
	if o.MaxLifetime > 0 {
		conn.SetConnMaxLifetime(o.MaxLifetime)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := conn.PingContext(pingCtx); err != nil {
		_ = conn.Close()
		return nil, fmt.Errorf("ping postgres: %w", err)
	}
	return conn, nil
}

// IsUniqueViolation reports whether err is a Postgres 23505.
func IsUniqueViolation(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "23505"
	}
	return false
}

// ErrNotFound is returned by repositories when a lookup matches no row.
var ErrNotFound = errors.New("not found")
