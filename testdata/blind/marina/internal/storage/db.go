// Package storage is the Postgres persistence layer: small repositories over
// pgx, bundled into Repos, and a unit of work that runs a callback inside a
// transaction with a transaction-bound Repos.
package storage

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/harbourline/marina/internal/domain"
)

// Querier is the subset of pgx shared by *pgxpool.Pool and pgx.Tx.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// NewPool opens a pgx pool and verifies connectivity.
func NewPool(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	cfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open pool: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, nil
}

// Repos bundles every repository bound to one Querier.
type Repos struct {
	Boaters       BoaterRepository
	Reservations  ReservationRepository
	Contracts     ContractRepository
	Payments      PaymentRepository
	Refunds       RefundRepository
	Idempotency   IdempotencyRepository
	Fuel          FuelRepository
	WorkOrders    WorkOrderRepository
	Ledger        LedgerRepository
	Power         PowerRepository
	Notifications NotificationRepository
	Broadcasts    BroadcastRepository
	Outbox        OutboxRepository
	Settlement    SettlementRepository
	Arrivals      ArrivalRepository
	StripeEvents  StripeEventRepository
}

func newRepos(q Querier) *Repos {
	return &Repos{
		Boaters:       &boaterRepo{q: q},
		Reservations:  &reservationRepo{q: q},
		Contracts:     &contractRepo{q: q},
		Payments:      &paymentRepo{q: q},
		Refunds:       &refundRepo{q: q},
		Idempotency:   &idempotencyRepo{q: q},
		Fuel:          &fuelRepo{q: q},
		WorkOrders:    &workOrderRepo{q: q},
		Ledger:        &ledgerRepo{q: q},
		Power:         &powerRepo{q: q},
		Notifications: &notificationRepo{q: q},
		Broadcasts:    &broadcastRepo{q: q},
		Outbox:        &outboxRepo{q: q},
		Settlement:    &settlementRepo{q: q},
		Arrivals:      &arrivalRepo{q: q},
		StripeEvents:  &stripeEventRepo{q: q},
	}
}

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
