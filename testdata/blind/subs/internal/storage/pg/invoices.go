package pg

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type InvoiceRepo struct{ db sqlx.ExtContext }

func NewInvoiceRepo(db sqlx.ExtContext) *InvoiceRepo { return &InvoiceRepo{db: db} }

func (r *InvoiceRepo) WithTx(tx sqlx.ExtContext) billing.InvoiceRepository {
	return &InvoiceRepo{db: tx}
}

const invoiceCols = `id, number, customer_id, subscription_id, status, currency, subtotal_cents, tax_cents,
	credits_applied, credits_released, total_cents, amount_paid_cents, amount_refunded,
	period_start, period_end, finalized_at, paid_at, voided_at, created_at, updated_at`

func (r *InvoiceRepo) Get(ctx context.Context, id string) (billing.Invoice, error) {
	var inv billing.Invoice
	err := sqlx.GetContext(ctx, r.db, &inv, `SELECT `+invoiceCols+` FROM invoices WHERE id = $1`, id)
	return inv, mapErr("invoices.get", err)
}

func (r *InvoiceRepo) GetForUpdate(ctx context.Context, id string) (billing.Invoice, error) {
	var inv billing.Invoice
	err := sqlx.GetContext(ctx, r.db, &inv, `SELECT `+invoiceCols+` FROM invoices WHERE id = $1 FOR UPDATE`, id)
	return inv, mapErr("invoices.get_for_update", err)
}

const insertDraftSQL = `
	INSERT INTO invoices (id, customer_id, subscription_id, status, currency,
	                      subtotal_cents, total_cents, credits_applied, period_start, period_end)
	VALUES (:id, :customer_id, :subscription_id, 'draft', :currency,
	        :subtotal_cents, :total_cents, :credits_applied, :period_start, :period_end)`

func (r *InvoiceRepo) InsertDraft(ctx context.Context, inv billing.Invoice) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, insertDraftSQL, inv)
	return mapErr("invoices.insert_draft", err)
}

func (r *InvoiceRepo) InsertItems(ctx context.Context, items []billing.InvoiceItem) error {
	if len(items) == 0 {
		return nil
	}
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO invoice_items (id, invoice_id, subscription_id, kind, description, quantity, amount_cents)
		VALUES (:id, :invoice_id, :subscription_id, :kind, :description, :quantity, :amount_cents)`, items)
	return mapErr("invoices.insert_items", err)
}

// AddPendingItem stages an item to be swept onto the next invoice. Items
// carry deterministic ids, so re-adding the same item is a no-op.
func (r *InvoiceRepo) AddPendingItem(ctx context.Context, item billing.InvoiceItem) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO invoice_items (id, invoice_id, subscription_id, kind, description, quantity, amount_cents)
		VALUES (:id, NULL, :subscription_id, :kind, :description, :quantity, :amount_cents)
		ON CONFLICT (id) DO NOTHING`, item)
	return mapErr("invoices.add_pending_item", err)
}

func (r *InvoiceRepo) AttachPendingItems(ctx context.Context, subscriptionID, invoiceID string) (int64, error) {
	var total int64
	err := sqlx.GetContext(ctx, r.db, &total, `
		WITH moved AS (
			UPDATE invoice_items SET invoice_id = $2
			 WHERE subscription_id = $1 AND invoice_id IS NULL
			RETURNING amount_cents
		)
		SELECT COALESCE(SUM(amount_cents), 0) FROM moved`, subscriptionID, invoiceID)
	return total, mapErr("invoices.attach_pending", err)
}

// AdjustTotals adds subtotalDelta to the subtotal/total and records credits
// applied from the customer's balance.
func (r *InvoiceRepo) AdjustTotals(ctx context.Context, id string, subtotalDelta, creditsApplied int64) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE invoices
		   SET subtotal_cents = subtotal_cents + $2,
		       total_cents = total_cents + $2,
		       credits_applied = credits_applied + $3,
		       updated_at = now()
		 WHERE id = $1 AND status = 'draft'`, id, subtotalDelta, creditsApplied)
	if err != nil {
		return mapErr("invoices.adjust_totals", err)
	}
	return expectOne("invoices.adjust_totals", res)
}

// MarkFinalized moves a draft to open and assigns the next invoice number
// from the database sequence.
func (r *InvoiceRepo) MarkFinalized(ctx context.Context, id string, at time.Time) (billing.Invoice, error) {
	var inv billing.Invoice
	err := sqlx.GetContext(ctx, r.db, &inv, `
		UPDATE invoices
		   SET status = 'open',
		       number = 'INV-' || to_char($2::timestamptz, 'YYYYMM') || '-' || nextval('invoice_number_seq'),
		       finalized_at = $2,
		       updated_at = now()
		 WHERE id = $1 AND status = 'draft'
		RETURNING `+invoiceCols, id, at)
	return inv, mapErr("invoices.mark_finalized", err)
}

func (r *InvoiceRepo) MarkPaid(ctx context.Context, id string, amountCents int64, at time.Time) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE invoices
		   SET status = 'paid', amount_paid_cents = amount_paid_cents + $2, paid_at = $3, updated_at = now()
		 WHERE id = $1 AND status = 'open'`, id, amountCents, at)
	if err != nil {
		return mapErr("invoices.mark_paid", err)
	}
	return expectOne("invoices.mark_paid", res)
}

func (r *InvoiceRepo) SetTax(ctx context.Context, id string, taxCents int64) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE invoices
		   SET tax_cents = $2, total_cents = subtotal_cents + $2, updated_at = now()
		 WHERE id = $1 AND status IN ('draft', 'open')`, id, taxCents)
	if err != nil {
		return mapErr("invoices.set_tax", err)
	}
	return expectOne("invoices.set_tax", res)
}

func (r *InvoiceRepo) AddRefunded(ctx context.Context, id string, amountCents int64) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE invoices SET amount_refunded = amount_refunded + $2, updated_at = now()
		 WHERE id = $1`, id, amountCents)
	if err != nil {
		return mapErr("invoices.add_refunded", err)
	}
	return expectOne("invoices.add_refunded", res)
}

func (r *InvoiceRepo) ReleaseCredits(ctx context.Context, id string) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE invoices SET credits_released = TRUE, updated_at = now()
		 WHERE id = $1 AND credits_released = FALSE`, id)
	if err != nil {
		return mapErr("invoices.release_credits", err)
	}
	return expectOne("invoices.release_credits", res)
}
