// Package db opens the Postgres connection pool used by the repositories.
package db

import (
	"context"
	"fmt"
	"time"

	"github.com/google/wire"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/jmoiron/sqlx"

	"github.com/tradeloop/homeservices/internal/config"
)

// ProviderSet provides *sqlx.DB.
var ProviderSet = wire.NewSet(Open)

// Open connects to Postgres through pgx's database/sql driver.
func Open(cfg config.DB) (*sqlx.DB, func(), error) {
	db, err := sqlx.Open("pgx", cfg.URL)
	if err != nil {
		return nil, nil, fmt.Errorf("db: open: %w", err)
	}
	db.SetMaxOpenConns(cfg.MaxOpenConns)
	db.SetMaxIdleConns(cfg.MaxOpenConns / 2)
	db.SetConnMaxLifetime(30 * time.Minute)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, nil, fmt.Errorf("db: ping: %w", err)
	}
	return db, func() { _ = db.Close() }, nil
}
