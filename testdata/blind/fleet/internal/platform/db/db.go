// Package db opens the Postgres pools used by the repositories and runs
// units of work inside transactions.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/acme/fleet/internal/config"
)

// Ext is what repositories need from a connection: it is satisfied by the
// pool (*sqlx.DB) and by an open transaction (*sqlx.Tx), so a repository
// method can take part in a caller's transaction or run on its own.
type Ext interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// Open connects the shared sqlx pool through the pgx stdlib driver.
func Open(cfg config.Config) (*sqlx.DB, func(), error) {
	pool, err := sqlx.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("open database: %w", err)
	}
	pool.SetMaxOpenConns(25)
	pool.SetMaxIdleConns(5)
	pool.SetConnMaxIdleTime(5 * time.Minute)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := pool.PingContext(ctx); err != nil {
		_ = pool.Close()
		return nil, nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, func() { _ = pool.Close() }, nil
}

// OpenGorm wraps the same pool for the maintenance area, which uses gorm.
func OpenGorm(pool *sqlx.DB) (*gorm.DB, error) {
	return gorm.Open(postgres.New(postgres.Config{Conn: pool.DB}), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
}

// Pool exposes the sqlx pool as an Ext for code that runs outside a transaction.
func Pool(pool *sqlx.DB) Ext { return pool }

// TxRunner runs a function inside a database transaction.
type TxRunner struct {
	pool *sqlx.DB
	opts *sql.TxOptions
}

func NewTxRunner(pool *sqlx.DB) *TxRunner {
	return &TxRunner{pool: pool, opts: &sql.TxOptions{Isolation: sql.LevelReadCommitted}}
}

// InTx begins a transaction, hands it to fn and commits if fn returns nil.
// Any error or panic rolls the transaction back.
func (r *TxRunner) InTx(ctx context.Context, fn func(q Ext) error) (err error) {
	tx, err := r.pool.BeginTxx(ctx, r.opts)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
