package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
)

const washCols = `id, site_id, bay_id, source, program, amount_cents, customer_id, subscription_id,
	fleet_account_id, vehicle_plate, kiosk_id, kiosk_txn_id, processor_charge_id, controller_cycle_id,
	rewash_of, fleet_invoice_id, status, failure_reason, created_at`

const insertWash = `
	INSERT INTO washes (id, site_id, bay_id, source, program, amount_cents, customer_id, subscription_id,
		fleet_account_id, vehicle_plate, kiosk_id, kiosk_txn_id, processor_charge_id, controller_cycle_id,
		rewash_of, status)
	VALUES (:id, :site_id, :bay_id, :source, :program, :amount_cents, :customer_id, :subscription_id,
		:fleet_account_id, :vehicle_plate, :kiosk_id, :kiosk_txn_id, :processor_charge_id, :controller_cycle_id,
		:rewash_of, :status)`

// WashRepo stores washes and the controller's cycle reports.
type WashRepo struct{}

// NewWashRepo returns a WashRepo.
func NewWashRepo() *WashRepo { return &WashRepo{} }

// Insert creates a wash row.
func (r *WashRepo) Insert(ctx context.Context, q sqlx.ExtContext, w *domain.Wash) error {
	_, err := sqlx.NamedExecContext(ctx, q, insertWash, w)
	return err
}

// InsertIfAbsent creates a wash row unless one with the same ID exists.
func (r *WashRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, w *domain.Wash) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, q, insertWash+` ON CONFLICT (id) DO NOTHING`, w)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Get loads a wash.
func (r *WashRepo) Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (*domain.Wash, error) {
	return get[domain.Wash](ctx, q, `SELECT `+washCols+` FROM washes WHERE id = $1`, id)
}

// GetByCycle loads the wash a controller cycle belongs to.
func (r *WashRepo) GetByCycle(ctx context.Context, q sqlx.ExtContext, cycleID string) (*domain.Wash, error) {
	return get[domain.Wash](ctx, q, `SELECT `+washCols+` FROM washes WHERE controller_cycle_id = $1`, cycleID)
}

// GetByCharge loads the wash paid by a processor charge.
func (r *WashRepo) GetByCharge(ctx context.Context, q sqlx.ExtContext, chargeID string) (*domain.Wash, error) {
	return get[domain.Wash](ctx, q, `
		SELECT `+washCols+` FROM washes WHERE processor_charge_id = $1
		ORDER BY created_at LIMIT 1`, chargeID)
}

// GetByKioskTxn loads the wash sold in a kiosk transaction.
func (r *WashRepo) GetByKioskTxn(ctx context.Context, q sqlx.ExtContext, kioskID, txnID string) (*domain.Wash, error) {
	return get[domain.Wash](ctx, q, `
		SELECT `+washCols+` FROM washes WHERE kiosk_id = $1 AND kiosk_txn_id = $2
		ORDER BY created_at LIMIT 1`, kioskID, txnID)
}

// ClaimKioskDispatch moves a paid kiosk wash to dispatched and returns it.
// It returns domain.ErrNotFound when there is no paid wash to dispatch, which
// includes a wash that an earlier delivery already dispatched.
func (r *WashRepo) ClaimKioskDispatch(ctx context.Context, q sqlx.ExtContext, kioskID, txnID string) (*domain.Wash, error) {
	return get[domain.Wash](ctx, q, `
		UPDATE washes SET status = 'dispatched', updated_at = now()
		WHERE id = (
			SELECT id FROM washes
			WHERE kiosk_id = $1 AND kiosk_txn_id = $2 AND status = 'paid'
			ORDER BY created_at LIMIT 1
			FOR UPDATE SKIP LOCKED)
		RETURNING `+washCols, kioskID, txnID)
}

