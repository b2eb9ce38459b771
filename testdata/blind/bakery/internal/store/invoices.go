package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
)

// Invoices persists invoices.
type Invoices struct{}

// NewInvoices builds the repository.
func NewInvoices() *Invoices { return &Invoices{} }

const invoiceColumns = `id, invoice_number, order_id, customer_id, subtotal_pence, credited_pence, paid_pence,
	status, collection_attempts, issued_on, due_on, emailed_at, created_at`

// UpsertForOrder creates the order's invoice, or returns the one already
// raised for it. Invoice numbers come from a sequence, so a conflicting
// insert burns a number but never changes the stored invoice.
func (r *Invoices) UpsertForOrder(ctx context.Context, q Q, inv domain.Invoice) (domain.Invoice, error) {
	return namedGet[domain.Invoice](ctx, q, `
INSERT INTO invoices (id, invoice_number, order_id, customer_id, subtotal_pence, credited_pence, issued_on, due_on)
VALUES (:id, 'INV-' || nextval('invoice_number_seq'), :order_id, :customer_id, :subtotal_pence, :credited_pence,
	:issued_on, :due_on)
ON CONFLICT (order_id) DO UPDATE SET order_id = EXCLUDED.order_id
RETURNING `+invoiceColumns, inv)
}

// Get loads an invoice.
func (r *Invoices) Get(ctx context.Context, q Q, id uuid.UUID) (domain.Invoice, error) {
	inv, err := namedGet[domain.Invoice](ctx, q, `SELECT `+invoiceColumns+` FROM invoices WHERE id = :id`,
		map[string]any{"id": id})
	return inv, notFound(err, "invoice", id)
}

// ForOrder loads the invoice raised for an order.
func (r *Invoices) ForOrder(ctx context.Context, q Q, orderID uuid.UUID) (domain.Invoice, error) {
	inv, err := namedGet[domain.Invoice](ctx, q, `SELECT `+invoiceColumns+` FROM invoices WHERE order_id = :id`,
		map[string]any{"id": orderID})
	return inv, notFound(err, "invoice for order", orderID)
}

// ClaimEmail marks the invoice as emailed. It returns false if another
// attempt already claimed it.
func (r *Invoices) ClaimEmail(ctx context.Context, q Q, id uuid.UUID, at time.Time) (bool, error) {
	n, err := namedExec(ctx, q, `
UPDATE invoices SET emailed_at = :at WHERE id = :id AND emailed_at IS NULL`,
		map[string]any{"id": id, "at": at})
	return n == 1, err
}

// AddPaid increases the amount paid and settles the invoice when covered.
func (r *Invoices) AddPaid(ctx context.Context, q Q, id uuid.UUID, amount int) error {
	_, err := namedExec(ctx, q, `
UPDATE invoices SET paid_pence = paid_pence + :amount,
	status = CASE WHEN paid_pence + :amount + credited_pence >= subtotal_pence THEN 'paid' ELSE status END
WHERE id = :id`, map[string]any{"id": id, "amount": amount})
	return err
}

// AddCredited increases the amount credited against the invoice.
func (r *Invoices) AddCredited(ctx context.Context, q Q, id uuid.UUID, amount int) error {
	_, err := namedExec(ctx, q, `
UPDATE invoices SET credited_pence = LEAST(credited_pence + :amount, subtotal_pence),
	status = CASE WHEN paid_pence + credited_pence + :amount >= subtotal_pence AND status = 'open' THEN 'paid' ELSE status END
WHERE id = :id`, map[string]any{"id": id, "amount": amount})
	return err
}

// RecordCollectionFailure marks a failed collection and counts the attempt.
func (r *Invoices) RecordCollectionFailure(ctx context.Context, q Q, id uuid.UUID) error {
	_, err := namedExec(ctx, q, `
UPDATE invoices SET status = 'collection_failed', collection_attempts = collection_attempts + 1
WHERE id = :id AND status IN ('open', 'collecting')`, map[string]any{"id": id})
	return err
}

// RetryableCollections lists direct-debit invoices whose last collection
// failed and which have attempts left.
func (r *Invoices) RetryableCollections(ctx context.Context, q Q, maxAttempts int) ([]domain.Invoice, error) {
	return namedSelect[domain.Invoice](ctx, q, `
SELECT `+invoiceColumns+` FROM invoices
WHERE status = 'collection_failed' AND collection_attempts < :max
ORDER BY due_on`, map[string]any{"max": maxAttempts})
}

