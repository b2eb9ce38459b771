// Package database holds the Postgres plumbing shared by the feature stores.
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

// Queryer is satisfied by both *sqlx.DB and *sqlx.Tx so store methods can
// run inside or outside a caller's transaction.
type Queryer interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

var (
	_ Queryer = (*sqlx.DB)(nil)
	_ Queryer = (*sqlx.Tx)(nil)
)

// ErrNotFound is returned by stores when a lookup matches no row.
var ErrNotFound = errors.New("not found")

// Open connects to Postgres and applies the pool settings we use everywhere.
func Open(ctx context.Context, url string) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", url)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(10)
	db.SetConnMaxLifetime(30 * time.Minute)

	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return db, nil
}

// TxRunner starts transactions. *Transactor implements it; features declare
// their own narrower interfaces where they only need part of it.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// Transactor runs functions inside a transaction.
type Transactor struct {
	DB *sqlx.DB
}

// NewTransactor wraps db.
func NewTransactor(db *sqlx.DB) *Transactor { return &Transactor{DB: db} }

// WithTx runs fn in a read-committed transaction, committing when fn returns
// nil and rolling back otherwise.
func (t *Transactor) WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) (err error) {
	tx, err := t.DB.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
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
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "23505"
	}
	return false
}

// NotFound maps sql.ErrNoRows to ErrNotFound and passes other errors through.
func NotFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
