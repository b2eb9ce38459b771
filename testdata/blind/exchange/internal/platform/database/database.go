// Package database opens the bun handle used by every binary.
package database

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
)

// Config holds connection settings.
type Config struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
	StatementTimout time.Duration
}

// Open connects to PostgreSQL through pgdriver and verifies the connection.
func Open(ctx context.Context, cfg Config) (*bun.DB, func(), error) {
	opts := []pgdriver.Option{pgdriver.WithDSN(cfg.DSN)}
	if cfg.StatementTimout > 0 {
		opts = append(opts, pgdriver.WithConnParams(map[string]interface{}{
			"statement_timeout": cfg.StatementTimout.Milliseconds(),
		}))
	}
	sqldb := sql.OpenDB(pgdriver.NewConnector(opts...))
	if cfg.MaxOpenConns > 0 {
		sqldb.SetMaxOpenConns(cfg.MaxOpenConns)
	}
	if cfg.MaxIdleConns > 0 {
		sqldb.SetMaxIdleConns(cfg.MaxIdleConns)
	}
	if cfg.ConnMaxLifetime > 0 {
		sqldb.SetConnMaxLifetime(cfg.ConnMaxLifetime)
	}
	db := bun.NewDB(sqldb, pgdialect.New())
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, nil, err
	}
	return db, func() { _ = db.Close() }, nil
}

// IsUniqueViolation reports whether err is a PostgreSQL unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr pgdriver.Error
	if errors.As(err, &pgErr) {
		return pgErr.Field('C') == "23505"
	}
	return false
}

// IsNoRows reports whether err means the query matched nothing.
func IsNoRows(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}

// RowsAffected extracts the affected row count, treating driver errors as
// zero rows.
func RowsAffected(res sql.Result) int64 {
	if res == nil {
		return 0
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0
	}
	return n
}
