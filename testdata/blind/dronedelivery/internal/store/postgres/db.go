// Package postgres implements the store interfaces on PostgreSQL via pgx.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// DBTX is satisfied by *pgxpool.Pool and pgx.Tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Store is the pgx-backed implementation of store.Store.
type Store struct {
	repos
	pool   *pgxpool.Pool
	txOpts pgx.TxOptions
	log    *slog.Logger
}

// Option configures a Store.
type Option func(*Store)

// WithIsolation sets the isolation level used by InTx.
func WithIsolation(level pgx.TxIsoLevel) Option {
	return func(s *Store) { s.txOpts.IsoLevel = level }
}

// WithLogger sets the logger used for transaction diagnostics.
func WithLogger(l *slog.Logger) Option {
	return func(s *Store) { s.log = l }
}

// New returns a Store backed by pool.
func New(pool *pgxpool.Pool, opts ...Option) *Store {
	s := &Store{
		repos:  repos{db: pool},
		pool:   pool,
		txOpts: pgx.TxOptions{IsoLevel: pgx.ReadCommitted},
		log:    slog.Default(),
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// InTx runs fn inside a transaction; fn's repositories are bound to it.
func (s *Store) InTx(ctx context.Context, fn func(store.Repos) error) error {
	start := time.Now()
	err := pgx.BeginTxFunc(ctx, s.pool, s.txOpts, func(tx pgx.Tx) error {
		return fn(repos{db: tx})
	})
	if err != nil {
		s.log.DebugContext(ctx, "transaction rolled back", "err", err, "elapsed", time.Since(start))
	}
	return err
}

// Connect opens a pool and verifies connectivity.
func Connect(ctx context.Context, dsn string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("parse dsn: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open pool: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping: %w", err)
	}
	return pool, nil
}

type repos struct{ db DBTX }

func (r repos) Orders() store.Orders                   { return orderRepo{r.db} }
func (r repos) FlightPlans() store.FlightPlans         { return flightPlanRepo{r.db} }
func (r repos) Batteries() store.Batteries             { return batteryRepo{r.db} }
func (r repos) ProofOfDelivery() store.ProofOfDelivery { return podRepo{r.db} }
func (r repos) Merchants() store.Merchants             { return merchantRepo{r.db} }
func (r repos) Ledger() store.Ledger                   { return ledgerRepo{r.db} }
func (r repos) Refunds() store.Refunds                 { return refundRepo{r.db} }
func (r repos) Invoices() store.Invoices               { return invoiceRepo{r.db} }
func (r repos) Telemetry() store.Telemetry             { return telemetryRepo{r.db} }
func (r repos) Inbox() store.Inbox                     { return inboxRepo{r.db} }
func (r repos) IdempotencyKeys() store.IdempotencyKeys { return idemRepo{r.db} }
func (r repos) CommandLog() store.CommandLog           { return commandLogRepo{r.db} }

// mapErr converts driver errors into domain errors.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("%w: %s", domain.ErrConflict, pgErr.ConstraintName)
	}
	return err
}
