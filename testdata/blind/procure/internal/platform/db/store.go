package db

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Store owns the connection pool and runs units of work.
type Store struct {
	db *sqlx.DB
}

// NewStore wraps an open pool.
func NewStore(conn *sqlx.DB) *Store {
	return &Store{db: conn}
}

// DB returns a Querier that runs statements outside any transaction.
func (s *Store) DB() Querier { return s.db }

// Raw returns the pool itself.
func (s *Store) Raw() *sqlx.DB { return s.db }

// ExecTx runs fn in a transaction and commits when it returns nil.
func (s *Store) ExecTx(ctx context.Context, fn func(q Querier) error) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil {
			return fmt.Errorf("%w (rollback: %v)", err, rbErr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
