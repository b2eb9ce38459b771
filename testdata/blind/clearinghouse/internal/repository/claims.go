// Package repository contains the Postgres repositories. Every method takes
// the sqlx.ExtContext to run on, so callers decide whether the statement is
// part of a transaction (db.TxManager.Ext) or runs on the pool.
package repository

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
)

// jsonParam renders a JSON document for a jsonb parameter; lib/pq would
// otherwise send a []byte as bytea.
func jsonParam(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return string(b)
}

// ClaimRepo persists claims and their lines.
type ClaimRepo struct{}

func NewClaimRepo() *ClaimRepo { return &ClaimRepo{} }

const claimColumns = `id, practice_id, patient_account_id, payer_id, batch_id, patient_control_number,
	frequency_code, service_date, total_charge_cents, paid_cents, patient_resp_cents, status,
	payer_claim_ref, submission_seq, payload, created_at, updated_at`

// InsertIfAbsent stores a new claim unless the practice already sent one
// with the same patient control number. It reports whether a row was written.
func (r *ClaimRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, c *domain.Claim) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO claims (id, practice_id, patient_account_id, payer_id, batch_id, patient_control_number,
			frequency_code, service_date, total_charge_cents, status, payload, created_at, updated_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$12)
		ON CONFLICT (practice_id, patient_control_number) DO NOTHING`,
		c.ID, c.PracticeID, c.PatientAccountID, c.PayerID, c.BatchID, c.PatientControlNumber,
		c.FrequencyCode, c.ServiceDate, c.TotalChargeCents, c.Status, jsonParam(c.Payload), c.CreatedAt)
	if err != nil {
		return false, fmt.Errorf("insert claim: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// InsertLines writes the service lines of a freshly inserted claim.
func (r *ClaimRepo) InsertLines(ctx context.Context, q sqlx.ExtContext, claimID string, lines []domain.ClaimLine) error {
	for _, l := range lines {
		_, err := q.ExecContext(ctx, `
			INSERT INTO claim_lines (claim_id, line_no, procedure_code, modifiers, units, charge_cents, diagnosis_pointers)
			VALUES ($1,$2,$3,$4,$5,$6,$7)`,
			claimID, l.LineNo, l.ProcedureCode, l.Modifiers, l.Units, l.ChargeCents, l.DiagnosisPointers)
		if err != nil {
			return fmt.Errorf("insert claim line %d: %w", l.LineNo, err)
		}
	}
	return nil
}

// Get loads a claim with its lines.
func (r *ClaimRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Claim, error) {
	var c domain.Claim
	err := sqlx.GetContext(ctx, q, &c, `SELECT `+claimColumns+` FROM claims WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("claim %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get claim: %w", err)
	}
	lines, err := r.Lines(ctx, q, id)
	if err != nil {
		return nil, err
	}
	c.Lines = lines
	return &c, nil
}

// GetForUpdate locks the claim row for the rest of the transaction.
func (r *ClaimRepo) GetForUpdate(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Claim, error) {
	var c domain.Claim
	err := sqlx.GetContext(ctx, q, &c, `SELECT `+claimColumns+` FROM claims WHERE id = $1 FOR UPDATE`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("claim %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("lock claim: %w", err)
	}
	return &c, nil
}

// GetByControlNumber finds a claim by the practice's patient control number.
func (r *ClaimRepo) GetByControlNumber(ctx context.Context, q sqlx.ExtContext, practiceID, pcn string) (*domain.Claim, error) {
	var c domain.Claim
	err := sqlx.GetContext(ctx, q, &c, `SELECT `+claimColumns+` FROM claims
		WHERE practice_id = $1 AND patient_control_number = $2`, practiceID, pcn)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("claim %s/%s not found", practiceID, pcn)
	}
	if err != nil {
		return nil, fmt.Errorf("get claim by pcn: %w", err)
	}
	return &c, nil
}

