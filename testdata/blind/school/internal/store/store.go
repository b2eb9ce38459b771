// Package store is the Postgres data access layer used by every service
// except the corporate invoicing module.
package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrNotFound is returned when a lookup matches no row.
var ErrNotFound = errors.New("store: not found")

// DBTX is satisfied by *pgxpool.Pool and pgx.Tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Store is the entry point services depend on: pool-level queries plus
// transactions.
type Store interface {
	Querier
	InTx(ctx context.Context, fn func(q Querier) error) error
}

// Repo implements Querier over a pool or a transaction.
type Repo struct {
	db DBTX
	tx pgx.Tx
}

// Tx returns the transaction the repo runs in, or nil outside InTx.
func (r *Repo) Tx() pgx.Tx { return r.tx }

type pgStore struct {
	*Repo
	pool *pgxpool.Pool
}

// New builds a Store on the pool.
func New(pool *pgxpool.Pool) Store {
	return &pgStore{Repo: &Repo{db: pool}, pool: pool}
}

// InTx runs fn in a read-committed transaction. The transaction commits
// when fn returns nil and rolls back otherwise.
func (s *pgStore) InTx(ctx context.Context, fn func(q Querier) error) error {
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		return fn(&Repo{db: tx, tx: tx})
	})
}

// TxOf returns the pgx transaction behind q, for libraries such as river
// that enlist in the caller's transaction.
func TxOf(q Querier) (pgx.Tx, bool) {
	r, ok := q.(*Repo)
	if !ok || r.tx == nil {
		return nil, false
	}
	return r.tx, true
}

// IsUniqueViolation reports whether err is a unique constraint failure.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
