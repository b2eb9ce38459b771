// Package database opens the Postgres pool and provides transaction helpers
// shared by every repository.
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Options configures the connection pool.
type Options struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
}

// Open connects to Postgres and verifies the connection.
func Open(ctx context.Context, opts Options) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", opts.DSN)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if opts.MaxOpenConns > 0 {
		db.SetMaxOpenConns(opts.MaxOpenConns)
	}
	if opts.MaxIdleConns > 0 {
		db.SetMaxIdleConns(opts.MaxIdleConns)
	}
	if opts.ConnMaxLifetime > 0 {
		db.SetConnMaxLifetime(opts.ConnMaxLifetime)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("ping postgres: %w", err)
	}
	return db, nil
}

// Ext is implemented by both *sqlx.DB and *sqlx.Tx, so repository methods can
// run either on the pool or inside a caller's transaction.
type Ext interface {
	sqlx.ExtContext
}

// TxFunc is the callback run inside a transaction.
type TxFunc func(ctx context.Context, tx *sqlx.Tx) error

// TxRunner runs callbacks inside a single database transaction. The
// transaction commits when the callback returns nil and rolls back otherwise.
type TxRunner interface {
	WithTx(ctx context.Context, fn TxFunc) error
}

type txRunner struct {
	db   *sqlx.DB
	opts *sql.TxOptions
}

// NewTxRunner returns a TxRunner using read-committed transactions.
func NewTxRunner(db *sqlx.DB) TxRunner {
	return &txRunner{db: db, opts: &sql.TxOptions{Isolation: sql.LevelReadCommitted}}
}

func (r *txRunner) WithTx(ctx context.Context, fn TxFunc) (err error) {
	tx, err := r.db.BeginTxx(ctx, r.opts)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(ctx, tx); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("rollback: %w", rbErr))
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "23505"
	}
	return false
}

// IsNoRows reports whether err is sql.ErrNoRows.
func IsNoRows(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}
