// Package platform holds cross-cutting helpers shared by the binaries:
// database plumbing, ID generation, configuration and HTTP transport.
package platform

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline/coldchain/internal/db"
)

// ScanFunc turns one row into a T.
type ScanFunc[T any] func(db.Scanner) (T, error)

// Store is a small generic accessor for tables whose reads are simple
// "SELECT <columns> FROM <table> WHERE ..." lookups. Writes stay in the db
// package where each statement is spelled out.
type Store[T any] struct {
	dbtx    db.DBTX
	table   string
	key     string
	columns string
	scan    ScanFunc[T]
}

// NewStore builds a Store for table, identified by the key column.
func NewStore[T any](dbtx db.DBTX, table, key, columns string, scan ScanFunc[T]) *Store[T] {
	return &Store[T]{dbtx: dbtx, table: table, key: key, columns: columns, scan: scan}
}

// WithTx returns a Store that reads through tx.
func (s *Store[T]) WithTx(tx pgx.Tx) *Store[T] {
	cp := *s
	cp.dbtx = tx
	return &cp
}

// Get loads the row whose key column equals id.
func (s *Store[T]) Get(ctx context.Context, id any) (T, error) {
	sql := fmt.Sprintf("SELECT %s FROM %s WHERE %s = $1", s.columns, s.table, s.key)
	return s.scan(s.dbtx.QueryRow(ctx, sql, id))
}

// Exists reports whether a row with the given key exists.
func (s *Store[T]) Exists(ctx context.Context, id any) (bool, error) {
	sql := fmt.Sprintf("SELECT EXISTS (SELECT 1 FROM %s WHERE %s = $1)", s.table, s.key)
	var ok bool
	err := s.dbtx.QueryRow(ctx, sql, id).Scan(&ok)
	return ok, err
}

// NewPool opens a pgx pool and checks connectivity.
func NewPool(ctx context.Context, cfg Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	pcfg.MaxConns = cfg.DatabaseMaxConns
	pcfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("open pool: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, nil
}

// TxRunner runs functions inside a database transaction.
type TxRunner struct {
	pool *pgxpool.Pool
}

func NewTxRunner(pool *pgxpool.Pool) *TxRunner {
	return &TxRunner{pool: pool}
}

// InTx begins a transaction, runs fn and commits if fn returns nil.
func (r *TxRunner) InTx(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, r.pool, fn)
}
