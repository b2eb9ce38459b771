// Package store runs units of work against Postgres: sqlc queries and
// outbox messages share one transaction.
package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
)

// Tx is the handle passed to a unit of work.
type Tx struct {
	Q      *db.Queries
	SQL    *sql.Tx
	Events *events.Publisher
}

// Store owns the connection pool.
type Store struct {
	DB     *sql.DB
	Q      *db.Queries
	logger watermill.LoggerAdapter
}

// New returns a Store over pool.
func New(pool *sql.DB, logger watermill.LoggerAdapter) *Store {
	return &Store{DB: pool, Q: db.New(pool), logger: logger}
}

// WithTx runs fn in a transaction. The transaction commits if fn returns
// nil and rolls back otherwise.
func (s *Store) WithTx(ctx context.Context, fn func(tx Tx) error) error {
	sqlTx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	pub, err := events.TxPublisher(sqlTx, s.logger)
	if err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	if err := fn(Tx{Q: s.Q.WithTx(sqlTx), SQL: sqlTx, Events: pub}); err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
