package sqlrepo

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/store/uow"
)

type Reversal struct {
	ID               uuid.UUID
	ClaimID          uuid.UUID
	StripeTransferID string
	AmountCents      int64
}

// ReversalRepo tracks reimbursement transfers that were pulled back. Open
// reversals are netted against the employee's next pay run.
type ReversalRepo struct {
	db *sql.DB
}

func NewReversalRepo(db *sql.DB) *ReversalRepo { return &ReversalRepo{db: db} }

func (r *ReversalRepo) Insert(ctx context.Context, rev Reversal) error {
	_, err := uow.Exec(ctx, r.db).ExecContext(ctx, `
		INSERT INTO reimbursement_reversals (id, claim_id, stripe_transfer_id, amount_cents)
		VALUES ($1, $2, $3, $4)`, rev.ID, rev.ClaimID, rev.StripeTransferID, rev.AmountCents)
	return err
}

func (r *ReversalRepo) SetClaimStatus(ctx context.Context, claimID uuid.UUID, status domain.ClaimStatus) error {
	_, err := uow.Exec(ctx, r.db).ExecContext(ctx,
		`UPDATE expense_claims SET status = $2 WHERE id = $1`, claimID, string(status))
	return err
}

func (r *ReversalRepo) SetReimbursementTransfer(ctx context.Context, claimID uuid.UUID, transferID string) error {
	_, err := uow.Exec(ctx, r.db).ExecContext(ctx,
		`UPDATE reimbursements SET stripe_transfer_id = $2 WHERE claim_id = $1 AND stripe_transfer_id IS NULL`,
		claimID, transferID)
	return err
}
