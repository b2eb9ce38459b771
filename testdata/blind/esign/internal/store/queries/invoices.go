package queries

import (
	"context"
	"time"

	"github.com/quillsign/esign/internal/domain"
)

const invoiceColumns = `id, account_id, period_start, period_end, number, status, currency,
	total_cents, issued_at, paid_at, created_at`

// UpsertInvoice returns the account's invoice for the period, creating a
// draft if none exists. The id of an existing invoice is kept.
func UpsertInvoice(ctx context.Context, db DBTX, inv domain.Invoice) (domain.Invoice, error) {
	rows, err := db.Query(ctx, `
		INSERT INTO invoices (id, account_id, period_start, period_end, status, currency, created_at)
		VALUES ($1, $2, $3, $4, 'draft', $5, $6)
		ON CONFLICT (account_id, period_start) DO UPDATE SET period_end = invoices.period_end
		RETURNING `+invoiceColumns,
		inv.ID, inv.AccountID, inv.PeriodStart, inv.PeriodEnd, inv.Currency, inv.CreatedAt)
	return collectOne[domain.Invoice](rows, err)
}

// GetInvoice loads an invoice by id.
func GetInvoice(ctx context.Context, db DBTX, id string) (domain.Invoice, error) {
	rows, err := db.Query(ctx, `SELECT `+invoiceColumns+` FROM invoices WHERE id = $1`, id)
	return collectOne[domain.Invoice](rows, err)
}

// ListUnbilledUsage returns usage recorded before `before` and not on an invoice.
func ListUnbilledUsage(ctx context.Context, db DBTX, accountID string, before time.Time) ([]domain.UsageRecord, error) {
	rows, err := db.Query(ctx, `
		SELECT id, account_id, envelope_id, quantity, unit_cents, invoice_id, created_at
		  FROM usage_records
		 WHERE account_id = $1 AND invoice_id IS NULL AND created_at < $2
		 ORDER BY created_at`, accountID, before)
	return collectAll[domain.UsageRecord](rows, err)
}

// RecalculateInvoiceTotal sets the total from the invoice's lines.
func RecalculateInvoiceTotal(ctx context.Context, db DBTX, invoiceID string) (int64, error) {
	var total int64
	err := db.QueryRow(ctx, `
		UPDATE invoices
		   SET total_cents = (SELECT coalesce(sum(amount_cents), 0) FROM invoice_lines WHERE invoice_id = $1)
		 WHERE id = $1
		RETURNING total_cents`, invoiceID).Scan(&total)
	return total, err
}

// IssueInvoice moves a draft invoice to open and assigns its number.
func IssueInvoice(ctx context.Context, db DBTX, invoiceID, number string, now time.Time) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE invoices SET status = 'open', number = $2, issued_at = $3
		 WHERE id = $1 AND status = 'draft'`, invoiceID, number, now)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkInvoicePaid moves an open invoice to paid.
func MarkInvoicePaid(ctx context.Context, db DBTX, invoiceID string, now time.Time) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE invoices SET status = 'paid', paid_at = $2
		 WHERE id = $1 AND status = 'open'`, invoiceID, now)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkUsageInvoiced attaches usage records to an invoice.
func MarkUsageInvoiced(ctx context.Context, db DBTX, invoiceID string, usageIDs []string) error {
	_, err := db.Exec(ctx,
		`UPDATE usage_records SET invoice_id = $1 WHERE id = ANY($2) AND invoice_id IS NULL`,
		invoiceID, usageIDs)
	return err
}
