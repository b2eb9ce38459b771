// Package store implements the repositories over Postgres with sqlx.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/wire"
	"github.com/jmoiron/sqlx"

	"github.com/tradeloop/homeservices/internal/domain"
)

// ProviderSet provides the pool-backed Repos and the UnitOfWork.
var ProviderSet = wire.NewSet(
	NewRepos,
	NewUnitOfWork,
	wire.Bind(new(UnitOfWork), new(*SQLUnitOfWork)),
)

// Repos is the full set of repositories bound to one executor: either the
// pool or a transaction.
type Repos struct {
	Jobs            JobRepository
	Quotes          QuoteRepository
	Appointments    AppointmentRepository
	Messages        MessageRepository
	JobEvents       JobEventRepository
	Reviews         ReviewRepository
	Customers       CustomerRepository
	Technicians     TechnicianRepository
	Holds           HoldRepository
	Refunds         RefundRepository
	Payouts         PayoutRepository
	Ledger          LedgerRepository
	Invoices        InvoiceRepository
	Offers          OfferRepository
	Assignments     AssignmentRepository
	Escalations     EscalationRepository
	Locations       LocationRepository
	ETANotices      ETANoticeRepository
	Notifications   NotificationRepository
	InboundSMS      InboundSMSRepository
	Claims          ClaimRepository
	Authorizations  AuthorizationRepository
	Idempotency     IdempotencyRepository
	ProcessedEvents ProcessedEventRepository
}

// NewRepos binds all repositories to the connection pool.
func NewRepos(db *sqlx.DB) *Repos { return newRepos(db) }

func newRepos(x sqlx.ExtContext) *Repos {
	return &Repos{
		Jobs:            &jobRepo{x},
		Quotes:          &quoteRepo{x},
		Appointments:    &appointmentRepo{x},
		Messages:        &messageRepo{x},
		JobEvents:       &jobEventRepo{x},
		Reviews:         &reviewRepo{x},
		Customers:       &customerRepo{x},
		Technicians:     &technicianRepo{x},
		Holds:           &holdRepo{x},
		Refunds:         &refundRepo{x},
		Payouts:         &payoutRepo{x},
		Ledger:          &ledgerRepo{x},
		Invoices:        &invoiceRepo{x},
		Offers:          &offerRepo{x},
		Assignments:     &assignmentRepo{x},
		Escalations:     &escalationRepo{x},
		Locations:       &locationRepo{x},
		ETANotices:      &etaNoticeRepo{x},
		Notifications:   &notificationRepo{x},
		InboundSMS:      &inboundSMSRepo{x},
		Claims:          &claimRepo{x},
		Authorizations:  &authorizationRepo{x},
		Idempotency:     &idempotencyRepo{x},
		ProcessedEvents: &processedEventRepo{x},
	}
}

// UnitOfWork runs a callback with repositories bound to one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, tx *Repos) error) error
}

// SQLUnitOfWork implements UnitOfWork with *sqlx.Tx.
type SQLUnitOfWork struct {
	db *sqlx.DB
}

// NewUnitOfWork builds a SQLUnitOfWork.
func NewUnitOfWork(db *sqlx.DB) *SQLUnitOfWork { return &SQLUnitOfWork{db: db} }

// Do begins a transaction, runs fn and commits if fn returns nil.
func (u *SQLUnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, tx *Repos) error) (err error) {
	tx, err := u.db.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(ctx, newRepos(tx)); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("store: rollback: %w", rbErr))
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

func getOne[T any](ctx context.Context, q sqlx.QueryerContext, query string, args ...any) (*T, error) {
	var v T
	if err := sqlx.GetContext(ctx, q, &v, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.ErrNotFound
		}
		return nil, err
	}
	return &v, nil
}

func getMany[T any](ctx context.Context, q sqlx.QueryerContext, query string, args ...any) ([]T, error) {
	var v []T
	if err := sqlx.SelectContext(ctx, q, &v, query, args...); err != nil {
		return nil, err
	}
	return v, nil
}

func execNamed(ctx context.Context, e sqlx.ExtContext, query string, arg any) (int64, error) {
	res, err := sqlx.NamedExecContext(ctx, e, query, arg)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func exec(ctx context.Context, e sqlx.ExecerContext, query string, args ...any) (int64, error) {
	res, err := e.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// expectRow returns a checker that turns "no row updated" into ErrNotFound.
func expectRow(what string) func(int64, error) error {
	return func(n int64, err error) error {
		if err != nil {
			return err
		}
		if n == 0 {
			return domain.NotFoundf("%s", what)
		}
		return nil
	}
}
