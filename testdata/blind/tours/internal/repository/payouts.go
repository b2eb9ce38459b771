package repository

import (
	"context"
	"fmt"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// PayoutRepo persists supplier payouts.
type PayoutRepo struct {
	db *db.DB
}

// NewPayoutRepo constructs a PayoutRepo.
func NewPayoutRepo(d *db.DB) *PayoutRepo { return &PayoutRepo{db: d} }

const payoutColumns = `id, supplier_id, invoice_id, amount_cents, currency, status, stripe_transfer_id, created_at, paid_at`

// Insert records a payout about to be sent.
func (r *PayoutRepo) Insert(ctx context.Context, p *domain.Payout) error {
	const q = `INSERT INTO payouts (id, supplier_id, invoice_id, amount_cents, currency, status)
		VALUES (:id, :supplier_id, :invoice_id, :amount_cents, :currency, :status)`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, p); err != nil {
		return fmt.Errorf("payouts.insert: %w", err)
	}
	return nil
}

// Get loads a payout.
func (r *PayoutRepo) Get(ctx context.Context, id string) (*domain.Payout, error) {
	var p domain.Payout
	err := r.db.Conn(ctx).GetContext(ctx, &p, `SELECT `+payoutColumns+` FROM payouts WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("payouts.get", err)
	}
	return &p, nil
}

// MarkPaid stores the Stripe transfer and closes the payout.
func (r *PayoutRepo) MarkPaid(ctx context.Context, id, transferID string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE payouts SET status = 'paid', stripe_transfer_id = $2, paid_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, transferID)
	if err != nil {
		return fmt.Errorf("payouts.mark_paid: %w", err)
	}
	return nil
}

// MarkFailed records a payout Stripe refused.
func (r *PayoutRepo) MarkFailed(ctx context.Context, id string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE payouts SET status = 'failed' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return fmt.Errorf("payouts.mark_failed: %w", err)
	}
	return nil
}
