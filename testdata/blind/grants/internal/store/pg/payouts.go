package pg

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/repo"
)

const payoutColumns = `id, grant_id, tranche, amount_cents, status, bank_transfer_id, created_at, updated_at`

// PayoutRepo implements repo.Payouts.
type PayoutRepo struct{ q sqlx.ExtContext }

// NewPayoutRepo builds the repository.
func NewPayoutRepo(q sqlx.ExtContext) *PayoutRepo { return &PayoutRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *PayoutRepo) WithTx(tx *sqlx.Tx) repo.Payouts { return &PayoutRepo{q: tx} }

// Ensure creates the payout if absent and returns the stored row.
func (r *PayoutRepo) Ensure(ctx context.Context, p domain.Payout) (*domain.Payout, error) {
	if _, err := r.q.ExecContext(ctx, `
		INSERT INTO payouts (id, grant_id, tranche, amount_cents, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (id) DO NOTHING`, p.ID, p.GrantID, p.Tranche, p.AmountCents); err != nil {
		return nil, err
	}
	return r.Get(ctx, p.ID)
}

// Get loads a payout.
func (r *PayoutRepo) Get(ctx context.Context, id string) (*domain.Payout, error) {
	var p domain.Payout
	if err := sqlx.GetContext(ctx, r.q, &p, `SELECT `+payoutColumns+` FROM payouts WHERE id = $1`, id); err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// GetForUpdate locks and loads a payout.
func (r *PayoutRepo) GetForUpdate(ctx context.Context, id string) (*domain.Payout, error) {
	var p domain.Payout
	if err := sqlx.GetContext(ctx, r.q, &p, `SELECT `+payoutColumns+` FROM payouts WHERE id = $1 FOR UPDATE`, id); err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// MarkSubmitted records the bank's transfer id.
func (r *PayoutRepo) MarkSubmitted(ctx context.Context, id, transferID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE payouts SET status = 'submitted', bank_transfer_id = $2, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, transferID)
	return err
}

// MarkSettled records settlement.
func (r *PayoutRepo) MarkSettled(ctx context.Context, id string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE payouts SET status = 'settled', settled_at = $2, updated_at = now() WHERE id = $1`, id, at)
	return err
}

// MarkReturnedByTransfer flags the payout behind a bank transfer as returned.
func (r *PayoutRepo) MarkReturnedByTransfer(ctx context.Context, transferID string) (*domain.Payout, error) {
	var p domain.Payout
	err := sqlx.GetContext(ctx, r.q, &p, `
		UPDATE payouts SET status = 'returned', updated_at = now()
		 WHERE bank_transfer_id = $1
		RETURNING `+payoutColumns, transferID)
	if err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// LogAttempt appends one row per call to the bank.
func (r *PayoutRepo) LogAttempt(ctx context.Context, id, payoutID string, attempt int, errText string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO payout_attempts (id, payout_id, attempt, error) VALUES ($1, $2, $3, NULLIF($4, ''))`,
		id, payoutID, attempt, errText)
	return err
}

// DisbursementRepo implements repo.Disbursements.
type DisbursementRepo struct{ q sqlx.ExtContext }

// NewDisbursementRepo builds the repository.
func NewDisbursementRepo(q sqlx.ExtContext) *DisbursementRepo { return &DisbursementRepo{q: q} }

// Insert stores the disbursement record for a tranche.
func (r *DisbursementRepo) Insert(ctx context.Context, d domain.Disbursement) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO disbursements (grant_id, tranche, payout_id, amount_cents, recorded_at)
		VALUES ($1, $2, $3, $4, $5)`,
		d.GrantID, d.Tranche, d.PayoutID, d.AmountCents, d.RecordedAt)
	return err
}

// EmergencyPayoutRepo implements repo.EmergencyPayouts.
type EmergencyPayoutRepo struct{ q sqlx.ExtContext }

// NewEmergencyPayoutRepo builds the repository.
func NewEmergencyPayoutRepo(q sqlx.ExtContext) *EmergencyPayoutRepo {
	return &EmergencyPayoutRepo{q: q}
}

// Ensure creates the emergency payout row if absent and returns it.
func (r *EmergencyPayoutRepo) Ensure(ctx context.Context, p domain.EmergencyPayout) (*domain.EmergencyPayout, error) {
	if _, err := r.q.ExecContext(ctx, `
		INSERT INTO emergency_payouts (request_id, org_id, amount_cents, status)
		VALUES ($1, $2, $3, 'pending')
		ON CONFLICT (request_id) DO NOTHING`, p.RequestID, p.OrgID, p.AmountCents); err != nil {
		return nil, err
	}
	var out domain.EmergencyPayout
	err := sqlx.GetContext(ctx, r.q, &out, `
		SELECT request_id, org_id, amount_cents, status, bank_transfer_id
		  FROM emergency_payouts WHERE request_id = $1`, p.RequestID)
	if err != nil {
		return nil, notFound(err)
	}
	return &out, nil
}

// MarkSubmitted records the bank transfer id.
func (r *EmergencyPayoutRepo) MarkSubmitted(ctx context.Context, requestID, transferID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE emergency_payouts SET status = 'submitted', bank_transfer_id = $2 WHERE request_id = $1`,
		requestID, transferID)
	return err
}

// GranteeDeliveryRepo implements repo.GranteeDeliveries.
type GranteeDeliveryRepo struct{ q sqlx.ExtContext }

// NewGranteeDeliveryRepo builds the repository.
func NewGranteeDeliveryRepo(q sqlx.ExtContext) *GranteeDeliveryRepo {
	return &GranteeDeliveryRepo{q: q}
}

// Delivered reports whether a 2xx delivery has been recorded for the event.
func (r *GranteeDeliveryRepo) Delivered(ctx context.Context, orgID, eventKey string) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, r.q, &ok, `
		SELECT EXISTS (SELECT 1 FROM grantee_webhook_deliveries
		                WHERE org_id = $1 AND event_key = $2 AND status_code BETWEEN 200 AND 299)`,
		orgID, eventKey)
	return ok, err
}

// Record stores the outcome of a delivery.
func (r *GranteeDeliveryRepo) Record(ctx context.Context, orgID, eventKey string, statusCode int) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO grantee_webhook_deliveries (org_id, event_key, status_code, attempts)
		VALUES ($1, $2, $3, 1)
		ON CONFLICT (org_id, event_key) DO UPDATE
		   SET status_code = EXCLUDED.status_code,
		       attempts = grantee_webhook_deliveries.attempts + 1,
		       delivered_at = now()`, orgID, eventKey, statusCode)
	return err
}

// NotificationRepo implements repo.Notifications.
type NotificationRepo struct{ q sqlx.ExtContext }

// NewNotificationRepo builds the repository.
func NewNotificationRepo(q sqlx.ExtContext) *NotificationRepo { return &NotificationRepo{q: q} }

// AppendSMS logs a sent SMS.
func (r *NotificationRepo) AppendSMS(ctx context.Context, id, orgID, phone, body string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO sms_log (id, org_id, phone, body) VALUES ($1, $2, $3, $4)`, id, orgID, phone, body)
	return err
}
