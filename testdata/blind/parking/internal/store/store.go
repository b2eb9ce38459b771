// Package store contains the PostgreSQL repositories. Each repository is a
// struct behind an interface so services can be exercised with fakes.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

// Querier is satisfied by both *sqlx.DB and *sqlx.Tx.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
	SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
}

// TxManager runs a function inside a database transaction.
type TxManager interface {
	InTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// Postgres is the TxManager backed by a sqlx pool.
type Postgres struct {
	DB *sqlx.DB
}

func NewPostgres(db *sqlx.DB) *Postgres { return &Postgres{DB: db} }

// InTx begins a transaction, runs fn and commits. The transaction is rolled
// back when fn returns an error or panics.
func (p *Postgres) InTx(ctx context.Context, fn func(tx *sqlx.Tx) error) (err error) {
	tx, err := p.DB.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer func() {
		if r := recover(); r != nil {
			_ = tx.Rollback()
			panic(r)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// q picks the transaction when one is supplied, otherwise the pool.
func q(db *sqlx.DB, tx *sqlx.Tx) Querier {
	if tx != nil {
		return tx
	}
	return db
}

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}
