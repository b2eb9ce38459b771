// Package store owns the database handle, the generic repository and the
// plumbing that carries a transaction through a context.
package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/encorelane/resale/internal/config"
)

// Open connects to Postgres and returns a cleanup func that closes the pool.
func Open(cfg *config.Config) (*gorm.DB, func(), error) {
	db, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, nil, fmt.Errorf("open database: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, nil, fmt.Errorf("database handle: %w", err)
	}
	sqlDB.SetMaxOpenConns(25)
	sqlDB.SetMaxIdleConns(10)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	return db, func() { _ = sqlDB.Close() }, nil
}

type txKey struct{}

// WithTx returns a context that carries tx. Repositories resolved through
// Conn pick it up, so helpers deep in a call chain join the caller's
// transaction without having it passed explicitly.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom reports the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (*gorm.DB, bool) {
	tx, ok := ctx.Value(txKey{}).(*gorm.DB)
	return tx, ok
}

// Conn returns the transaction in ctx when there is one, else db.
func Conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := TxFrom(ctx); ok {
		return tx.WithContext(ctx)
	}
	return db.WithContext(ctx)
}
