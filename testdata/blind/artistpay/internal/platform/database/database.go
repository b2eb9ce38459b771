// Package database opens the shared PostgreSQL connection and provides
// transaction helpers on top of gorm.
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/wire"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/soundledger/artistpay/internal/config"
)

// ProviderSet wires the database handles.
var ProviderSet = wire.NewSet(Open, SQLDB)

// Open connects to PostgreSQL. The returned cleanup closes the pool.
func Open(cfg config.Config) (*gorm.DB, func(), error) {
	level := logger.Warn
	if cfg.Env == "development" {
		level = logger.Info
	}
	db, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(level),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, nil, fmt.Errorf("database: open: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, nil, fmt.Errorf("database: pool: %w", err)
	}
	sqlDB.SetMaxOpenConns(20)
	sqlDB.SetMaxIdleConns(5)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	cleanup := func() { _ = sqlDB.Close() }
	return db, cleanup, nil
}

// SQLDB exposes the standard library pool underneath gorm.
func SQLDB(db *gorm.DB) (*sql.DB, error) {
	return db.DB()
}

// InTx runs fn inside a transaction and returns its value.
func InTx[T any](ctx context.Context, db *gorm.DB, fn func(tx *gorm.DB) (T, error)) (T, error) {
	var out T
	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// IsUniqueViolation reports whether err is a PostgreSQL unique violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// IsNotFound reports whether err is gorm's record-not-found.
func IsNotFound(err error) bool {
	return errors.Is(err, gorm.ErrRecordNotFound)
}

// StdTx returns the *sql.Tx behind a gorm transaction handle.
func StdTx(tx *gorm.DB) (*sql.Tx, bool) {
	sqlTx, ok := tx.Statement.ConnPool.(*sql.Tx)
	return sqlTx, ok
}
