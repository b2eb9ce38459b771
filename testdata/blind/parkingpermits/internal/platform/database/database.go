// Package database opens the Postgres pool and carries transactions through
// the context so repositories do not need to know whether they run inside one.
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

// Open connects with lib/pq and applies pool limits.
func Open(ctx context.Context, dsn string, maxOpen int) (*sqlx.DB, error) {
	db, err := sqlx.ConnectContext(ctx, "postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("database: connect: %w", err)
	}
	db.SetMaxOpenConns(maxOpen)
	db.SetMaxIdleConns(maxOpen / 2)
	db.SetConnMaxLifetime(30 * time.Minute)
	return db, nil
}

// Queryer is the part of sqlx shared by *sqlx.DB and *sqlx.Tx.
type Queryer interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

type txKey struct{}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (*sqlx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sqlx.Tx)
	return tx, ok
}

// WithTx returns a context that carries tx.
func WithTx(ctx context.Context, tx *sqlx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction carried by ctx, or db when there is none.
func Conn(ctx context.Context, db *sqlx.DB) Queryer {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "23505"
}

// NotFound maps sql.ErrNoRows to target and passes other errors through.
func NotFound(err, target error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return target
	}
	return err
}
