// Package repo hands out the module's repositories from one store.
package repo

import (
	"context"
	"database/sql"

	"example.com/wiredget/db"
)

// Accounts changes balances.
type Accounts interface {
	Debit(ctx context.Context, account string, cents int64) error
	Credit(ctx context.Context, account string, cents int64) error
}

// Store hands out the repositories, on the pool or in a transaction.
type Store interface {
	Accounts() Accounts
	InTx(ctx context.Context, fn func(Store) error) error
}

type pgStore struct {
	pool *sql.DB
	q    *db.Queries
}

// NewPostgres returns the store on the pool.
func NewPostgres(pool *sql.DB) Store { return &pgStore{pool: pool, q: db.New(pool)} }

func (s *pgStore) Accounts() Accounts { return s.q }

func (s *pgStore) InTx(ctx context.Context, fn func(Store) error) error {
	tx, err := s.pool.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(&txStore{q: db.New(tx)}); err != nil {
		return err
	}
	return tx.Commit()
}

type txStore struct{ q *db.Queries }

func (s *txStore) Accounts() Accounts { return s.q }

func (s *txStore) InTx(ctx context.Context, fn func(Store) error) error { return fn(s) }
