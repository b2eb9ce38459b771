package repository

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
)

// PayoutRepo persists practice payouts.
type PayoutRepo struct{}

func NewPayoutRepo() *PayoutRepo { return &PayoutRepo{} }

const payoutColumns = `id, practice_id, period_end, amount_cents, stripe_transfer_id, status, created_at, paid_at`

// InsertIfAbsent creates the payout for (practice, period end). It returns
// the stored payout and whether this call created it.
func (r *PayoutRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, p *domain.Payout) (*domain.Payout, bool, error) {
	var stored domain.Payout
	err := sqlx.GetContext(ctx, q, &stored, `
		INSERT INTO payouts (id, practice_id, period_end, amount_cents, status, created_at)
		VALUES ($1,$2,$3,$4,$5,$6)
		ON CONFLICT (practice_id, period_end) DO NOTHING
		RETURNING `+payoutColumns,
		p.ID, p.PracticeID, p.PeriodEnd, p.AmountCents, p.Status, p.CreatedAt)
	if err == nil {
		return &stored, true, nil
	}
	if err != sql.ErrNoRows {
		return nil, false, fmt.Errorf("insert payout: %w", err)
	}
	existing, err := r.GetByPeriod(ctx, q, p.PracticeID, p.PeriodEnd)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

// GetByPeriod loads the payout of a practice for a period.
func (r *PayoutRepo) GetByPeriod(ctx context.Context, q sqlx.ExtContext, practiceID string, periodEnd time.Time) (*domain.Payout, error) {
	var p domain.Payout
	err := sqlx.GetContext(ctx, q, &p, `SELECT `+payoutColumns+` FROM payouts
		WHERE practice_id = $1 AND period_end = $2`, practiceID, periodEnd)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("payout not found")
	}
	if err != nil {
		return nil, fmt.Errorf("get payout: %w", err)
	}
	return &p, nil
}

// Get loads a payout by id.
func (r *PayoutRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Payout, error) {
	var p domain.Payout
	err := sqlx.GetContext(ctx, q, &p, `SELECT `+payoutColumns+` FROM payouts WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("payout %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get payout: %w", err)
	}
	return &p, nil
}

// SetTransfer stores the Stripe transfer for the payout.
func (r *PayoutRepo) SetTransfer(ctx context.Context, q sqlx.ExtContext, id, transferID, status string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE payouts SET stripe_transfer_id = $2, status = $3 WHERE id = $1`, id, transferID, status)
	return err
}

// MarkPaid moves a sent payout to paid. It reports whether the row changed.
func (r *PayoutRepo) MarkPaid(ctx context.Context, q sqlx.ExtContext, id string, at time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE payouts SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'sent'`, id, at)
	if err != nil {
		return false, fmt.Errorf("mark payout paid: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
