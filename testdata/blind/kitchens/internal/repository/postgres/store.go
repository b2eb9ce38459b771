// Package postgres implements the repository interfaces on PostgreSQL
// using sqlx and lib/pq.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/repository"
)

// Store is the Postgres-backed repository.Store.
type Store struct {
	db *sqlx.DB
	q  sqlx.ExtContext
}

var _ repository.Store = (*Store)(nil)

// New returns a Store whose repositories run in autocommit mode.
func New(db *sqlx.DB) *Store {
	return &Store{db: db, q: db}
}

// InTx runs fn inside a single transaction. Nested calls reuse the outer
// transaction.
func (s *Store) InTx(ctx context.Context, fn func(tx repository.Store) error) (err error) {
	if _, nested := s.q.(*sqlx.Tx); nested {
		return fn(s)
	}
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("postgres: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(&Store{db: s.db, q: tx}); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("postgres: commit: %w", err)
	}
	return nil
}

func (s *Store) Bookings() repository.BookingRepository         { return bookingRepo{s.q} }
func (s *Store) Kitchens() repository.KitchenRepository         { return kitchenRepo{s.q} }
func (s *Store) Idempotency() repository.IdempotencyRepository  { return idempotencyRepo{s.q} }
func (s *Store) Charges() repository.ChargeRepository           { return chargeRepo{s.q} }
func (s *Store) Deposits() repository.DepositRepository         { return depositRepo{s.q} }
func (s *Store) DamageClaims() repository.DamageClaimRepository { return claimRepo{s.q} }
func (s *Store) Ledger() repository.LedgerRepository            { return ledgerRepo{s.q} }
func (s *Store) WebhookEvents() repository.WebhookEventRepository {
	return webhookEventRepo{s.q}
}
func (s *Store) Earnings() repository.EarningsRepository { return earningsRepo{s.q} }
func (s *Store) Payouts() repository.PayoutRepository    { return payoutRepo{s.q} }
func (s *Store) PayoutAccounts() repository.PayoutAccountRepository {
	return payoutAccountRepo{s.q}
}
func (s *Store) Inspections() repository.InspectionRepository { return inspectionRepo{s.q} }
func (s *Store) Cleaning() repository.CleaningRepository      { return cleaningRepo{s.q} }
func (s *Store) Usage() repository.UsageRepository            { return usageRepo{s.q} }
func (s *Store) Messages() repository.ProcessedMessageRepository {
	return messageRepo{s.q}
}
func (s *Store) TaskAttempts() repository.TaskAttemptRepository { return taskAttemptRepo{s.q} }

// Postgres error codes we map to domain errors.
const (
	codeUniqueViolation    = "23505"
	codeExclusionViolation = "23P01"
)

func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		switch pqErr.Code {
		case codeExclusionViolation:
			return fmt.Errorf("%w: %s", domain.ErrSlotUnavailable, pqErr.Constraint)
		case codeUniqueViolation:
			return fmt.Errorf("%w: %s", domain.ErrConflict, pqErr.Constraint)
		}
	}
	return err
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, mapErr(err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}
