package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Payment sources and statuses.
const (
	PaymentSourcePortal  = "portal"
	PaymentSourceAutopay = "autopay"

	PaymentPending   = "pending"
	PaymentSucceeded = "succeeded"
	PaymentFailed    = "failed"
	PaymentSettled   = "settled"
)

// Payment is one card charge attempt against an invoice.
type Payment struct {
	ID               string     `db:"id"`
	InvoiceID        string     `db:"invoice_id"`
	CustomerID       string     `db:"customer_id"`
	PaymentMethodID  *uuid.UUID `db:"payment_method_id"`
	AmountCents      int64      `db:"amount_cents"`
	RefundedCents    int64      `db:"refunded_cents"`
	Source           string     `db:"source"`
	Status           string     `db:"status"`
	ProviderChargeID *string    `db:"provider_charge_id"`
	FailureCode      *string    `db:"failure_code"`
	SettledAt        *time.Time `db:"settled_at"`
	CreatedAt        time.Time  `db:"created_at"`
}

// Dispute is a chargeback opened by the card network.
type Dispute struct {
	ProviderDisputeID string
	PaymentID         *string
	ProviderChargeID  string
	AmountCents       int64
	Reason            string
	Status            string
	EvidenceDueBy     *time.Time
}

// Payments is the payment aggregate, including disputes.
type Payments interface {
	Insert(ctx context.Context, q Querier, p Payment) (Payment, error)
	InsertAutopayIfAbsent(ctx context.Context, q Querier, p Payment) (Payment, error)
	Get(ctx context.Context, q Querier, id string) (Payment, error)
	GetByChargeID(ctx context.Context, q Querier, chargeID string) (Payment, error)
	MarkSucceeded(ctx context.Context, q Querier, id, chargeID string) error
	MarkFailed(ctx context.Context, q Querier, id, code string) error
	Settle(ctx context.Context, q Querier, chargeID string, at time.Time) (Payment, error)
	AddRefunded(ctx context.Context, q Querier, chargeID string, cents int64) (Payment, error)
	InsertDispute(ctx context.Context, q Querier, d Dispute) error
}

type paymentRepo struct{}

// NewPayments returns the Postgres payment repository.
func NewPayments() Payments { return paymentRepo{} }

const paymentCols = `id, invoice_id, customer_id, payment_method_id, amount_cents, refunded_cents, source, status,
	provider_charge_id, failure_code, settled_at, created_at`

func (paymentRepo) Insert(ctx context.Context, q Querier, p Payment) (Payment, error) {
	return one[Payment](q.Query(ctx, `
		INSERT INTO payments (id, invoice_id, customer_id, payment_method_id, amount_cents, source)
		VALUES ($1, $2, $3, $4, $5, $6)
		RETURNING `+paymentCols,
		p.ID, p.InvoiceID, p.CustomerID, p.PaymentMethodID, p.AmountCents, p.Source))
}

func (paymentRepo) InsertAutopayIfAbsent(ctx context.Context, q Querier, p Payment) (Payment, error) {
	if _, err := q.Exec(ctx, `
		INSERT INTO payments (id, invoice_id, customer_id, payment_method_id, amount_cents, source)
		VALUES ($1, $2, $3, $4, $5, 'autopay')
		ON CONFLICT (invoice_id) WHERE source = 'autopay' DO NOTHING`,
		p.ID, p.InvoiceID, p.CustomerID, p.PaymentMethodID, p.AmountCents); err != nil {
		return Payment{}, err
	}
	return one[Payment](q.Query(ctx,
		`SELECT `+paymentCols+` FROM payments WHERE invoice_id = $1 AND source = 'autopay'`, p.InvoiceID))
}

func (paymentRepo) Get(ctx context.Context, q Querier, id string) (Payment, error) {
	return one[Payment](q.Query(ctx, `SELECT `+paymentCols+` FROM payments WHERE id = $1`, id))
}

func (paymentRepo) GetByChargeID(ctx context.Context, q Querier, chargeID string) (Payment, error) {
	return one[Payment](q.Query(ctx, `SELECT `+paymentCols+` FROM payments WHERE provider_charge_id = $1`, chargeID))
}

func (paymentRepo) MarkSucceeded(ctx context.Context, q Querier, id, chargeID string) error {
	_, err := q.Exec(ctx, `
		UPDATE payments SET status = 'succeeded', provider_charge_id = $2
		 WHERE id = $1 AND status = 'pending'`, id, chargeID)
	return err
}

func (paymentRepo) MarkFailed(ctx context.Context, q Querier, id, code string) error {
	_, err := q.Exec(ctx, `
		UPDATE payments SET status = 'failed', failure_code = $2
		 WHERE id = $1 AND status = 'pending'`, id, code)
	return err
}

func (paymentRepo) Settle(ctx context.Context, q Querier, chargeID string, at time.Time) (Payment, error) {
	return one[Payment](q.Query(ctx, `
		UPDATE payments SET status = 'settled', settled_at = $2
		 WHERE provider_charge_id = $1
		RETURNING `+paymentCols, chargeID, at))
}

func (paymentRepo) AddRefunded(ctx context.Context, q Querier, chargeID string, cents int64) (Payment, error) {
	return one[Payment](q.Query(ctx, `
		UPDATE payments SET refunded_cents = refunded_cents + $2
		 WHERE provider_charge_id = $1
		RETURNING `+paymentCols, chargeID, cents))
}

func (paymentRepo) InsertDispute(ctx context.Context, q Querier, d Dispute) error {
	_, err := q.Exec(ctx, `
		INSERT INTO disputes (provider_dispute_id, payment_id, provider_charge_id, amount_cents, reason, status, evidence_due_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		d.ProviderDisputeID, d.PaymentID, d.ProviderChargeID, d.AmountCents, d.Reason, d.Status, d.EvidenceDueBy)
	return err
}
