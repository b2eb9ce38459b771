// Package store implements the PostgreSQL repositories and the unit of work
// that binds them to a single transaction.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/brindlewood-labs/shelternet/internal/domain"
)

// DBTX is satisfied by both *sqlx.DB and *sqlx.Tx, so every repository can
// run on the pool or inside a unit of work.
type DBTX interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

// Repos is the set of repositories handed to a unit-of-work callback. Every
// field is bound to the same transaction.
type Repos struct {
	Animals      *AnimalRepo
	Applications *ApplicationRepo
	Payments     *PaymentRepo
	Adoptions    *AdoptionRepo
	Intake       *IntakeRepo
	Donations    *DonationRepo
	Donors       *DonorRepo
	Supply       *SupplyRepo
	Fosters      *FosterRepo
	Stipends     *StipendRepo
	Ledger       *LedgerRepo
	Outbox       *OutboxRepo
	Inbox        *InboxRepo
}

func newRepos(q DBTX, now func() time.Time) *Repos {
	return &Repos{
		Animals:      &AnimalRepo{q: q},
		Applications: &ApplicationRepo{q: q},
		Payments:     &PaymentRepo{q: q},
		Adoptions:    &AdoptionRepo{q: q},
		Intake:       &IntakeRepo{q: q},
		Donations:    &DonationRepo{q: q},
		Donors:       &DonorRepo{q: q},
		Supply:       &SupplyRepo{q: q},
		Fosters:      &FosterRepo{q: q},
		Stipends:     &StipendRepo{q: q},
		Ledger:       &LedgerRepo{q: q},
		Outbox:       &OutboxRepo{q: q, now: now},
		Inbox:        &InboxRepo{q: q, now: now},
	}
}

// UnitOfWork runs a callback inside one database transaction.
type UnitOfWork struct {
	db  *sqlx.DB
	now func() time.Time
}

func NewUnitOfWork(db *sqlx.DB) *UnitOfWork {
	return &UnitOfWork{db: db, now: func() time.Time { return time.Now().UTC() }}
}

// Do begins a transaction, hands the callback repositories bound to it, and
// commits if the callback returns nil. A panic rolls back and re-panics.
func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, r *Repos) error) (err error) {
	tx, err := u.db.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				err = errors.Join(err, fmt.Errorf("rollback: %w", rbErr))
			}
		}
	}()

	if err = fn(ctx, newRepos(tx, u.now)); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Pool returns repositories bound to the connection pool (autocommit).
func Pool(db *sqlx.DB) *Repos { return newRepos(db, func() time.Time { return time.Now().UTC() }) }

// Providers for dependency injection: pool-bound repositories.

func NewAnimalRepo(db *sqlx.DB) *AnimalRepo           { return Pool(db).Animals }
func NewApplicationRepo(db *sqlx.DB) *ApplicationRepo { return Pool(db).Applications }
func NewPaymentRepo(db *sqlx.DB) *PaymentRepo         { return Pool(db).Payments }
func NewIntakeRepo(db *sqlx.DB) *IntakeRepo           { return Pool(db).Intake }
func NewDonationRepo(db *sqlx.DB) *DonationRepo       { return Pool(db).Donations }
func NewSupplyRepo(db *sqlx.DB) *SupplyRepo           { return Pool(db).Supply }
func NewFosterRepo(db *sqlx.DB) *FosterRepo           { return Pool(db).Fosters }
func NewStipendRepo(db *sqlx.DB) *StipendRepo         { return Pool(db).Stipends }
func NewLedgerRepo(db *sqlx.DB) *LedgerRepo           { return Pool(db).Ledger }
func NewOutboxRepo(db *sqlx.DB) *OutboxRepo           { return Pool(db).Outbox }
func NewInboxRepo(db *sqlx.DB) *InboxRepo             { return Pool(db).Inbox }

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

func affected(res sql.Result) (int64, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("rows affected: %w", err)
	}
	return n, nil
}
