package pg

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type DunningRepo struct{ db sqlx.ExtContext }

func NewDunningRepo(db sqlx.ExtContext) *DunningRepo { return &DunningRepo{db: db} }

func (r *DunningRepo) WithTx(tx sqlx.ExtContext) billing.DunningRepository {
	return &DunningRepo{db: tx}
}

const dunningCols = `invoice_id, customer_id, status, attempts, last_failure, next_attempt_at, created_at, updated_at`

// Open creates the dunning case for an invoice, or refreshes the failure
// reason when the case already exists.
func (r *DunningRepo) Open(ctx context.Context, c billing.DunningCase) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO dunning_cases (invoice_id, customer_id, status, last_failure, next_attempt_at)
		VALUES (:invoice_id, :customer_id, 'open', :last_failure, :next_attempt_at)
		ON CONFLICT (invoice_id) DO UPDATE
		   SET last_failure = EXCLUDED.last_failure, updated_at = now()`, c)
	return mapErr("dunning.open", err)
}

func (r *DunningRepo) Get(ctx context.Context, invoiceID string) (billing.DunningCase, error) {
	var c billing.DunningCase
	err := sqlx.GetContext(ctx, r.db, &c, `SELECT `+dunningCols+` FROM dunning_cases WHERE invoice_id = $1`, invoiceID)
	return c, mapErr("dunning.get", err)
}

// RecordAttempt stores the outcome of retry #attempt. It is written as an
// absolute value so recording the same attempt twice is harmless.
func (r *DunningRepo) RecordAttempt(ctx context.Context, invoiceID string, attempt int, failure string, next *time.Time) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE dunning_cases
		   SET attempts = GREATEST(attempts, $2), last_failure = NULLIF($3, ''), next_attempt_at = $4, updated_at = now()
		 WHERE invoice_id = $1`, invoiceID, attempt, failure, next)
	if err != nil {
		return mapErr("dunning.record_attempt", err)
	}
	return expectOne("dunning.record_attempt", res)
}

func (r *DunningRepo) SetStatus(ctx context.Context, invoiceID, status string) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE dunning_cases SET status = $2, updated_at = now() WHERE invoice_id = $1`, invoiceID, status)
	if err != nil {
		return mapErr("dunning.set_status", err)
	}
	return expectOne("dunning.set_status", res)
}

// ClaimNotice records the intent to send notice #step. It returns false if
// the notice was already claimed by an earlier delivery.
func (r *DunningRepo) ClaimNotice(ctx context.Context, invoiceID string, step int) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO dunning_notices (invoice_id, step, status) VALUES ($1, $2, 'sending')
		ON CONFLICT (invoice_id, step) DO NOTHING`, invoiceID, step)
	if err != nil {
		return false, mapErr("dunning.claim_notice", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *DunningRepo) MarkNoticeSent(ctx context.Context, invoiceID string, step int, at time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE dunning_notices SET status = 'sent', sent_at = $3 WHERE invoice_id = $1 AND step = $2`,
		invoiceID, step, at)
	return mapErr("dunning.mark_notice_sent", err)
}
