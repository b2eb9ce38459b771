// Package db opens the PostgreSQL connection pool.
package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq" // postgres driver

	"github.com/cityparking/parking/internal/config"
)

// Open connects to PostgreSQL and verifies the connection.
func Open(ctx context.Context, dsn string) (*sqlx.DB, func(), error) {
	conn, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, nil, fmt.Errorf("db: open: %w", err)
	}
	conn.SetMaxOpenConns(25)
	conn.SetMaxIdleConns(10)
	conn.SetConnMaxLifetime(30 * time.Minute)

	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := conn.PingContext(pingCtx); err != nil {
		_ = conn.Close()
		return nil, nil, fmt.Errorf("db: ping: %w", err)
	}
	return conn, func() { _ = conn.Close() }, nil
}

// Provide is the wire provider for the pool.
func Provide(ctx context.Context, cfg *config.Config) (*sqlx.DB, func(), error) {
	return Open(ctx, cfg.DatabaseURL)
}
