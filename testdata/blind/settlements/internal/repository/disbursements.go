package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
)

// DisbursementRepo stores claimant ACH payouts.
type DisbursementRepo struct {
	db *sqlx.DB
}

// NewDisbursementRepo returns a DisbursementRepo.
func NewDisbursementRepo(pool *sqlx.DB) *DisbursementRepo { return &DisbursementRepo{db: pool} }

const disbursementCols = `id, settlement_id, claimant_id, allocation_id, amount_cents, status,
	provider_payment_id, return_code, reissue_count, submitted_at, settled_at, created_at, updated_at`

// InsertIfAbsent creates the payout for an allocation unless one exists and
// returns the stored row. The allocation is the natural key: one payout per
// claimant share.
func (r *DisbursementRepo) InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, d *domain.Disbursement) (*domain.Disbursement, error) {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO disbursements (id, settlement_id, claimant_id, allocation_id, amount_cents,
			status, created_at, updated_at)
		VALUES (:id, :settlement_id, :claimant_id, :allocation_id, :amount_cents,
			:status, :created_at, :created_at)
		ON CONFLICT ON CONSTRAINT disbursements_allocation_key DO NOTHING`, d)
	if err != nil {
		return nil, fmt.Errorf("insert disbursement: %w", err)
	}
	var stored domain.Disbursement
	if err := tx.GetContext(ctx, &stored, `SELECT `+disbursementCols+` FROM disbursements
		WHERE allocation_id = $1`, d.AllocationID); err != nil {
		return nil, fmt.Errorf("load disbursement for allocation %s: %w", d.AllocationID, err)
	}
	return &stored, nil
}

// Get loads a disbursement.
func (r *DisbursementRepo) Get(ctx context.Context, q Q, id string) (*domain.Disbursement, error) {
	var d domain.Disbursement
	if err := sqlx.GetContext(ctx, q, &d, `SELECT `+disbursementCols+` FROM disbursements WHERE id = $1`, id); err != nil {
		return nil, notFound(err, "disbursement", id)
	}
	return &d, nil
}

// GetByProviderPaymentID loads a disbursement by the provider's payment id.
func (r *DisbursementRepo) GetByProviderPaymentID(ctx context.Context, q Q, paymentID string) (*domain.Disbursement, error) {
	var d domain.Disbursement
	if err := sqlx.GetContext(ctx, q, &d, `SELECT `+disbursementCols+` FROM disbursements
		WHERE provider_payment_id = $1`, paymentID); err != nil {
		return nil, notFound(err, "disbursement for payment", paymentID)
	}
	return &d, nil
}

// ListBySettlement returns a settlement's payouts.
func (r *DisbursementRepo) ListBySettlement(ctx context.Context, q Q, settlementID string) ([]domain.Disbursement, error) {
	var out []domain.Disbursement
	if err := sqlx.SelectContext(ctx, q, &out, `SELECT `+disbursementCols+` FROM disbursements
		WHERE settlement_id = $1 ORDER BY created_at`, settlementID); err != nil {
		return nil, fmt.Errorf("list disbursements: %w", err)
	}
	return out, nil
}

// MarkSubmitted records the provider payment for a pending payout.
func (r *DisbursementRepo) MarkSubmitted(ctx context.Context, tx *sqlx.Tx, id, paymentID string, at time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE disbursements
		SET status = 'submitted', provider_payment_id = $2, submitted_at = $3, updated_at = $3
		WHERE id = $1 AND status = 'pending'`, id, paymentID, at)
	if err != nil {
		return false, fmt.Errorf("mark disbursement %s submitted: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// MarkReissued points a returned or failed payout at a replacement payment.
func (r *DisbursementRepo) MarkReissued(ctx context.Context, tx *sqlx.Tx, id, paymentID string, at time.Time) error {
	res, err := tx.ExecContext(ctx, `
		UPDATE disbursements
		SET status = 'submitted', provider_payment_id = $2, return_code = NULL,
		    reissue_count = reissue_count + 1, submitted_at = $3, settled_at = NULL, updated_at = $3
		WHERE id = $1 AND status IN ('returned', 'failed')`, id, paymentID, at)
	if err != nil {
		return fmt.Errorf("mark disbursement %s reissued: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return expectOne(n, "reissue disbursement", id)
}

// MarkSettled flags a submitted payout as settled. Already-settled payouts
// are left as they are.
func (r *DisbursementRepo) MarkSettled(ctx context.Context, q Q, id string, at time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE disbursements SET status = 'settled', settled_at = $2, updated_at = $2
		WHERE id = $1 AND status = 'submitted'`, id, at)
	if err != nil {
		return false, fmt.Errorf("mark disbursement %s settled: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// MarkReturned flags a payout as returned or failed by the receiving bank.
func (r *DisbursementRepo) MarkReturned(ctx context.Context, tx *sqlx.Tx, id string, status domain.DisbursementStatus, code string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE disbursements SET status = $2, return_code = $3, updated_at = now()
		WHERE id = $1 AND status IN ('submitted', 'settled')`, id, status, code)
	if err != nil {
		return false, fmt.Errorf("mark disbursement %s %s: %w", id, status, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ListAwaitingSettlement returns submitted payouts older than cutoff.
func (r *DisbursementRepo) ListAwaitingSettlement(ctx context.Context, cutoff time.Time, limit int) ([]domain.Disbursement, error) {
	var out []domain.Disbursement
	if err := r.db.SelectContext(ctx, &out, `SELECT `+disbursementCols+` FROM disbursements
		WHERE status = 'submitted' AND submitted_at < $1
		ORDER BY submitted_at LIMIT $2`, cutoff, limit); err != nil {
		return nil, fmt.Errorf("list awaiting settlement: %w", err)
	}
	return out, nil
}

// AppendStatusCheck logs one provider status poll.
func (r *DisbursementRepo) AppendStatusCheck(ctx context.Context, q Q, c *domain.PaymentStatusCheck) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO payment_status_checks (id, disbursement_id, provider_payment_id, provider_status, checked_at)
		VALUES (:id, :disbursement_id, :provider_payment_id, :provider_status, :checked_at)`, c)
	if err != nil {
		return fmt.Errorf("append status check: %w", err)
	}
	return nil
}

// CountOpen counts payouts on a settlement not yet settled.
func (r *DisbursementRepo) CountOpen(ctx context.Context, q Q, settlementID string) (int, error) {
	var n int
	err := sqlx.GetContext(ctx, q, &n, `SELECT count(*) FROM disbursements
		WHERE settlement_id = $1 AND status <> 'settled'`, settlementID)
	return n, err
}
