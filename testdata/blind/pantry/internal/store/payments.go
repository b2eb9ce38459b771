package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// PaymentRepo stores the card authorisation attached to each order.
type PaymentRepo struct {
	db pg.DBTX
}

// NewPaymentRepo builds a PaymentRepo.
func NewPaymentRepo(db pg.DBTX) *PaymentRepo { return &PaymentRepo{db: db} }

// UpsertAuthorisation records (or replaces) the order's payment intent.
func (r *PaymentRepo) UpsertAuthorisation(ctx context.Context, p domain.Payment) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO payments (order_id, intent_id, amount_cents, currency, status)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (order_id)
		DO UPDATE SET intent_id = EXCLUDED.intent_id,
		              amount_cents = EXCLUDED.amount_cents,
		              status = EXCLUDED.status,
		              updated_at = now()`,
		p.OrderID, p.IntentID, p.AmountCents, p.Currency, string(p.Status))
	if err != nil {
		return fmt.Errorf("upsert payment: %w", err)
	}
	return nil
}

// Get loads the payment of an order.
func (r *PaymentRepo) Get(ctx context.Context, orderID uuid.UUID) (domain.Payment, error) {
	var p domain.Payment
	var status string
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT order_id, intent_id, amount_cents, currency, status, updated_at
		  FROM payments WHERE order_id = $1`, orderID).
		Scan(&p.OrderID, &p.IntentID, &p.AmountCents, &p.Currency, &status, &p.UpdatedAt)
	if err != nil {
		return domain.Payment{}, fmt.Errorf("get payment: %w", pg.NotFound(err))
	}
	p.Status = domain.PaymentStatus(status)
	return p, nil
}

// SetStatus updates the payment status.
func (r *PaymentRepo) SetStatus(ctx context.Context, orderID uuid.UUID, status domain.PaymentStatus) error {
	_, err := conn(ctx, r.db).Exec(ctx,
		`UPDATE payments SET status = $2, updated_at = now() WHERE order_id = $1`, orderID, string(status))
	return err
}

// PaymentOpRepo stores durable intents for card-processor operations.
type PaymentOpRepo struct {
	db pg.DBTX
}

// NewPaymentOpRepo builds a PaymentOpRepo.
func NewPaymentOpRepo(db pg.DBTX) *PaymentOpRepo { return &PaymentOpRepo{db: db} }

// Ensure creates the (order, kind) operation if it does not exist and
// returns the stored row, locked for the rest of the transaction. The id
// passed in is only used when the row is created.
func (r *PaymentOpRepo) Ensure(ctx context.Context, op domain.PaymentOperation) (domain.PaymentOperation, error) {
	q := conn(ctx, r.db)
	if _, err := q.Exec(ctx, `
		INSERT INTO payment_operations (id, order_id, kind, amount_cents)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (order_id, kind) DO NOTHING`,
		op.ID, op.OrderID, op.Kind, op.AmountCents); err != nil {
		return domain.PaymentOperation{}, fmt.Errorf("ensure payment op: %w", err)
	}

	var out domain.PaymentOperation
	var status string
	err := q.QueryRow(ctx, `
		SELECT id, order_id, kind, amount_cents, status, provider_ref
		  FROM payment_operations WHERE order_id = $1 AND kind = $2 FOR UPDATE`,
		op.OrderID, op.Kind).
		Scan(&out.ID, &out.OrderID, &out.Kind, &out.AmountCents, &status, &out.ProviderRef)
	if err != nil {
		return domain.PaymentOperation{}, fmt.Errorf("load payment op: %w", err)
	}
	out.Status = domain.OpStatus(status)
	return out, nil
}

// Finish records the provider outcome of an operation.
func (r *PaymentOpRepo) Finish(ctx context.Context, id uuid.UUID, status domain.OpStatus, providerRef string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE payment_operations SET status = $2, provider_ref = $3, updated_at = now()
		 WHERE id = $1`, id, string(status), providerRef)
	return err
}

// RefundRepo stores refund intents keyed by (order, reason).
type RefundRepo struct {
	db pg.DBTX
}

// NewRefundRepo builds a RefundRepo.
func NewRefundRepo(db pg.DBTX) *RefundRepo { return &RefundRepo{db: db} }

// Ensure creates the refund intent if absent and returns the stored row.
func (r *RefundRepo) Ensure(ctx context.Context, rf domain.Refund) (domain.Refund, error) {
	q := conn(ctx, r.db)
	if _, err := q.Exec(ctx, `
		INSERT INTO refunds (order_id, reason, amount_cents)
		VALUES ($1, $2, $3)
		ON CONFLICT (order_id, reason) DO NOTHING`, rf.OrderID, rf.Reason, rf.AmountCents); err != nil {
		return domain.Refund{}, fmt.Errorf("ensure refund: %w", err)
	}
	var out domain.Refund
	var status string
	err := q.QueryRow(ctx, `
		SELECT order_id, reason, amount_cents, status, provider_ref
		  FROM refunds WHERE order_id = $1 AND reason = $2`, rf.OrderID, rf.Reason).
		Scan(&out.OrderID, &out.Reason, &out.AmountCents, &status, &out.ProviderRef)
	if err != nil {
		return domain.Refund{}, fmt.Errorf("load refund: %w", err)
	}
	out.Status = domain.OpStatus(status)
	return out, nil
}

// Finish records the provider outcome of a refund.
func (r *RefundRepo) Finish(ctx context.Context, orderID uuid.UUID, reason string, status domain.OpStatus, providerRef string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE refunds SET status = $3, provider_ref = $4, updated_at = now()
		 WHERE order_id = $1 AND reason = $2`, orderID, reason, string(status), providerRef)
	return err
}

// InvoiceRepo stores issued invoices.
type InvoiceRepo struct {
	db pg.DBTX
}

// NewInvoiceRepo builds an InvoiceRepo.
func NewInvoiceRepo(db pg.DBTX) *InvoiceRepo { return &InvoiceRepo{db: db} }

// Insert stores a new invoice.
func (r *InvoiceRepo) Insert(ctx context.Context, inv domain.Invoice) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO invoices (id, number, order_id, total_cents, extra_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		inv.ID, inv.Number, inv.OrderID, inv.TotalCents, inv.ExtraCents, inv.Status)
	if err != nil {
		return fmt.Errorf("insert invoice: %w", err)
	}
	return nil
}

// MarkCharged records the charge taken for an invoice's extra amount.
func (r *InvoiceRepo) MarkCharged(ctx context.Context, id, chargeRef string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE invoices SET charge_ref = $2, status = 'charged' WHERE id = $1`, id, chargeRef)
	return err
}

// CreditRepo manages customer store credit.
type CreditRepo struct {
	db pg.DBTX
}

// NewCreditRepo builds a CreditRepo.
func NewCreditRepo(db pg.DBTX) *CreditRepo { return &CreditRepo{db: db} }

// Grant adds credit to the customer balance and writes a ledger entry.
func (r *CreditRepo) Grant(ctx context.Context, customerID, orderID uuid.UUID, cents int64, reason string) error {
	q := conn(ctx, r.db)
	if _, err := q.Exec(ctx, `
		INSERT INTO customer_credit_ledger (customer_id, order_id, amount_cents, reason)
		VALUES ($1, $2, $3, $4)`, customerID, orderID, cents, reason); err != nil {
		return fmt.Errorf("credit ledger: %w", err)
	}
	if _, err := q.Exec(ctx, `
		UPDATE customers SET credit_cents = credit_cents + $2 WHERE id = $1`, customerID, cents); err != nil {
		return fmt.Errorf("credit balance: %w", err)
	}
	return nil
}
