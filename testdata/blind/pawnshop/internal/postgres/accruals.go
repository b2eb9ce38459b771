package postgres

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/ironvault/pawnline/internal/domain"
)

type AccrualRepo struct{ base }

func NewAccrualRepo(db *sqlx.DB) *AccrualRepo { return &AccrualRepo{base{db}} }

// StartRun records that a run for the business date began. Re-running a date
// refreshes the start time so the ops dashboard shows the latest attempt.
func (r *AccrualRepo) StartRun(ctx context.Context, businessDate time.Time, at time.Time) error {
	_, err := r.q(ctx).ExecContext(ctx, `
		INSERT INTO accrual_runs (business_date, started_at)
		VALUES ($1, $2)
		ON CONFLICT (business_date)
		DO UPDATE SET started_at = EXCLUDED.started_at, finished_at = NULL`, businessDate, at)
	return mapErr(err)
}

func (r *AccrualRepo) Insert(ctx context.Context, a domain.Accrual) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO interest_accruals (id, loan_id, accrual_date, amount_cents)
		VALUES (:id, :loan_id, :accrual_date, :amount_cents)`, a)
	return mapErr(err)
}

func (r *AccrualRepo) FinishRun(ctx context.Context, businessDate time.Time, accrued, failed int, at time.Time) error {
	_, err := r.q(ctx).ExecContext(ctx, `
		UPDATE accrual_runs SET finished_at = $2, loans_accrued = $3, loans_failed = $4
		WHERE business_date = $1`, businessDate, at, accrued, failed)
	return mapErr(err)
}

type ForfeitureRepo struct{ base }

func NewForfeitureRepo(db *sqlx.DB) *ForfeitureRepo { return &ForfeitureRepo{base{db}} }

func (r *ForfeitureRepo) Insert(ctx context.Context, f domain.Forfeiture) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO forfeitures (loan_id, reason, payoff_cents, forfeited_at)
		VALUES (:loan_id, :reason, :payoff_cents, :forfeited_at)`, f)
	return mapErr(err)
}

type CreditRepo struct{ base }

func NewCreditRepo(db *sqlx.DB) *CreditRepo { return &CreditRepo{base{db}} }

func (r *CreditRepo) Insert(ctx context.Context, c domain.CustomerCredit) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO customer_credits (id, customer_id, loan_id, amount_cents, source, reference)
		VALUES (:id, :customer_id, :loan_id, :amount_cents, :source, :reference)`, c)
	return mapErr(err)
}
