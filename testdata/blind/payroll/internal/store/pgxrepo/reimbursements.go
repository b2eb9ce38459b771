package pgxrepo

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/payroll/internal/domain"
)

type ReimbursementRepo struct {
	pool *pgxpool.Pool
}

func NewReimbursementRepo(pool *pgxpool.Pool) *ReimbursementRepo {
	return &ReimbursementRepo{pool: pool}
}

func (r *ReimbursementRepo) Insert(ctx context.Context, rb *domain.Reimbursement) error {
	var transferID *string
	if rb.StripeTransferID != "" {
		transferID = &rb.StripeTransferID
	}
	return r.pool.QueryRow(ctx, `
		INSERT INTO reimbursements (id, claim_id, employee_id, amount_cents, currency, status, stripe_transfer_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		RETURNING created_at`,
		rb.ID, rb.ClaimID, rb.EmployeeID, rb.AmountCents, rb.Currency, rb.Status, transferID).Scan(&rb.CreatedAt)
}

func (r *ReimbursementRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Reimbursement, error) {
	var rb domain.Reimbursement
	var transferID *string
	err := r.pool.QueryRow(ctx, `
		SELECT id, claim_id, employee_id, amount_cents, currency, status, stripe_transfer_id, created_at
		  FROM reimbursements WHERE id = $1`, id).
		Scan(&rb.ID, &rb.ClaimID, &rb.EmployeeID, &rb.AmountCents, &rb.Currency, &rb.Status, &transferID, &rb.CreatedAt)
	if err != nil {
		return nil, mapErr(err)
	}
	if transferID != nil {
		rb.StripeTransferID = *transferID
	}
	return &rb, nil
}

// MarkPaid records the Stripe transfer against a pending reimbursement.
func (r *ReimbursementRepo) MarkPaid(ctx context.Context, id uuid.UUID, transferID string) (bool, error) {
	tag, err := r.pool.Exec(ctx, `
		UPDATE reimbursements SET status = 'paid', stripe_transfer_id = $2
		 WHERE id = $1 AND status = 'pending'`, id, transferID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
