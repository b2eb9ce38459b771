// Package database opens the PostgreSQL connection and provides the
// transaction manager used by the repositories.
package database

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/northgate-museums/visitor-platform/internal/platform/config"
)

func Open(cfg *config.Config, log *zap.Logger) (*gorm.DB, error) {
	level := logger.Warn
	if cfg.Env == "development" {
		level = logger.Info
	}
	db, err := gorm.Open(postgres.Open(cfg.Database.DSN), &gorm.Config{
		Logger:                 logger.Default.LogMode(level),
		SkipDefaultTransaction: true,
		PrepareStmt:            true,
	})
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(cfg.Database.MaxOpenConns)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	log.Info("database connected", zap.Int("max_open_conns", cfg.Database.MaxOpenConns))
	return db, nil
}

type txKey struct{}

// TxManager runs functions inside a database transaction and carries the
// transaction on the context so repositories join it transparently.
type TxManager struct {
	db *gorm.DB
}

func NewTxManager(db *gorm.DB) *TxManager {
	return &TxManager{db: db}
}

// WithinTx runs fn in a transaction. Nested calls join the outer transaction.
func (m *TxManager) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Conn returns the transaction bound to ctx, or the pool.
func (m *TxManager) Conn(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx
	}
	return m.db.WithContext(ctx)
}

// Conner is implemented by TxManager; repositories depend on it so they work
// both inside and outside a transaction.
type Conner interface {
	Conn(ctx context.Context) *gorm.DB
}

// Transactor is the part of TxManager the application layer uses.
type Transactor interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}
