package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/repo"
)

const donorColumns = `id, email, name, email_status, merged_into, last_receipt_year, created_at`

// DonorRepo implements repo.Donors.
type DonorRepo struct{ q sqlx.ExtContext }

// NewDonorRepo builds the repository.
func NewDonorRepo(q sqlx.ExtContext) *DonorRepo { return &DonorRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *DonorRepo) WithTx(tx *sqlx.Tx) repo.Donors { return &DonorRepo{q: tx} }

// Get loads a donor.
func (r *DonorRepo) Get(ctx context.Context, id string) (*domain.Donor, error) {
	var d domain.Donor
	if err := sqlx.GetContext(ctx, r.q, &d, `SELECT `+donorColumns+` FROM donors WHERE id = $1`, id); err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

// GetForUpdate locks and loads a donor.
func (r *DonorRepo) GetForUpdate(ctx context.Context, id string) (*domain.Donor, error) {
	var d domain.Donor
	if err := sqlx.GetContext(ctx, r.q, &d, `SELECT `+donorColumns+` FROM donors WHERE id = $1 FOR UPDATE`, id); err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

// MarkMerged points source at target.
func (r *DonorRepo) MarkMerged(ctx context.Context, sourceID, targetID string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE donors SET merged_into = $2 WHERE id = $1`, sourceID, targetID)
	return err
}

// SetEmailStatus updates the deliverability status for every donor with the address.
func (r *DonorRepo) SetEmailStatus(ctx context.Context, email, status string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE donors SET email_status = $2 WHERE lower(email) = lower($1)`, email, status)
	return err
}

// SetLastReceiptYear stamps the latest tax year a receipt was sent for.
func (r *DonorRepo) SetLastReceiptYear(ctx context.Context, id string, year int) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE donors SET last_receipt_year = GREATEST(COALESCE(last_receipt_year, 0), $2)
		 WHERE id = $1`, id, year)
	return err
}

// SuppressionRepo implements repo.Suppressions.
type SuppressionRepo struct{ q sqlx.ExtContext }

// NewSuppressionRepo builds the repository.
func NewSuppressionRepo(q sqlx.ExtContext) *SuppressionRepo { return &SuppressionRepo{q: q} }

// Upsert adds or refreshes an address on the suppression list.
func (r *SuppressionRepo) Upsert(ctx context.Context, email, reason string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO email_suppressions (email, reason)
		VALUES (lower($1), $2)
		ON CONFLICT (email) DO UPDATE SET reason = EXCLUDED.reason, updated_at = now()`, email, reason)
	return err
}

// TaxReceiptRepo implements repo.TaxReceipts.
type TaxReceiptRepo struct{ q sqlx.ExtContext }

// NewTaxReceiptRepo builds the repository.
func NewTaxReceiptRepo(q sqlx.ExtContext) *TaxReceiptRepo { return &TaxReceiptRepo{q: q} }

// Exists reports whether the receipt was already sent.
func (r *TaxReceiptRepo) Exists(ctx context.Context, donorID string, year int) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, r.q, &ok, `
		SELECT EXISTS (SELECT 1 FROM tax_receipts WHERE donor_id = $1 AND tax_year = $2)`, donorID, year)
	return ok, err
}

// Upsert records the receipt e-mail.
func (r *TaxReceiptRepo) Upsert(ctx context.Context, donorID string, year int, messageID string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO tax_receipts (donor_id, tax_year, message_id)
		VALUES ($1, $2, $3)
		ON CONFLICT (donor_id, tax_year) DO UPDATE SET message_id = EXCLUDED.message_id, sent_at = now()`,
		donorID, year, messageID)
	return err
}

// EmailOutboxRepo implements repo.EmailOutbox.
type EmailOutboxRepo struct{ q sqlx.ExtContext }

// NewEmailOutboxRepo builds the repository.
func NewEmailOutboxRepo(q sqlx.ExtContext) *EmailOutboxRepo { return &EmailOutboxRepo{q: q} }

// Ensure creates the row for row.MessageKey if absent and returns the stored row.
func (r *EmailOutboxRepo) Ensure(ctx context.Context, row domain.EmailOutboxRow) (*domain.EmailOutboxRow, error) {
	if _, err := r.q.ExecContext(ctx, `
		INSERT INTO email_outbox (id, message_key, to_email, template, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (message_key) DO NOTHING`, row.ID, row.MessageKey, row.ToEmail, row.Template); err != nil {
		return nil, err
	}
	var out domain.EmailOutboxRow
	err := sqlx.GetContext(ctx, r.q, &out, `
		SELECT id, message_key, to_email, template, status, sent_at
		  FROM email_outbox WHERE message_key = $1`, row.MessageKey)
	if err != nil {
		return nil, notFound(err)
	}
	return &out, nil
}

// MarkSent stamps the row as sent.
func (r *EmailOutboxRepo) MarkSent(ctx context.Context, messageKey string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE email_outbox SET status = 'sent', sent_at = now() WHERE message_key = $1`, messageKey)
	return err
}