// SetCycle records the controller cycle running a wash.
func (r *WashRepo) SetCycle(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, cycleID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE washes SET controller_cycle_id = $2, status = 'running', updated_at = now()
		WHERE id = $1`, id, cycleID)
	return err
}

// MarkCompleted completes a wash that is still in progress.
func (r *WashRepo) MarkCompleted(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (bool, error) {
	return affected(ctx, q, `
		UPDATE washes SET status = 'completed', updated_at = now()
		WHERE id = $1 AND status IN ('dispatched', 'running')`, id)
}

// MarkFailed records a failed cycle on a wash that has not finished.
func (r *WashRepo) MarkFailed(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, reason string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE washes SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('paid', 'dispatched', 'running')`, id, reason)
	return err
}

// MarkRewashed closes a failed wash that has been rewashed.
func (r *WashRepo) MarkRewashed(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE washes SET status = 'rewashed', updated_at = now()
		WHERE id = $1 AND status = 'failed'`, id)
	return err
}

// MarkRefundRequested moves a failed, paid wash to refund_requested.
func (r *WashRepo) MarkRefundRequested(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (bool, error) {
	return affected(ctx, q, `
		UPDATE washes SET status = 'refund_requested', updated_at = now()
		WHERE id = $1 AND status = 'failed' AND amount_cents > 0 AND processor_charge_id IS NOT NULL`, id)
}

// MarkRefunded closes a refunded wash.
func (r *WashRepo) MarkRefunded(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE washes SET status = 'refunded', updated_at = now()
		WHERE id = $1 AND status = 'refund_requested'`, id)
	return err
}

// AttachCustomer links a kiosk sale to a loyalty member who scanned their
// card after paying. It only fills an empty customer.
func (r *WashRepo) AttachCustomer(ctx context.Context, q sqlx.ExtContext, kioskID, txnID string, customerID uuid.UUID) (bool, error) {
	return affected(ctx, q, `
		UPDATE washes SET customer_id = $3, updated_at = now()
		WHERE kiosk_id = $1 AND kiosk_txn_id = $2 AND customer_id IS NULL`, kioskID, txnID, customerID)
}

// RecordCycle stores the controller's report for a finished cycle.
func (r *WashRepo) RecordCycle(ctx context.Context, q sqlx.ExtContext, c *domain.CycleReport) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO wash_cycles (controller_cycle_id, wash_id, site_id, bay_id, outcome, duration_seconds,
			water_litres, error_code, reported_at)
		VALUES (:controller_cycle_id, :wash_id, :site_id, :bay_id, :outcome, :duration_seconds,
			:water_litres, :error_code, :reported_at)`, c)
	return err
}

// CountMemberWashesSince counts a subscription's washes started since t.
func (r *WashRepo) CountMemberWashesSince(ctx context.Context, q sqlx.ExtContext, subscriptionID uuid.UUID, t time.Time) (int, error) {
	var n int
	err := sqlx.GetContext(ctx, q, &n, `
		SELECT count(*) FROM bay_activations
		WHERE subscription_id = $1 AND created_at >= $2 AND status IN ('pending', 'started')`, subscriptionID, t)
	return n, err
}

// AttachToInvoice assigns a fleet account's uninvoiced washes in [from, to)
// to an invoice and returns the count and total.
func (r *WashRepo) AttachToInvoice(ctx context.Context, q sqlx.ExtContext, invoiceID, accountID uuid.UUID, from, to time.Time) (int, int64, error) {
	var out struct {
		Count int   `db:"count"`
		Total int64 `db:"total"`
	}
	err := sqlx.GetContext(ctx, q, &out, `
		WITH attached AS (
			UPDATE washes SET fleet_invoice_id = $1, updated_at = now()
			WHERE fleet_account_id = $2 AND fleet_invoice_id IS NULL
			  AND created_at >= $3 AND created_at < $4
			  AND status NOT IN ('failed', 'refunded')
			RETURNING amount_cents)
		SELECT count(*) AS count, coalesce(sum(amount_cents), 0) AS total FROM attached`,
		invoiceID, accountID, from, to)
	return out.Count, out.Total, err
}
