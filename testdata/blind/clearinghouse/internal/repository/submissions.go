package repository

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
)

// SubmissionRepo tracks deliveries of claim versions to payers.
type SubmissionRepo struct{}

func NewSubmissionRepo() *SubmissionRepo { return &SubmissionRepo{} }

// Ensure creates the submission row if it does not exist yet and returns
// the stored row.
func (r *SubmissionRepo) Ensure(ctx context.Context, q sqlx.ExtContext, s domain.Submission) (*domain.Submission, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO claim_submissions (id, claim_id, seq, status, created_at)
		VALUES ($1,$2,$3,$4,$5)
		ON CONFLICT (id) DO NOTHING`, s.ID, s.ClaimID, s.Seq, s.Status, s.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("ensure submission: %w", err)
	}
	return r.Get(ctx, q, s.ID)
}

// Get loads a submission by id.
func (r *SubmissionRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Submission, error) {
	var s domain.Submission
	err := sqlx.GetContext(ctx, q, &s, `
		SELECT id, claim_id, seq, status, payer_ref, error, created_at, submitted_at
		FROM claim_submissions WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, fmt.Errorf("submission %s: %w", id, err)
	}
	return &s, err
}

// MarkSubmitted stores the payer acknowledgement of a submission.
func (r *SubmissionRepo) MarkSubmitted(ctx context.Context, q sqlx.ExtContext, id, payerRef string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE claim_submissions SET status = 'submitted', payer_ref = $2, submitted_at = $3, error = NULL
		WHERE id = $1`, id, payerRef, at)
	return err
}

// MarkFailed records a terminal payer rejection of a submission.
func (r *SubmissionRepo) MarkFailed(ctx context.Context, q sqlx.ExtContext, id, reason string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE claim_submissions SET status = 'failed', error = $2 WHERE id = $1`, id, reason)
	return err
}

// ScrubRepo stores scrubber findings.
type ScrubRepo struct{}

func NewScrubRepo() *ScrubRepo { return &ScrubRepo{} }

// ReplaceFindings swaps the claim's findings for the given set.
func (r *ScrubRepo) ReplaceFindings(ctx context.Context, q sqlx.ExtContext, claimID string, findings []domain.ScrubFinding) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM scrub_findings WHERE claim_id = $1`, claimID); err != nil {
		return fmt.Errorf("clear findings: %w", err)
	}
	for _, f := range findings {
		_, err := q.ExecContext(ctx, `
			INSERT INTO scrub_findings (claim_id, rule_code, severity, message, line_no)
			VALUES ($1,$2,$3,$4,$5)
			ON CONFLICT (claim_id, rule_code) DO UPDATE SET message = EXCLUDED.message`,
			claimID, f.RuleCode, f.Severity, f.Message, f.LineNo)
		if err != nil {
			return fmt.Errorf("insert finding %s: %w", f.RuleCode, err)
		}
	}
	return nil
}

// ResubmissionRepo stores corrected-claim requests.
type ResubmissionRepo struct{}

func NewResubmissionRepo() *ResubmissionRepo { return &ResubmissionRepo{} }

// Insert records a resubmission request.
func (r *ResubmissionRepo) Insert(ctx context.Context, q sqlx.ExtContext, rs *domain.Resubmission) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO claim_resubmissions (id, claim_id, frequency_code, reason, workflow_id, requested_by, requested_at)
		VALUES (:id, :claim_id, :frequency_code, :reason, :workflow_id, :requested_by, :requested_at)`, rs)
	if err != nil {
		return fmt.Errorf("insert resubmission: %w", err)
	}
	return nil
}

// FeeRepo stores per-claim clearinghouse fees.
type FeeRepo struct{}

func NewFeeRepo() *FeeRepo { return &FeeRepo{} }

// SubmissionFee is one fee charged to a practice for a claim.
type SubmissionFee struct {
	ID          string    `db:"id"`
	PracticeID  string    `db:"practice_id"`
	ClaimID     string    `db:"claim_id"`
	FeeCode     string    `db:"fee_code"`
	AmountCents int64     `db:"amount_cents"`
	CreatedAt   time.Time `db:"created_at"`
}

// Insert writes a fee row.
func (r *FeeRepo) Insert(ctx context.Context, q sqlx.ExtContext, f SubmissionFee) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO submission_fees (id, practice_id, claim_id, fee_code, amount_cents, created_at)
		VALUES ($1,$2,$3,$4,$5,$6)`,
		f.ID, f.PracticeID, f.ClaimID, f.FeeCode, f.AmountCents, f.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert submission fee: %w", err)
	}
	return nil
}

// UsageRepo keeps monthly per-practice submission counters.
type UsageRepo struct{}

func NewUsageRepo() *UsageRepo { return &UsageRepo{} }

// IncrementSubmitted adds one submitted claim to the practice's period.
func (r *UsageRepo) IncrementSubmitted(ctx context.Context, q sqlx.ExtContext, practiceID string, period time.Time) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO practice_usage (practice_id, period, claims_submitted)
		VALUES ($1, $2, 1)
		ON CONFLICT (practice_id, period) DO UPDATE
		SET claims_submitted = practice_usage.claims_submitted + 1`, practiceID, period)
	if err != nil {
		return fmt.Errorf("increment usage: %w", err)
	}
	return nil
}
