// Package postgres implements the storage ports over sqlx and lib/pq.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq" // driver

	"github.com/pawpath/vetclinic/internal/errs"
)

// Open connects to PostgreSQL and verifies the connection.
func Open(ctx context.Context, dsn string) (*sqlx.DB, error) {
	const op errs.Op = "postgres.Open"
	db, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, errs.E(op, errs.Internal, err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(10)
	db.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, errs.E(op, errs.Unavailable, err)
	}
	return db, nil
}

type txKey struct{}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (*sqlx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sqlx.Tx)
	return tx, ok
}

// querier is the subset of sqlx shared by *sqlx.DB and *sqlx.Tx.
type querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

// Store is embedded by every repository; it picks the transaction out of
// the context when there is one.
type Store struct {
	db *sqlx.DB
}

func NewStore(db *sqlx.DB) Store { return Store{db: db} }

func (s Store) q(ctx context.Context) querier {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return s.db
}

// TxManager implements ports.TxRunner.
type TxManager struct {
	db *sqlx.DB
}

func NewTxManager(db *sqlx.DB) *TxManager { return &TxManager{db: db} }

// WithTx runs fn in a transaction. Nested calls reuse the outer transaction.
func (m *TxManager) WithTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	const op errs.Op = "postgres.WithTx"
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := m.db.BeginTxx(ctx, nil)
	if err != nil {
		return errs.E(op, errs.Unavailable, err)
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
	if err = fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return errs.E(op, errs.Unavailable, err)
	}
	return nil
}

func notFound(op errs.Op, err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return errs.E(op, errs.NotFound, err)
	}
	return errs.E(op, errs.Internal, err)
}
