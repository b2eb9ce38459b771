package repo

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
)

// Adjustments persists payroll adjustments (credits back through payroll).
type Adjustments struct{}

// NewAdjustments returns an Adjustments repository.
func NewAdjustments() *Adjustments { return &Adjustments{} }

const adjustmentCols = `id, rider_id, member_id, period, amount_cents, reason, status,
	coalesce(provider_adjustment_id, '')`

func scanAdjustment(row pgx.Row) (*domain.Adjustment, error) {
	var a domain.Adjustment
	err := row.Scan(&a.ID, &a.RiderID, &a.MemberID, &a.Period, &a.AmountCents, &a.Reason, &a.Status,
		&a.ProviderAdjustmentID)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &a, nil
}

// Create inserts an adjustment keyed by its (derived) id; an existing row with
// the same id is returned with created=false.
func (r *Adjustments) Create(ctx context.Context, q db.Querier, a domain.Adjustment) (*domain.Adjustment, bool, error) {
	out, err := scanAdjustment(q.QueryRow(ctx, `
		INSERT INTO payroll_adjustments (id, rider_id, member_id, period, amount_cents, reason)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (id) DO NOTHING
		RETURNING `+adjustmentCols, a.ID, a.RiderID, a.MemberID, a.Period, a.AmountCents, a.Reason))
	if err == nil {
		return out, true, nil
	}
	if !errors.Is(err, db.ErrNotFound) {
		return nil, false, fmt.Errorf("adjustments: create: %w", err)
	}
	existing, err := r.Get(ctx, q, a.ID)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

// Get loads an adjustment.
func (r *Adjustments) Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Adjustment, error) {
	out, err := scanAdjustment(q.QueryRow(ctx, `SELECT `+adjustmentCols+` FROM payroll_adjustments WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("adjustments: get %s: %w", id, err)
	}
	return out, nil
}

// MarkSubmitted stores the provider's id on a pending adjustment.
func (r *Adjustments) MarkSubmitted(ctx context.Context, q db.Querier, id uuid.UUID, providerID string) error {
	_, err := q.Exec(ctx, `
		UPDATE payroll_adjustments
		SET status = 'submitted', provider_adjustment_id = $2, submitted_at = now()
		WHERE id = $1 AND status = 'pending'`, id, providerID)
	if err != nil {
		return fmt.Errorf("adjustments: mark submitted: %w", err)
	}
	return nil
}
