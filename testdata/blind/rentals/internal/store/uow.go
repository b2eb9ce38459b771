// Package store is the MySQL persistence layer. Repositories are defined as
// interfaces; the sqlx implementations run either directly on the pool or
// inside a unit of work.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"
	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/domain"
)

// Repos is the set of typed repositories handed to a unit-of-work callback.
type Repos struct {
	Users       UserRepo
	Listings    ListingRepo
	Holds       HoldRepo
	Bookings    BookingRepo
	Deposits    DepositRepo
	Claims      ClaimRepo
	Ledger      LedgerRepo
	Refunds     RefundRepo
	Payouts     PayoutRepo
	Messages    MessageRepo
	Deliveries  DeliveryRepo
	KYC         KYCRepo
	Idempotency IdempotencyRepo
	Webhooks    WebhookRepo
	Audit       AuditRepo
}

// UnitOfWork runs a callback inside a single database transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

type sqlxUnitOfWork struct {
	db *sqlx.DB
}

// NewUnitOfWork returns the transactional unit of work.
func NewUnitOfWork(db *sqlx.DB) UnitOfWork {
	return &sqlxUnitOfWork{db: db}
}

func (u *sqlxUnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error {
	tx, err := u.db.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after commit

	if err := fn(ctx, newRepos(tx)); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// NewRepos returns repositories bound directly to the pool; every call is
// its own autocommit statement.
func NewRepos(db *sqlx.DB) Repos {
	return newRepos(db)
}

func newRepos(q sqlx.ExtContext) Repos {
	return Repos{
		Users:       &userRepo{q: q},
		Listings:    &listingRepo{q: q},
		Holds:       &holdRepo{q: q},
		Bookings:    &bookingRepo{q: q},
		Deposits:    &depositRepo{q: q},
		Claims:      &claimRepo{q: q},
		Ledger:      &ledgerRepo{q: q},
		Refunds:     &refundRepo{q: q},
		Payouts:     &payoutRepo{q: q},
		Messages:    &messageRepo{q: q},
		Deliveries:  &deliveryRepo{q: q},
		KYC:         &kycRepo{q: q},
		Idempotency: &idempotencyRepo{q: q},
		Webhooks:    &webhookRepo{q: q},
		Audit:       &auditRepo{q: q},
	}
}

// getOne runs a single-row query and maps sql.ErrNoRows to domain.ErrNotFound.
func getOne[T any](ctx context.Context, q sqlx.QueryerContext, query string, args ...any) (T, error) {
	var out T
	if err := sqlx.GetContext(ctx, q, &out, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return out, domain.ErrNotFound
		}
		return out, err
	}
	return out, nil
}

// affected returns the number of rows changed by res.
func affected(res sql.Result) (int64, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("rows affected: %w", err)
	}
	return n, nil
}

// IsDuplicateKey reports whether err is MySQL error 1062.
func IsDuplicateKey(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == 1062
}
