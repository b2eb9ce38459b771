// Package store implements persistence on PostgreSQL: the pool wrapper, the
// generic row helpers and the repositories the services depend on.
package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/quillsign/esign/internal/store/queries"
)

// DB wraps the pool and adds transaction helpers. It satisfies
// queries.DBTX, so queries run on it in autocommit mode.
type DB struct {
	*pgxpool.Pool
}

// NewDB wraps a pool.
func NewDB(pool *pgxpool.Pool) *DB {
	return &DB{Pool: pool}
}

// InTx runs fn in a transaction that is committed if fn returns nil.
func (db *DB) InTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	if err := pgx.BeginFunc(ctx, db.Pool, fn); err != nil {
		return fmt.Errorf("tx: %w", err)
	}
	return nil
}

// TxRunner is anything that can run a function in a transaction.
type TxRunner interface {
	InTx(ctx context.Context, fn func(tx pgx.Tx) error) error
}

// InTxResult is InTx for functions that return a value.
func InTxResult[T any](ctx context.Context, db TxRunner, fn func(tx pgx.Tx) (T, error)) (T, error) {
	var out T
	err := db.InTx(ctx, func(tx pgx.Tx) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// IdempotencyStore keeps the responses of API requests sent with an
// Idempotency-Key header.
type IdempotencyStore struct {
	db *DB
}

// NewIdempotencyStore returns a store backed by db.
func NewIdempotencyStore(db *DB) *IdempotencyStore { return &IdempotencyStore{db: db} }

// Lookup returns the saved response for key, or nil.
func (s *IdempotencyStore) Lookup(ctx context.Context, accountID, key string) (*queries.StoredResponse, error) {
	return queries.GetStoredResponse(ctx, s.db, accountID, key)
}

// Save stores the response for key. The first saved response wins.
func (s *IdempotencyStore) Save(ctx context.Context, accountID, key string, r queries.StoredResponse) error {
	return queries.SaveStoredResponse(ctx, s.db, accountID, key, r)
}

// ProcessedEvents records Stripe webhook events that have been handled.
type ProcessedEvents struct {
	db *DB
}

// NewProcessedEvents returns a ProcessedEvents backed by db.
func NewProcessedEvents(db *DB) *ProcessedEvents { return &ProcessedEvents{db: db} }

// Seen reports whether the event was handled before.
func (p *ProcessedEvents) Seen(ctx context.Context, eventID string) (bool, error) {
	return queries.StripeEventProcessed(ctx, p.db, eventID)
}

// MarkProcessed records the event as handled.
func (p *ProcessedEvents) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	return queries.InsertStripeEvent(ctx, p.db, eventID, eventType)
}

// UsageRepo manages usage records once they are billed.
type UsageRepo struct {
	db *DB
}

// NewUsageRepo returns a UsageRepo backed by db.
func NewUsageRepo(db *DB) *UsageRepo { return &UsageRepo{db: db} }

// MarkInvoiced attaches the usage records to an invoice.
func (r *UsageRepo) MarkInvoiced(ctx context.Context, invoiceID string, usageIDs []string) error {
	if len(usageIDs) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return queries.MarkUsageInvoiced(ctx, r.db, invoiceID, usageIDs)
}
