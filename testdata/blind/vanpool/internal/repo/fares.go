package repo

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/money"
)

// Fares persists fare runs, deductions and their status history.
type Fares struct{}

// NewFares returns a Fares repository.
func NewFares() *Fares { return &Fares{} }

const fareRunCols = `id, period, pay_date, status, requested_by, created_at`

func scanFareRun(row pgx.Row) (*domain.FareRun, error) {
	var fr domain.FareRun
	if err := row.Scan(&fr.ID, &fr.Period, &fr.PayDate, &fr.Status, &fr.RequestedBy, &fr.CreatedAt); err != nil {
		return nil, db.NotFound(err)
	}
	return &fr, nil
}

// CreateRun inserts the run for a period unless one exists; created=false
// returns the existing run.
func (r *Fares) CreateRun(ctx context.Context, q db.Querier, fr domain.FareRun) (*domain.FareRun, bool, error) {
	out, err := scanFareRun(q.QueryRow(ctx, `
		INSERT INTO fare_runs (id, period, pay_date, requested_by)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (period) DO NOTHING
		RETURNING `+fareRunCols, fr.ID, fr.Period, fr.PayDate, fr.RequestedBy))
	if err == nil {
		return out, true, nil
	}
	if !errors.Is(err, db.ErrNotFound) {
		return nil, false, fmt.Errorf("fares: create run: %w", err)
	}
	existing, err := scanFareRun(q.QueryRow(ctx, `SELECT `+fareRunCols+` FROM fare_runs WHERE period = $1`, fr.Period))
	if err != nil {
		return nil, false, fmt.Errorf("fares: existing run: %w", err)
	}
	return existing, false, nil
}

// GetRun loads a fare run.
func (r *Fares) GetRun(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.FareRun, error) {
	out, err := scanFareRun(q.QueryRow(ctx, `SELECT `+fareRunCols+` FROM fare_runs WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("fares: get run: %w", err)
	}
	return out, nil
}

// SetRunStatus moves a run to a new status.
func (r *Fares) SetRunStatus(ctx context.Context, q db.Querier, id uuid.UUID, status string) error {
	if _, err := q.Exec(ctx, `UPDATE fare_runs SET status = $2 WHERE id = $1`, id, status); err != nil {
		return fmt.Errorf("fares: set run status: %w", err)
	}
	return nil
}

const deductionCols = `id, fare_run_id, rider_id, member_id, period, gross_cents, credit_cents, status,
	coalesce(provider_deduction_id, ''), coalesce(failure_reason, '')`

func scanDeduction(row pgx.Row) (*domain.Deduction, error) {
	var d domain.Deduction
	err := row.Scan(&d.ID, &d.FareRunID, &d.RiderID, &d.MemberID, &d.Period, &d.GrossCents, &d.CreditCents,
		&d.Status, &d.ProviderDeductionID, &d.FailureReason)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &d, nil
}

// InsertDeduction writes one rider's deduction for the run's period.
func (r *Fares) InsertDeduction(ctx context.Context, q db.Querier, d domain.Deduction) error {
	_, err := q.Exec(ctx, `
		INSERT INTO fare_deductions (id, fare_run_id, rider_id, member_id, period, gross_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		d.ID, d.FareRunID, d.RiderID, d.MemberID, d.Period, d.GrossCents, d.Status)
	if err != nil {
		return fmt.Errorf("fares: insert deduction for rider %s: %w", d.RiderID, err)
	}
	return nil
}

// GetDeduction loads a deduction.
func (r *Fares) GetDeduction(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Deduction, error) {
	out, err := scanDeduction(q.QueryRow(ctx, `SELECT `+deductionCols+` FROM fare_deductions WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("fares: get deduction %s: %w", id, err)
	}
	return out, nil
}

// GetDeductionByProviderID loads a deduction by the payroll provider's id.
func (r *Fares) GetDeductionByProviderID(ctx context.Context, q db.Querier, providerID string) (*domain.Deduction, error) {
	out, err := scanDeduction(q.QueryRow(ctx, `
		SELECT `+deductionCols+` FROM fare_deductions WHERE provider_deduction_id = $1 FOR UPDATE`, providerID))
	if err != nil {
		return nil, fmt.Errorf("fares: deduction by provider id: %w", err)
	}
	return out, nil
}

// MarkSubmitted records the provider's id for a pending deduction.
func (r *Fares) MarkSubmitted(ctx context.Context, q db.Querier, id uuid.UUID, providerID string) error {
	_, err := q.Exec(ctx, `
		UPDATE fare_deductions
		SET status = 'submitted', provider_deduction_id = $2, submitted_at = now(), updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, providerID)
	if err != nil {
		return fmt.Errorf("fares: mark submitted: %w", err)
	}
	return nil
}

// SetDeductionStatus moves a deduction to a terminal status reported by payroll.
func (r *Fares) SetDeductionStatus(ctx context.Context, q db.Querier, id uuid.UUID, status, reason string) error {
	_, err := q.Exec(ctx, `
		UPDATE fare_deductions
		SET status = $2, failure_reason = nullif($3, ''), updated_at = now()
		WHERE id = $1`, id, status, reason)
	if err != nil {
		return fmt.Errorf("fares: set deduction status: %w", err)
	}
	return nil
}

// AddCredit raises the credit applied to a pending deduction.
func (r *Fares) AddCredit(ctx context.Context, q db.Querier, id uuid.UUID, amount money.Cents) error {
	tag, err := q.Exec(ctx, `
		UPDATE fare_deductions
		SET credit_cents = least(credit_cents + $2, gross_cents), updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, amount)
	if err != nil {
		return fmt.Errorf("fares: add credit: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrInvalidState
	}
	return nil
}

// AppendHistory records a status change on a deduction.
func (r *Fares) AppendHistory(ctx context.Context, q db.Querier, id, deductionID uuid.UUID, status, detail string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO deduction_status_history (id, deduction_id, status, detail)
		VALUES ($1, $2, $3, nullif($4, ''))`, id, deductionID, status, detail)
	if err != nil {
		return fmt.Errorf("fares: append history: %w", err)
	}
	return nil
}

// RecordWebhookEvent stores a payroll webhook event id. seen=true means the
// event had already been recorded.
func (r *Fares) RecordWebhookEvent(ctx context.Context, q db.Querier, eventID, eventType string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO payroll_webhook_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, fmt.Errorf("fares: record webhook event: %w", err)
	}
	return tag.RowsAffected() == 0, nil
}