// MarkCollecting records a new collection attempt in flight.
func (r *Invoices) MarkCollecting(ctx context.Context, q Q, id uuid.UUID) error {
	_, err := namedExec(ctx, q, `
UPDATE invoices SET status = 'collecting' WHERE id = :id AND status IN ('open', 'collection_failed')`,
		map[string]any{"id": id})
	return err
}

// StatementLine is an invoice as it appears on a monthly statement.
type StatementLine struct {
	InvoiceNumber string    `db:"invoice_number" json:"invoice_number"`
	IssuedOn      time.Time `db:"issued_on" json:"issued_on"`
	DueOn         time.Time `db:"due_on" json:"due_on"`
	Subtotal      int       `db:"subtotal_pence" json:"subtotal_pence"`
	Credited      int       `db:"credited_pence" json:"credited_pence"`
	Paid          int       `db:"paid_pence" json:"paid_pence"`
	Status        string    `db:"status" json:"status"`
}

// StatementFor lists a customer's invoices issued in [from, to).
func (r *Invoices) StatementFor(ctx context.Context, q Q, customerID uuid.UUID, from, to time.Time) ([]StatementLine, error) {
	return namedSelect[StatementLine](ctx, q, `
SELECT invoice_number, issued_on, due_on, subtotal_pence, credited_pence, paid_pence, status
FROM invoices WHERE customer_id = :customer_id AND issued_on >= :from AND issued_on < :to
ORDER BY issued_on, invoice_number`, map[string]any{"customer_id": customerID, "from": from, "to": to})
}

// StatementSent reports whether the period's statement went to the customer.
func (r *Invoices) StatementSent(ctx context.Context, q Q, period string, customerID uuid.UUID) (bool, error) {
	return namedGet[bool](ctx, q, `
SELECT EXISTS (SELECT 1 FROM statement_sends WHERE period = :period AND customer_id = :customer_id)`,
		map[string]any{"period": period, "customer_id": customerID})
}

// RecordStatementSent notes that the period's statement went out.
func (r *Invoices) RecordStatementSent(ctx context.Context, q Q, period string, customerID uuid.UUID) error {
	_, err := namedExec(ctx, q, `
INSERT INTO statement_sends (period, customer_id) VALUES (:period, :customer_id)
ON CONFLICT (period, customer_id) DO NOTHING`, map[string]any{"period": period, "customer_id": customerID})
	return err
}

// Payments persists collection attempts.
type Payments struct{}

// NewPayments builds the repository.
func NewPayments() *Payments { return &Payments{} }

const paymentColumns = `id, invoice_id, method, provider, provider_payment_id, amount_pence, status, created_at`

// InsertIfAbsent records a provider payment. It returns false when the
// provider payment was already recorded.
func (r *Payments) InsertIfAbsent(ctx context.Context, q Q, p domain.Payment) (bool, error) {
	n, err := namedExec(ctx, q, `
INSERT INTO payments (id, invoice_id, method, provider, provider_payment_id, amount_pence, status)
VALUES (:id, :invoice_id, :method, :provider, :provider_payment_id, :amount_pence, :status)
ON CONFLICT (provider, provider_payment_id) DO NOTHING`, p)
	return n == 1, err
}

// ByProviderID loads a payment by the provider's id.
func (r *Payments) ByProviderID(ctx context.Context, q Q, provider, providerID string) (domain.Payment, error) {
	p, err := namedGet[domain.Payment](ctx, q, `
SELECT `+paymentColumns+` FROM payments WHERE provider = :provider AND provider_payment_id = :pid`,
		map[string]any{"provider": provider, "pid": providerID})
	return p, notFound(err, "payment", providerID)
}

// SetStatus changes a payment's status.
func (r *Payments) SetStatus(ctx context.Context, q Q, id uuid.UUID, status string) error {
	_, err := namedExec(ctx, q, `UPDATE payments SET status = :status WHERE id = :id`,
		map[string]any{"id": id, "status": status})
	return err
}

// LatestConfirmed returns the most recent confirmed payment for an invoice.
func (r *Payments) LatestConfirmed(ctx context.Context, q Q, invoiceID uuid.UUID) (domain.Payment, error) {
	p, err := namedGet[domain.Payment](ctx, q, `
SELECT `+paymentColumns+` FROM payments WHERE invoice_id = :id AND status = 'confirmed'
ORDER BY created_at DESC LIMIT 1`, map[string]any{"id": invoiceID})
	return p, notFound(err, "confirmed payment for invoice", invoiceID)
}
