// Package sqldb opens the reservations ledger and carries transactions in the
// request context so repositories can join a unit of work without knowing
// about it.
package sqldb

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// Config controls the connection pool of the ledger database.
type Config struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
}

// Option adjusts a Config before the pool is opened.
type Option func(*Config)

// WithPool sets the pool limits.
func WithPool(open, idle int) Option {
	return func(c *Config) {
		c.MaxOpenConns = open
		c.MaxIdleConns = idle
	}
}

// WithConnLifetime caps the lifetime of a pooled connection.
func WithConnLifetime(d time.Duration) Option {
	return func(c *Config) { c.ConnMaxLifetime = d }
}

// Open opens and pings a pgx-backed *sql.DB.
func Open(ctx context.Context, dsn string, opts ...Option) (*sql.DB, error) {
	cfg := Config{DSN: dsn, MaxOpenConns: 20, MaxIdleConns: 5, ConnMaxLifetime: 30 * time.Minute}
	for _, o := range opts {
		o(&cfg)
	}
	db, err := sql.Open("pgx", cfg.DSN)
	if err != nil {
		return nil, fmt.Errorf("sqldb: open: %w", err)
	}
	db.SetMaxOpenConns(cfg.MaxOpenConns)
	db.SetMaxIdleConns(cfg.MaxIdleConns)
	db.SetConnMaxLifetime(cfg.ConnMaxLifetime)

	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("sqldb: ping: %w", err)
	}
	return db, nil
}

// Executor is the subset of *sql.DB and *sql.Tx used by repositories.
type Executor interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type txKey struct{}

// WithTx returns a context carrying tx.
func WithTx(ctx context.Context, tx *sql.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sql.Tx)
	return tx, ok && tx != nil
}

// Conn returns the transaction in ctx when there is one, otherwise db.
func Conn(ctx context.Context, db *sql.DB) Executor {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}
