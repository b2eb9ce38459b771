// Package store owns the pool: every query runs on it directly, or in
// one transaction through ExecTx.
package store

import (
	"context"
	"database/sql"

	"example.com/wiredsqlc/db"
)

// Store is the queries on the pool, and transactions.
type Store struct {
	*db.Queries
	pool *sql.DB
}

// New returns the store of pool.
func New(pool *sql.DB) *Store {
	return &Store{Queries: db.New(pool), pool: pool}
}

// ExecTx runs fn in a transaction and commits when it succeeds.
func (s *Store) ExecTx(ctx context.Context, fn func(*db.Queries) error) error {
	tx, err := s.pool.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(s.Queries.WithTx(tx)); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Flex is the queries on the pool or, once begun, on a transaction:
// which one a method runs on depends on the value at hand.
type Flex struct {
	*db.Queries
	pool *sql.DB
}

// NewFlex returns a Flex on pool.
func NewFlex(pool *sql.DB) *Flex { return &Flex{Queries: db.New(pool), pool: pool} }

// Begin returns a Flex on a new transaction.
func (f *Flex) Begin(ctx context.Context) (*Flex, *sql.Tx, error) {
	tx, err := f.pool.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	return &Flex{Queries: f.Queries.WithTx(tx), pool: f.pool}, tx, nil
}

// Rebalance moves credit, on whatever the Flex runs on.
func (f *Flex) Rebalance(ctx context.Context, customer, orderID string) error {
	if err := f.Queries.AddCredit(ctx, customer, -100); err != nil {
		return err
	}
	return f.Queries.InsertAdjustment(ctx, orderID, -100)
}
