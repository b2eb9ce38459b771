package storage

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Tx is the view of the database handed to a unit-of-work callback.
type Tx struct {
	*Repos
	raw pgx.Tx
}

// Raw exposes the underlying pgx transaction, for libraries such as river
// that enqueue inside the caller's transaction.
func (t *Tx) Raw() pgx.Tx { return t.raw }

// UnitOfWork runs fn inside a single database transaction. The transaction
// commits when fn returns nil and rolls back otherwise.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, tx *Tx) error) error
}

// Store is the entry point services depend on: pool-bound repositories for
// single statements and a unit of work for multi-statement changes.
type Store interface {
	UnitOfWork
	Repos() *Repos
}

type pgStore struct {
	pool  *pgxpool.Pool
	repos *Repos
}

// NewStore builds a Store over pool.
func NewStore(pool *pgxpool.Pool) Store {
	return &pgStore{pool: pool, repos: newRepos(pool)}
}

func (s *pgStore) Repos() *Repos { return s.repos }

func (s *pgStore) Do(ctx context.Context, fn func(ctx context.Context, tx *Tx) error) (err error) {
	raw, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = raw.Rollback(context.WithoutCancel(ctx))
			panic(p)
		}
		if err != nil {
			_ = raw.Rollback(context.WithoutCancel(ctx))
		}
	}()

	if err = fn(ctx, &Tx{Repos: newRepos(raw), raw: raw}); err != nil {
		return err
	}
	if err = raw.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
