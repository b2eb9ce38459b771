// Package db holds the hand-written, sqlc-style query layer. Every query is a
// method on *Queries so it can run either against the pool or inside a
// transaction opened by Store.ExecTx.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// DBTX is satisfied by *sql.DB, *sql.Conn and *sql.Tx.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Queries wraps a DBTX.
type Queries struct {
	db DBTX
}

// New returns Queries bound to db.
func New(db DBTX) *Queries {
	return &Queries{db: db}
}

// WithTx returns a copy of q that runs against tx.
func (q *Queries) WithTx(tx *sql.Tx) *Queries {
	return &Queries{db: tx}
}

// Tx returns the transaction q is bound to, if any. Job enqueuers use it to
// insert river jobs atomically with the rows that caused them.
func (q *Queries) Tx() (*sql.Tx, bool) {
	tx, ok := q.db.(*sql.Tx)
	return tx, ok
}

// Store provides all queries plus transactional execution.
type Store struct {
	*Queries
	db *sql.DB
}

// NewStore builds a Store over the pool.
func NewStore(pool *sql.DB) *Store {
	return &Store{Queries: New(pool), db: pool}
}

// DB exposes the pool for components that manage their own statements.
func (s *Store) DB() *sql.DB { return s.db }

// ExecTx runs fn inside a single database transaction. The transaction is
// committed if fn returns nil and rolled back otherwise.
func (s *Store) ExecTx(ctx context.Context, fn func(q *Queries) error) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	if err := fn(New(tx)); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			return fmt.Errorf("tx err: %v, rollback err: %w", err, rbErr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// ErrNotFound is returned by single-row getters when no row matches.
var ErrNotFound = errors.New("db: not found")

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
