package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// FundingIntents persists client funding requests.
type FundingIntents struct{}

const fundingCols = `id, milestone_id, idempotency_key, payment_method_id, amount_minor, currency, status,
	COALESCE(provider_charge_id, ''), COALESCE(failure_reason, ''), created_at`

func scanFunding(row pgx.Row) (FundingIntent, error) {
	var f FundingIntent
	err := row.Scan(&f.ID, &f.MilestoneID, &f.IdempotencyKey, &f.PaymentMethodID, &f.AmountMinor,
		&f.Currency, &f.Status, &f.ProviderChargeID, &f.FailureReason, &f.CreatedAt)
	return f, err
}

// CreateOrGet inserts the intent unless one already exists for the same
// (milestone, idempotency key); either way it returns the stored row and
// whether this call created it.
func (FundingIntents) CreateOrGet(ctx context.Context, q Querier, f FundingIntent) (FundingIntent, bool, error) {
	got, err := scanFunding(q.QueryRow(ctx, `
		INSERT INTO funding_intents (id, milestone_id, idempotency_key, payment_method_id, amount_minor, currency, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (milestone_id, idempotency_key) DO NOTHING
		RETURNING `+fundingCols,
		f.ID, f.MilestoneID, f.IdempotencyKey, f.PaymentMethodID, f.AmountMinor, f.Currency, f.Status))
	if err == nil {
		return got, true, nil
	}
	if err != pgx.ErrNoRows {
		return FundingIntent{}, false, wrap("funding.create", err)
	}
	got, err = scanFunding(q.QueryRow(ctx, `
		SELECT `+fundingCols+` FROM funding_intents
		WHERE milestone_id = $1 AND idempotency_key = $2`, f.MilestoneID, f.IdempotencyKey))
	return got, false, one("funding.get_existing", err)
}

func (FundingIntents) Get(ctx context.Context, q Querier, id string) (FundingIntent, error) {
	f, err := scanFunding(q.QueryRow(ctx, `SELECT `+fundingCols+` FROM funding_intents WHERE id = $1`, id))
	return f, one("funding.get", err)
}

func (FundingIntents) GetByCharge(ctx context.Context, q Querier, chargeID string) (FundingIntent, error) {
	f, err := scanFunding(q.QueryRow(ctx, `SELECT `+fundingCols+` FROM funding_intents WHERE provider_charge_id = $1`, chargeID))
	return f, one("funding.get_by_charge", err)
}

// LatestSucceeded returns the intent that funded the milestone.
func (FundingIntents) LatestSucceeded(ctx context.Context, q Querier, milestoneID string) (FundingIntent, error) {
	f, err := scanFunding(q.QueryRow(ctx, `
		SELECT `+fundingCols+` FROM funding_intents
		WHERE milestone_id = $1 AND status = 'succeeded'
		ORDER BY created_at DESC LIMIT 1`, milestoneID))
	return f, one("funding.latest_succeeded", err)
}

// AttachCharge records the provider charge on the intent the first time we
// learn it. Later calls with the same charge are no-ops.
func (FundingIntents) AttachCharge(ctx context.Context, q Querier, id, chargeID, status string) error {
	_, err := q.Exec(ctx, `
		UPDATE funding_intents
		SET provider_charge_id = $2,
		    status = CASE WHEN status = 'pending' THEN $3 ELSE status END,
		    updated_at = now()
		WHERE id = $1 AND (provider_charge_id IS NULL OR provider_charge_id = $2)`, id, chargeID, status)
	return wrap("funding.attach_charge", err)
}

// SetStatus records the outcome reported by the provider.
func (FundingIntents) SetStatus(ctx context.Context, q Querier, id, status, reason string) error {
	_, err := q.Exec(ctx, `
		UPDATE funding_intents SET status = $2, failure_reason = NULLIF($3, ''), updated_at = now()
		WHERE id = $1`, id, status, reason)
	return wrap("funding.set_status", err)
}
