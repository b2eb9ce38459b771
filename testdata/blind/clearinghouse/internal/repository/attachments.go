package repository

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
)

// AttachmentRepo persists claim attachments (275).
type AttachmentRepo struct{}

func NewAttachmentRepo() *AttachmentRepo { return &AttachmentRepo{} }

// InsertIfAbsent records the attachment keyed by (claim, control number)
// and returns the stored row.
func (r *AttachmentRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, a *domain.Attachment) (*domain.Attachment, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO claim_attachments (id, claim_id, attachment_control_no, report_type_code, content_sha256, storage_uri, status, created_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
		ON CONFLICT (claim_id, attachment_control_no) DO NOTHING`,
		a.ID, a.ClaimID, a.AttachmentControlNo, a.ReportTypeCode, a.ContentSHA256, a.StorageURI, a.Status, a.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("insert attachment: %w", err)
	}
	var stored domain.Attachment
	err = sqlx.GetContext(ctx, q, &stored, `
		SELECT id, claim_id, attachment_control_no, report_type_code, content_sha256, storage_uri, status, payer_ack_ref, created_at
		FROM claim_attachments WHERE claim_id = $1 AND attachment_control_no = $2`, a.ClaimID, a.AttachmentControlNo)
	if err != nil {
		return nil, fmt.Errorf("load attachment: %w", err)
	}
	return &stored, nil
}

// MarkSent stores the payer's acknowledgement reference.
func (r *AttachmentRepo) MarkSent(ctx context.Context, q sqlx.ExtContext, id, ackRef string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE claim_attachments SET status = 'sent', payer_ack_ref = $2 WHERE id = $1`, id, ackRef)
	return err
}

// CrossoverRepo records claims forwarded to secondary payers.
type CrossoverRepo struct{}

func NewCrossoverRepo() *CrossoverRepo { return &CrossoverRepo{} }

// Record stores the crossover, keeping the first row for a (claim, payer).
func (r *CrossoverRepo) Record(ctx context.Context, q sqlx.ExtContext, c *domain.Crossover) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO crossover_claims (id, claim_id, secondary_payer_id, primary_paid_cents, status, forwarded_at)
		VALUES ($1,$2,$3,$4,$5,$6)
		ON CONFLICT (claim_id, secondary_payer_id) DO NOTHING`,
		c.ID, c.ClaimID, c.SecondaryPayerID, c.PrimaryPaidCents, c.Status, c.ForwardedAt)
	if err != nil {
		return fmt.Errorf("record crossover: %w", err)
	}
	return nil
}

// Find returns the crossover for (claim, payer) or nil.
func (r *CrossoverRepo) Find(ctx context.Context, q sqlx.ExtContext, claimID, payerID string) (*domain.Crossover, error) {
	var out []domain.Crossover
	err := sqlx.SelectContext(ctx, q, &out, `
		SELECT id, claim_id, secondary_payer_id, primary_paid_cents, status, forwarded_at
		FROM crossover_claims WHERE claim_id = $1 AND secondary_payer_id = $2`, claimID, payerID)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return &out[0], nil
}
