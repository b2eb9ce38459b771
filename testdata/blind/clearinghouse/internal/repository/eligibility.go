package repository

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
)

// EligibilityRepo persists 270/271 inquiries.
type EligibilityRepo struct{}

func NewEligibilityRepo() *EligibilityRepo { return &EligibilityRepo{} }

const inquiryColumns = `id, practice_id, patient_account_id, payer_id, trace_number, member_id, service_type_code,
	status, coverage_active, copay_cents, deductible_remaining_cents, response, requested_at, responded_at`

// InsertIfAbsent stores a new inquiry keyed by (practice, trace number) and
// returns whichever row is stored, plus whether this call created it.
func (r *EligibilityRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, in *domain.EligibilityInquiry) (*domain.EligibilityInquiry, bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO eligibility_inquiries (id, practice_id, patient_account_id, payer_id, trace_number, member_id,
			service_type_code, status, requested_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
		ON CONFLICT (practice_id, trace_number) DO NOTHING`,
		in.ID, in.PracticeID, in.PatientAccountID, in.PayerID, in.TraceNumber, in.MemberID,
		in.ServiceTypeCode, in.Status, in.RequestedAt)
	if err != nil {
		return nil, false, fmt.Errorf("insert inquiry: %w", err)
	}
	n, _ := res.RowsAffected()
	stored, err := r.GetByTrace(ctx, q, in.PracticeID, in.TraceNumber)
	if err != nil {
		return nil, false, err
	}
	return stored, n == 1, nil
}

// GetByTrace finds an inquiry by the practice's trace number (TRN02).
func (r *EligibilityRepo) GetByTrace(ctx context.Context, q sqlx.ExtContext, practiceID, trace string) (*domain.EligibilityInquiry, error) {
	var in domain.EligibilityInquiry
	err := sqlx.GetContext(ctx, q, &in, `SELECT `+inquiryColumns+` FROM eligibility_inquiries
		WHERE practice_id = $1 AND trace_number = $2`, practiceID, trace)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("inquiry %s not found", trace)
	}
	if err != nil {
		return nil, fmt.Errorf("get inquiry: %w", err)
	}
	return &in, nil
}

// CoverageResult is the parsed part of a 271.
type CoverageResult struct {
	Active                   bool
	CopayCents               *int64
	DeductibleRemainingCents *int64
	Raw                      []byte
	RespondedAt              time.Time
}

// RecordResponse stores a 271 on the inquiry. Later responses overwrite
// earlier ones; the payer's latest answer wins.
func (r *EligibilityRepo) RecordResponse(ctx context.Context, q sqlx.ExtContext, id string, res CoverageResult) error {
	_, err := q.ExecContext(ctx, `
		UPDATE eligibility_inquiries
		SET status = 'responded', coverage_active = $2, copay_cents = $3,
		    deductible_remaining_cents = $4, response = $5, responded_at = $6
		WHERE id = $1`, id, res.Active, res.CopayCents, res.DeductibleRemainingCents, jsonParam(res.Raw), res.RespondedAt)
	if err != nil {
		return fmt.Errorf("record 271: %w", err)
	}
	return nil
}

// SetStatus updates the inquiry status only.
func (r *EligibilityRepo) SetStatus(ctx context.Context, q sqlx.ExtContext, id, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE eligibility_inquiries SET status = $2 WHERE id = $1 AND status <> 'responded'`, id, status)
	return err
}

// AppendAttempt logs one call to the payer for an inquiry.
func (r *EligibilityRepo) AppendAttempt(ctx context.Context, q sqlx.ExtContext, inquiryID, outcome string, latency time.Duration) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO eligibility_attempts (id, inquiry_id, outcome, latency_ms)
		VALUES ($1,$2,$3,$4)`, uuid.New(), inquiryID, outcome, latency.Milliseconds())
	if err != nil {
		return fmt.Errorf("append eligibility attempt: %w", err)
	}
	return nil
}
