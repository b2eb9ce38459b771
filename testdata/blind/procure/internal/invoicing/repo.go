package invoicing

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"github.com/northmill/procure/internal/platform/db"
)

// Repo is the sqlx repository for invoices, matches, credit notes and
// discount offers.
type Repo struct{}

// NewRepo returns the repository.
func NewRepo() *Repo { return &Repo{} }

const invoiceColumns = `id, supplier_id, invoice_number, po_id, currency, net_minor, tax_minor, gross_minor,
	open_minor, invoice_date, due_date, discount_pct, discount_until, status, source, created_at, updated_at`

// InsertIfAbsent stores an invoice unless the supplier already sent one with
// the same number. It reports whether it inserted.
func (r *Repo) InsertIfAbsent(ctx context.Context, q db.Querier, inv Invoice) (bool, error) {
	rows, err := sqlx.NamedQueryContext(ctx, q, `
		INSERT INTO supplier_invoices (id, supplier_id, invoice_number, po_id, currency, net_minor, tax_minor,
			gross_minor, open_minor, invoice_date, due_date, discount_pct, discount_until, status, source)
		VALUES (:id, :supplier_id, :invoice_number, :po_id, :currency, :net_minor, :tax_minor,
			:gross_minor, :open_minor, :invoice_date, :due_date, :discount_pct, :discount_until, :status, :source)
		ON CONFLICT (supplier_id, invoice_number) DO NOTHING
		RETURNING id`, inv)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	inserted := rows.Next()
	return inserted, rows.Err()
}

// InsertLines stores invoice lines.
func (r *Repo) InsertLines(ctx context.Context, q db.Querier, lines []InvoiceLine) error {
	for _, l := range lines {
		if _, err := q.NamedExecContext(ctx, `
			INSERT INTO invoice_lines (invoice_id, line_no, po_line_no, quantity, unit_price_minor)
			VALUES (:invoice_id, :line_no, :po_line_no, :quantity, :unit_price_minor)`, l); err != nil {
			return err
		}
	}
	return nil
}

// Get loads an invoice header.
func (r *Repo) Get(ctx context.Context, q db.Querier, id string) (Invoice, error) {
	return db.Get[Invoice](ctx, q, `SELECT `+invoiceColumns+` FROM supplier_invoices WHERE id = $1`, id)
}

// GetForUpdate loads and locks an invoice header.
func (r *Repo) GetForUpdate(ctx context.Context, q db.Querier, id string) (Invoice, error) {
	return db.Get[Invoice](ctx, q, `SELECT `+invoiceColumns+` FROM supplier_invoices WHERE id = $1 FOR UPDATE`, id)
}

// ByNumber loads an invoice by supplier and number.
func (r *Repo) ByNumber(ctx context.Context, q db.Querier, supplierID, number string) (Invoice, error) {
	return db.Get[Invoice](ctx, q, `SELECT `+invoiceColumns+`
		FROM supplier_invoices WHERE supplier_id = $1 AND invoice_number = $2`, supplierID, number)
}

// Lines loads an invoice's lines.
func (r *Repo) Lines(ctx context.Context, q db.Querier, invoiceID string) ([]InvoiceLine, error) {
	return db.Select[InvoiceLine](ctx, q, `
		SELECT invoice_id, line_no, po_line_no, quantity, unit_price_minor
		FROM invoice_lines WHERE invoice_id = $1 ORDER BY line_no`, invoiceID)
}

// SetStatus moves an invoice to a new status.
func (r *Repo) SetStatus(ctx context.Context, q db.Querier, id, status string) error {
	return db.ExpectOne(q.ExecContext(ctx,
		`UPDATE supplier_invoices SET status = $2, updated_at = now() WHERE id = $1`, id, status))
}

// ReduceOpen lowers an invoice's open amount.
func (r *Repo) ReduceOpen(ctx context.Context, q db.Querier, id string, amount int64) error {
	return db.ExpectOne(q.ExecContext(ctx, `
		UPDATE supplier_invoices SET open_minor = open_minor - $2, updated_at = now()
		WHERE id = $1 AND open_minor >= $2`, id, amount))
}

// UpsertMatch stores the latest match result.
func (r *Repo) UpsertMatch(ctx context.Context, q db.Querier, m Match) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO invoice_matches (invoice_id, result, qty_variance, price_variance_minor, details)
		VALUES (:invoice_id, :result, :qty_variance, :price_variance_minor, :details)
		ON CONFLICT (invoice_id) DO UPDATE SET
			result = EXCLUDED.result,
			qty_variance = EXCLUDED.qty_variance,
			price_variance_minor = EXCLUDED.price_variance_minor,
			details = EXCLUDED.details,
			matched_at = now()`, m)
	return err
}

// InsertCreditNote stores a credit note.
func (r *Repo) InsertCreditNote(ctx context.Context, q db.Querier, cn CreditNote) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO credit_notes (id, supplier_id, credit_note_number, invoice_id, amount_minor, currency, reason, status)
		VALUES (:id, :supplier_id, :credit_note_number, :invoice_id, :amount_minor, :currency, :reason, :status)`, cn)
	return err
}

// GetCreditNote loads a credit note.
func (r *Repo) GetCreditNote(ctx context.Context, q db.Querier, id string) (CreditNote, error) {
	return db.Get[CreditNote](ctx, q, `
		SELECT id, supplier_id, credit_note_number, invoice_id, amount_minor, currency, reason, status, created_at, applied_at
		FROM credit_notes WHERE id = $1`, id)
}

// MarkCreditNoteApplied records that a credit note was set off against an
// invoice.
func (r *Repo) MarkCreditNoteApplied(ctx context.Context, q db.Querier, id, invoiceID string) error {
	return db.ExpectOne(q.ExecContext(ctx, `
		UPDATE credit_notes SET status = 'applied', invoice_id = $2, applied_at = now()
		WHERE id = $1 AND status = 'open'`, id, invoiceID))
}

// InsertOffer stores a discount offer.
func (r *Repo) InsertOffer(ctx context.Context, q db.Querier, o DiscountOffer) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO discount_offers (id, invoice_id, discount_pct, pay_amount_minor, valid_until, status)
		VALUES (:id, :invoice_id, :discount_pct, :pay_amount_minor, :valid_until, :status)`, o)
	return err
}

// SetOfferStatus updates a discount offer.
func (r *Repo) SetOfferStatus(ctx context.Context, q db.Querier, id, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE discount_offers SET status = $2 WHERE id = $1`, id, status)
	return err
}

// PaymentIDForInvoice returns the scheduled payment of an invoice, if any.
func (r *Repo) PaymentIDForInvoice(ctx context.Context, q db.Querier, invoiceID string) (string, error) {
	var id string
	err := q.GetContext(ctx, &id, `SELECT id FROM supplier_payments WHERE invoice_id = $1`, invoiceID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", db.ErrNotFound
	}
	return id, err
}

// SettleOpen books a payment against an invoice's open amount.
func (r *Repo) SettleOpen(ctx context.Context, q db.Querier, id string, amount int64) error {
	return db.ExpectOne(q.ExecContext(ctx, `
		UPDATE supplier_invoices SET open_minor = GREATEST(open_minor - $2, 0), updated_at = now()
		WHERE id = $1`, id, amount))
}