// FindByPayerRef resolves the payer's claim control number (CLP07).
func (r *ClaimRepo) FindByPayerRef(ctx context.Context, q sqlx.ExtContext, payerID, ref string) (*domain.Claim, error) {
	var c domain.Claim
	err := sqlx.GetContext(ctx, q, &c, `SELECT `+claimColumns+` FROM claims
		WHERE payer_id = $1 AND payer_claim_ref = $2`, payerID, ref)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("claim with payer ref %s not found", ref)
	}
	if err != nil {
		return nil, fmt.Errorf("find claim by payer ref: %w", err)
	}
	return &c, nil
}

// Lines returns the claim's service lines ordered by line number.
func (r *ClaimRepo) Lines(ctx context.Context, q sqlx.ExtContext, claimID string) ([]domain.ClaimLine, error) {
	var lines []domain.ClaimLine
	err := sqlx.SelectContext(ctx, q, &lines, `
		SELECT claim_id, line_no, procedure_code, modifiers, units, charge_cents, diagnosis_pointers
		FROM claim_lines WHERE claim_id = $1 ORDER BY line_no`, claimID)
	if err != nil {
		return nil, fmt.Errorf("claim lines: %w", err)
	}
	return lines, nil
}

// Transition moves a claim to status `to` if it is currently in one of
// `from`, recording the change in claim_status_history. It reports whether
// the claim was moved.
func (r *ClaimRepo) Transition(ctx context.Context, q sqlx.ExtContext, id string, from []string, to, reason string) (bool, error) {
	var prev string
	err := sqlx.GetContext(ctx, q, &prev, `
		WITH cur AS (SELECT status FROM claims WHERE id = $1 FOR UPDATE)
		UPDATE claims SET status = $3, updated_at = now()
		WHERE id = $1 AND status = ANY($2)
		RETURNING (SELECT status FROM cur)`, id, pq.StringArray(from), to)
	if err == sql.ErrNoRows {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("transition claim %s: %w", id, err)
	}
	_, err = q.ExecContext(ctx, `
		INSERT INTO claim_status_history (claim_id, from_status, to_status, reason)
		VALUES ($1,$2,$3,$4)`, id, prev, to, reason)
	if err != nil {
		return false, fmt.Errorf("claim history: %w", err)
	}
	return true, nil
}

// SetPayerRef stores the payer's claim control number.
func (r *ClaimRepo) SetPayerRef(ctx context.Context, q sqlx.ExtContext, id, ref string) error {
	_, err := q.ExecContext(ctx, `UPDATE claims SET payer_claim_ref = $2, updated_at = now() WHERE id = $1`, id, ref)
	return err
}

// ApplyPayment adds a remittance payment to the claim's running totals.
func (r *ClaimRepo) ApplyPayment(ctx context.Context, q sqlx.ExtContext, id string, paid, patientResp int64, status string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE claims
		SET paid_cents = paid_cents + $2,
		    patient_resp_cents = patient_resp_cents + $3,
		    status = $4,
		    updated_at = now()
		WHERE id = $1`, id, paid, patientResp, status)
	if err != nil {
		return fmt.Errorf("apply payment to claim %s: %w", id, err)
	}
	return nil
}

// BumpSubmissionSeq increments and returns the claim's submission counter.
func (r *ClaimRepo) BumpSubmissionSeq(ctx context.Context, q sqlx.ExtContext, id string) (int, error) {
	var seq int
	err := sqlx.GetContext(ctx, q, &seq, `
		UPDATE claims SET submission_seq = submission_seq + 1, updated_at = now()
		WHERE id = $1 RETURNING submission_seq`, id)
	if err != nil {
		return 0, fmt.Errorf("bump submission seq: %w", err)
	}
	return seq, nil
}

// ReplacePayload stores a corrected claim body for a replacement submission.
func (r *ClaimRepo) ReplacePayload(ctx context.Context, q sqlx.ExtContext, id, freq string, payload []byte, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE claims SET frequency_code = $2, payload = $3, updated_at = $4 WHERE id = $1`,
		id, freq, jsonParam(payload), at)
	if err != nil {
		return fmt.Errorf("replace claim payload: %w", err)
	}
	return nil
}
