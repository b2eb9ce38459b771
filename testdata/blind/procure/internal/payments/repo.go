package payments

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/lib/pq"

	"github.com/northmill/procure/internal/platform/db"
)

// Repo is the sqlx repository for payments.
type Repo struct{}

// NewRepo returns the repository.
func NewRepo() *Repo { return &Repo{} }

const paymentColumns = `id, invoice_id, supplier_id, amount_minor, discount_minor, currency, scheduled_for,
	status, bank_payment_id, failure_reason, created_at, updated_at`

// InsertIfAbsent stores a payment unless the invoice already has one, and
// returns the ID of the invoice's payment either way.
func (r *Repo) InsertIfAbsent(ctx context.Context, q db.Querier, p Payment) (string, bool, error) {
	var id string
	err := q.QueryRowxContext(ctx, `
		INSERT INTO supplier_payments (id, invoice_id, supplier_id, amount_minor, discount_minor, currency, scheduled_for, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (invoice_id) DO NOTHING
		RETURNING id`,
		p.ID, p.InvoiceID, p.SupplierID, p.AmountMinor, p.DiscountMinor, p.Currency, p.ScheduledFor, p.Status).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = q.GetContext(ctx, &id, `SELECT id FROM supplier_payments WHERE invoice_id = $1`, p.InvoiceID)
		return id, false, err
	}
	return id, err == nil, err
}

// Get loads a payment.
func (r *Repo) Get(ctx context.Context, q db.Querier, id string) (Payment, error) {
	return db.Get[Payment](ctx, q, `SELECT `+paymentColumns+` FROM supplier_payments WHERE id = $1`, id)
}

// ByInvoice loads the payment for an invoice.
func (r *Repo) ByInvoice(ctx context.Context, q db.Querier, invoiceID string) (Payment, error) {
	return db.Get[Payment](ctx, q, `SELECT `+paymentColumns+` FROM supplier_payments WHERE invoice_id = $1`, invoiceID)
}

// ByBankID loads a payment by the bank's payment ID, locking it.
func (r *Repo) ByBankID(ctx context.Context, q db.Querier, bankID string) (Payment, error) {
	return db.Get[Payment](ctx, q, `SELECT `+paymentColumns+`
		FROM supplier_payments WHERE bank_payment_id = $1 FOR UPDATE`, bankID)
}

// Claim moves a payment into submitting if it is in one of from.
func (r *Repo) Claim(ctx context.Context, q db.Querier, id string, from ...string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE supplier_payments SET status = 'submitting', updated_at = now()
		WHERE id = $1 AND status = ANY($2)`, id, pq.Array(from))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Reprice sets a new amount and discount on a payment not yet submitted.
func (r *Repo) Reprice(ctx context.Context, q db.Querier, id string, amount, discount int64, payOn string) error {
	return db.ExpectOne(q.ExecContext(ctx, `
		UPDATE supplier_payments SET amount_minor = $2, discount_minor = $3, scheduled_for = $4::date, updated_at = now()
		WHERE id = $1 AND status IN ('scheduled', 'submitting')`, id, amount, discount, payOn))
}

// MarkSubmitted stores the bank's payment ID.
func (r *Repo) MarkSubmitted(ctx context.Context, q db.Querier, id, bankID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE supplier_payments SET status = 'submitted', bank_payment_id = $2, updated_at = now()
		WHERE id = $1 AND status IN ('submitting', 'submitted')`, id, bankID)
	return err
}

// Finish sets a terminal bank outcome on a submitted payment.
func (r *Repo) Finish(ctx context.Context, q db.Querier, id, status string, reason *string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE supplier_payments SET status = $2, failure_reason = $3, updated_at = now()
		WHERE id = $1 AND status IN ('submitting', 'submitted')`, id, status, reason)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// InsertBankEvent stores a webhook event and reports whether it is new.
func (r *Repo) InsertBankEvent(ctx context.Context, q db.Querier, id, typ, paymentRef string, payload any) (bool, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return false, err
	}
	res, err := q.ExecContext(ctx, `
		INSERT INTO bank_events (event_id, event_type, payment_ref, payload)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (event_id) DO NOTHING`, id, typ, paymentRef, raw)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// EnsurePrepayment creates the prepayment row for a PO if missing and
// returns it locked.
func (r *Repo) EnsurePrepayment(ctx context.Context, q db.Querier, p Prepayment) (Prepayment, error) {
	if _, err := q.ExecContext(ctx, `
		INSERT INTO po_prepayments (po_id, amount_minor, currency, status)
		VALUES ($1, $2, $3, 'pending')
		ON CONFLICT (po_id) DO NOTHING`, p.POID, p.AmountMinor, p.Currency); err != nil {
		return Prepayment{}, err
	}
	return db.Get[Prepayment](ctx, q, `
		SELECT po_id, amount_minor, currency, status, bank_payment_id, paid_at
		FROM po_prepayments WHERE po_id = $1 FOR UPDATE`, p.POID)
}

// MarkPrepaymentPaid records the bank payment for a prepayment.
func (r *Repo) MarkPrepaymentPaid(ctx context.Context, q db.Querier, poID, bankID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE po_prepayments SET status = 'paid', bank_payment_id = $2, paid_at = now()
		WHERE po_id = $1`, poID, bankID)
	return err
}

// EnsureRemittance creates the remittance row for a payment if missing.
func (r *Repo) EnsureRemittance(ctx context.Context, q db.Querier, paymentID string) (Remittance, error) {
	if _, err := q.ExecContext(ctx, `
		INSERT INTO remittance_advices (payment_id) VALUES ($1)
		ON CONFLICT (payment_id) DO NOTHING`, paymentID); err != nil {
		return Remittance{}, err
	}
	return db.Get[Remittance](ctx, q, `
		SELECT payment_id, status, interchange_ref, sent_at FROM remittance_advices WHERE payment_id = $1`, paymentID)
}

// MarkRemittanceSent records the interchange the partner assigned.
func (r *Repo) MarkRemittanceSent(ctx context.Context, q db.Querier, paymentID, ref string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE remittance_advices SET status = 'sent', interchange_ref = $2, sent_at = now()
		WHERE payment_id = $1`, paymentID, ref)
	return err
}
