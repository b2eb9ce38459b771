// Package database opens the Postgres connection pool used by every binary.
package database

import (
	"database/sql"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/summitline/skipass/internal/config"
)

// Open returns a bun.DB and a cleanup func that closes it.
func Open(cfg config.Config) (*bun.DB, func(), error) {
	connector := pgdriver.NewConnector(
		pgdriver.WithDSN(cfg.DatabaseURL),
		pgdriver.WithTimeout(5*time.Second),
		pgdriver.WithApplicationName("skipass"),
	)
	sqldb := sql.OpenDB(connector)
	sqldb.SetMaxOpenConns(20)
	sqldb.SetMaxIdleConns(5)
	sqldb.SetConnMaxLifetime(30 * time.Minute)

	db := bun.NewDB(sqldb, pgdialect.New())
	cleanup := func() { _ = db.Close() }
	return db, cleanup, nil
}
