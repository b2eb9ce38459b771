package repo

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/tx"
)

type pgStore struct {
	pool *pgxpool.Pool
	q    *db.Queries
	inTx bool
}

// NewPostgres returns a Store backed by the pool. Every *db.Queries method
// set satisfies the repository interfaces directly.
func NewPostgres(pool *pgxpool.Pool) Store {
	return &pgStore{pool: pool, q: db.New(pool)}
}

func (s *pgStore) Applications() Applications   { return s.q }
func (s *pgStore) Loans() Loans                 { return s.q }
func (s *pgStore) Payments() Payments           { return s.q }
func (s *pgStore) Disbursements() Disbursements { return s.q }
func (s *pgStore) BankAccounts() BankAccounts   { return s.q }
func (s *pgStore) Fees() Fees                   { return s.q }
func (s *pgStore) Adjustments() Adjustments     { return s.q }
func (s *pgStore) Dedup() Dedup                 { return s.q }
func (s *pgStore) Outbox() Outbox               { return s.q }

func (s *pgStore) InTx(ctx context.Context, fn func(ctx context.Context, s Store) error) error {
	if s.inTx {
		return fn(ctx, s)
	}
	return tx.Do(ctx, s.pool, func(ctx context.Context, q *db.Queries) error {
		return fn(ctx, &pgStore{pool: s.pool, q: q, inTx: true})
	})
}
