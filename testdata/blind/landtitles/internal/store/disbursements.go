package store

import (
	"context"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// DisbursementRepo persists disbursements and the wire attempt log.
type DisbursementRepo struct {
	tx *txm.Manager
}

// NewDisbursementRepo returns a DisbursementRepo.
func NewDisbursementRepo(tx *txm.Manager) *DisbursementRepo { return &DisbursementRepo{tx: tx} }

// Reserve stores the disbursement for a payee role on a closing, unless
// the closing already has one for that role, and returns the stored row.
func (r *DisbursementRepo) Reserve(ctx context.Context, d *domain.Disbursement) (*domain.Disbursement, error) {
	q := r.tx.Q(ctx)
	_, err := q.NamedExecContext(ctx, `
		INSERT IGNORE INTO disbursements (id, closing_id, payee_role, payee_name, routing_number,
			account_number, amount_cents, status, created_at)
		VALUES (:id, :closing_id, :payee_role, :payee_name, :routing_number,
			:account_number, :amount_cents, :status, :created_at)`, d)
	if err != nil {
		return nil, err
	}
	return getOne[domain.Disbursement](ctx, q, "disbursement",
		`SELECT * FROM disbursements WHERE closing_id = ? AND payee_role = ?`, d.ClosingID, d.PayeeRole)
}

// Get loads a disbursement.
func (r *DisbursementRepo) Get(ctx context.Context, id string) (*domain.Disbursement, error) {
	return getOne[domain.Disbursement](ctx, r.tx.Q(ctx), "disbursement", `SELECT * FROM disbursements WHERE id = ?`, id)
}

// ByTransfer loads the disbursement for a bank transfer id.
func (r *DisbursementRepo) ByTransfer(ctx context.Context, transferID string) (*domain.Disbursement, error) {
	return getOne[domain.Disbursement](ctx, r.tx.Q(ctx), "disbursement",
		`SELECT * FROM disbursements WHERE bank_transfer_id = ?`, transferID)
}

// ListByClosing lists a closing's disbursements.
func (r *DisbursementRepo) ListByClosing(ctx context.Context, closingID string) ([]domain.Disbursement, error) {
	var out []domain.Disbursement
	err := r.tx.Q(ctx).SelectContext(ctx, &out,
		`SELECT * FROM disbursements WHERE closing_id = ? ORDER BY payee_role`, closingID)
	return out, err
}

// MarkSent records the bank transfer for a reserved disbursement.
func (r *DisbursementRepo) MarkSent(ctx context.Context, id, transferID string, at time.Time) (bool, error) {
	return affected(r.tx.Q(ctx).ExecContext(ctx, `
		UPDATE disbursements SET status = 'sent', bank_transfer_id = ?, sent_at = ?
		 WHERE id = ? AND status = 'reserved'`, transferID, at, id))
}

// MarkSettled marks a sent wire as settled.
func (r *DisbursementRepo) MarkSettled(ctx context.Context, transferID string, at time.Time) (bool, error) {
	return affected(r.tx.Q(ctx).ExecContext(ctx, `
		UPDATE disbursements SET status = 'settled', settled_at = ?
		 WHERE bank_transfer_id = ? AND status = 'sent'`, at, transferID))
}

// SetStatus overwrites a disbursement's status.
func (r *DisbursementRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := r.tx.Q(ctx).ExecContext(ctx, `UPDATE disbursements SET status = ? WHERE id = ?`, status, id)
	return err
}

// LogAttempt appends to the wire attempt log.
func (r *DisbursementRepo) LogAttempt(ctx context.Context, a *domain.WireAttempt) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO wire_attempts (id, disbursement_id, idempotency_key, outcome, error_detail, attempted_at)
		VALUES (:id, :disbursement_id, :idempotency_key, :outcome, :error_detail, :attempted_at)`, a)
	return err
}

// VerifiedInstructions lists the closing's call-back-verified payee
// instructions.
func (r *DisbursementRepo) VerifiedInstructions(ctx context.Context, closingID string) ([]domain.WireInstruction, error) {
	var out []domain.WireInstruction
	err := r.tx.Q(ctx).SelectContext(ctx, &out, `
		SELECT * FROM wire_instructions
		 WHERE closing_id = ? AND verified_at IS NOT NULL
		 ORDER BY payee_role`, closingID)
	return out, err
}
