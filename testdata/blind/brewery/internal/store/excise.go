package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
)

// ExciseRepo persists state excise tax filings and amendments.
type ExciseRepo struct{}

// NewExciseRepo constructs an ExciseRepo.
func NewExciseRepo() *ExciseRepo { return &ExciseRepo{} }

// InsertFiling creates a draft filing for a state and period.
func (r *ExciseRepo) InsertFiling(ctx context.Context, q Querier, f domain.ExciseFiling) error {
	_, err := q.Exec(ctx, `
		INSERT INTO excise_filings (id, state, period_start, period_end, barrels, tax_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6, 'draft')`,
		f.ID, f.State, f.PeriodStart, f.PeriodEnd, f.Barrels, f.TaxCents)
	if err != nil {
		return fmt.Errorf("insert excise filing %s %s: %w", f.State, f.PeriodStart.Format("2006-01"), err)
	}
	return nil
}

// GetFiling loads a filing by id.
func (r *ExciseRepo) GetFiling(ctx context.Context, q Querier, id uuid.UUID) (domain.ExciseFiling, error) {
	var f domain.ExciseFiling
	err := q.QueryRow(ctx, `
		SELECT id, state, period_start, period_end, barrels::float8, tax_cents, status,
		       COALESCE(confirmation_number, ''), submitted_at
		  FROM excise_filings WHERE id = $1`, id).
		Scan(&f.ID, &f.State, &f.PeriodStart, &f.PeriodEnd, &f.Barrels, &f.TaxCents, &f.Status,
			&f.ConfirmationNumber, &f.SubmittedAt)
	return f, notFound(err)
}

// SetFilingStatus updates the status of a filing.
func (r *ExciseRepo) SetFilingStatus(ctx context.Context, q Querier, id uuid.UUID, status string) error {
	_, err := q.Exec(ctx, `UPDATE excise_filings SET status = $2 WHERE id = $1`, id, status)
	return err
}

// MarkSubmitted records the portal's confirmation number.
func (r *ExciseRepo) MarkSubmitted(ctx context.Context, q Querier, id uuid.UUID, confirmation string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE excise_filings
		   SET status = 'submitted', confirmation_number = $2, submitted_at = $3
		 WHERE id = $1`, id, confirmation, at)
	return err
}

// InsertAmendment stores an amendment and rolls its deltas into the filing.
func (r *ExciseRepo) InsertAmendment(ctx context.Context, q Querier, a domain.ExciseAmendment) error {
	_, err := q.Exec(ctx, `
		INSERT INTO excise_amendments (id, filing_id, reason, barrels_delta, tax_delta_cents, portal_ref)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.FilingID, a.Reason, a.BarrelsDelta, a.TaxDeltaCents, a.PortalRef)
	if err != nil {
		return fmt.Errorf("insert amendment: %w", err)
	}
	_, err = q.Exec(ctx, `
		UPDATE excise_filings SET barrels = barrels + $2, tax_cents = tax_cents + $3
		 WHERE id = $1`, a.FilingID, a.BarrelsDelta, a.TaxDeltaCents)
	return err
}

// RecordPortalEvent stores a portal notification id. It reports false if the
// event was already recorded.
func (r *ExciseRepo) RecordPortalEvent(ctx context.Context, q Querier, eventID string, filingID *uuid.UUID, kind string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO taxportal_events (event_id, filing_id, kind) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, filingID, kind)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// SetOutcomeByConfirmation applies the portal's accept/reject decision.
func (r *ExciseRepo) SetOutcomeByConfirmation(ctx context.Context, q Querier, confirmation, status, reason string) (uuid.UUID, error) {
	var id uuid.UUID
	err := q.QueryRow(ctx, `
		UPDATE excise_filings SET status = $2, rejection_reason = NULLIF($3, '')
		 WHERE confirmation_number = $1 AND status IN ('submitted', 'accepted', 'rejected')
		RETURNING id`, confirmation, status, reason).Scan(&id)
	return id, notFound(err)
}
