// Package db wraps sqlx with a transaction-in-context helper so that
// repositories participate in whatever transaction the service opened.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Querier is the subset of sqlx shared by *sqlx.DB and *sqlx.Tx that the
// repositories use.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
	SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
	NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error)
}

// DB is the application's handle on Postgres.
type DB struct {
	*sqlx.DB
}

// Config holds connection settings.
type Config struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
}

// Open connects to Postgres and returns the handle together with a cleanup
// function suitable for wire.
func Open(cfg Config) (*DB, func(), error) {
	conn, err := sqlx.Open("postgres", cfg.DSN)
	if err != nil {
		return nil, nil, fmt.Errorf("db: open: %w", err)
	}
	if cfg.MaxOpenConns > 0 {
		conn.SetMaxOpenConns(cfg.MaxOpenConns)
	}
	if cfg.MaxIdleConns > 0 {
		conn.SetMaxIdleConns(cfg.MaxIdleConns)
	}
	if cfg.ConnMaxLifetime > 0 {
		conn.SetConnMaxLifetime(cfg.ConnMaxLifetime)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := conn.PingContext(ctx); err != nil {
		_ = conn.Close()
		return nil, nil, fmt.Errorf("db: ping: %w", err)
	}
	return &DB{DB: conn}, func() { _ = conn.Close() }, nil
}

type txKey struct{}

// Conn returns the transaction bound to ctx, or the pool when there is none.
func (d *DB) Conn(ctx context.Context) Querier {
	if tx, ok := ctx.Value(txKey{}).(*sqlx.Tx); ok {
		return tx
	}
	return d.DB
}

// InTx reports whether ctx carries a transaction.
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*sqlx.Tx)
	return ok
}

// Tx runs fn in a transaction carried by the context passed to fn. A nested
// call joins the outer transaction instead of opening a new one, so services
// can compose without caring who owns the commit.
func (d *DB) Tx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if InTx(ctx) {
		return fn(ctx)
	}
	tx, err := d.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				err = errors.Join(err, fmt.Errorf("db: rollback: %w", rbErr))
			}
			return
		}
		if cErr := tx.Commit(); cErr != nil {
			err = fmt.Errorf("db: commit: %w", cErr)
		}
	}()
	return fn(context.WithValue(ctx, txKey{}, tx))
}

// Transactor is what services depend on; *DB satisfies it.
type Transactor interface {
	Tx(ctx context.Context, fn func(ctx context.Context) error) error
}

const uniqueViolation = "23505"

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == uniqueViolation
	}
	return false
}

// IsNoRows reports whether err is sql.ErrNoRows.
func IsNoRows(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}
