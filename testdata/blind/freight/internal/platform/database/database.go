// Package database opens the connection pools used by the repositories.
package database

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/acme/freight/internal/config"
)

// NewPool opens the pgx pool used by pgx repositories, txm and River.
func NewPool(ctx context.Context, cfg *config.Config) (*pgxpool.Pool, func(), error) {
	pc, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("database: parse url: %w", err)
	}
	pc.MaxConns = 20
	pc.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, nil, fmt.Errorf("database: open pool: %w", err)
	}
	return pool, pool.Close, nil
}

// NewBun opens a bun.DB over database/sql using the pgx stdlib driver.
func NewBun(cfg *config.Config) (*bun.DB, func(), error) {
	sqldb, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("database: open bun: %w", err)
	}
	sqldb.SetMaxOpenConns(10)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	db := bun.NewDB(sqldb, pgdialect.New())
	return db, func() { _ = db.Close() }, nil
}
