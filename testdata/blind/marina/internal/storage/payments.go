package storage

import (
	"context"

	"github.com/harbourline/marina/internal/domain"
)

type PaymentRepository interface {
	// Intent inserts p keyed by p.OpKey, or returns the row already stored
	// under that key.
	Intent(ctx context.Context, p *domain.Payment) (*domain.Payment, error)
	Get(ctx context.Context, id string) (*domain.Payment, error)
	DepositForReservation(ctx context.Context, reservationID string) (*domain.Payment, error)
	SetIntent(ctx context.Context, id, stripeIntentID, status string) error
	SetStatus(ctx context.Context, id, status, reason string) error
	SetStatusByIntent(ctx context.Context, stripeIntentID, status, reason string) (*domain.Payment, error)
}

type paymentRepo struct{ q Querier }

const paymentCols = `id, op_key, purpose, boater_id, COALESCE(reservation_id::text, ''), COALESCE(work_order_id::text, ''),
	COALESCE(fuel_sale_id::text, ''), COALESCE(installment_id::text, ''), amount_cents, currency, capture_method,
	status, COALESCE(stripe_intent_id, ''), COALESCE(failure_reason, ''), created_at`

func scanPayment(row interface{ Scan(...any) error }) (*domain.Payment, error) {
	var p domain.Payment
	var purpose string
	if err := row.Scan(&p.ID, &p.OpKey, &purpose, &p.BoaterID, &p.ReservationID, &p.WorkOrderID,
		&p.FuelSaleID, &p.InstallmentID, &p.AmountCents, &p.Currency, &p.CaptureMethod,
		&p.Status, &p.StripeIntentID, &p.FailureReason, &p.CreatedAt); err != nil {
		return nil, notFound(err)
	}
	p.Purpose = domain.PaymentPurpose(purpose)
	return &p, nil
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (r *paymentRepo) Intent(ctx context.Context, p *domain.Payment) (*domain.Payment, error) {
	capture := p.CaptureMethod
	if capture == "" {
		capture = "automatic"
	}
	return scanPayment(r.q.QueryRow(ctx, `
		INSERT INTO payments (id, op_key, purpose, boater_id, reservation_id, work_order_id, fuel_sale_id,
		                      installment_id, amount_cents, currency, capture_method, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending')
		ON CONFLICT (op_key) DO UPDATE SET updated_at = now()
		RETURNING `+paymentCols,
		p.ID, p.OpKey, string(p.Purpose), p.BoaterID, nullable(p.ReservationID), nullable(p.WorkOrderID),
		nullable(p.FuelSaleID), nullable(p.InstallmentID), p.AmountCents, p.Currency, capture))
}

func (r *paymentRepo) Get(ctx context.Context, id string) (*domain.Payment, error) {
	return scanPayment(r.q.QueryRow(ctx, `SELECT `+paymentCols+` FROM payments WHERE id = $1`, id))
}

func (r *paymentRepo) DepositForReservation(ctx context.Context, reservationID string) (*domain.Payment, error) {
	return scanPayment(r.q.QueryRow(ctx, `
		SELECT `+paymentCols+` FROM payments
		WHERE reservation_id = $1 AND purpose = 'deposit'
		ORDER BY created_at DESC LIMIT 1`, reservationID))
}

func (r *paymentRepo) SetIntent(ctx context.Context, id, stripeIntentID, status string) error {
	_, err := r.q.Exec(ctx, `
		UPDATE payments SET stripe_intent_id = $2, status = $3, updated_at = now()
		WHERE id = $1`, id, stripeIntentID, status)
	return err
}

func (r *paymentRepo) SetStatus(ctx context.Context, id, status, reason string) error {
	_, err := r.q.Exec(ctx, `
		UPDATE payments SET status = $2, failure_reason = NULLIF($3, ''), updated_at = now()
		WHERE id = $1`, id, status, reason)
	return err
}

func (r *paymentRepo) SetStatusByIntent(ctx context.Context, stripeIntentID, status, reason string) (*domain.Payment, error) {
	return scanPayment(r.q.QueryRow(ctx, `
		UPDATE payments SET status = $2, failure_reason = NULLIF($3, ''), updated_at = now()
		WHERE stripe_intent_id = $1
		RETURNING `+paymentCols, stripeIntentID, status, reason))
}

type RefundRepository interface {
	// Upsert inserts rf keyed by (PaymentID, OpKey), or returns the stored row.
	Upsert(ctx context.Context, rf *domain.Refund) (*domain.Refund, error)
	Complete(ctx context.Context, id, stripeRefundID, status string) error
}

type refundRepo struct{ q Querier }

func (r *refundRepo) Upsert(ctx context.Context, rf *domain.Refund) (*domain.Refund, error) {
	var out domain.Refund
	var stripeID *string
	err := r.q.QueryRow(ctx, `
		INSERT INTO refunds (id, payment_id, op_key, amount_cents, reason, requested_by)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (payment_id, op_key) DO UPDATE SET updated_at = now()
		RETURNING id, payment_id, op_key, amount_cents, reason, status, stripe_refund_id, requested_by`,
		rf.ID, rf.PaymentID, rf.OpKey, rf.AmountCents, rf.Reason, rf.RequestedBy).
		Scan(&out.ID, &out.PaymentID, &out.OpKey, &out.AmountCents, &out.Reason, &out.Status, &stripeID, &out.RequestedBy)
	if err != nil {
		return nil, err
	}
	if stripeID != nil {
		out.StripeRefundID = *stripeID
	}
	return &out, nil
}

func (r *refundRepo) Complete(ctx context.Context, id, stripeRefundID, status string) error {
	_, err := r.q.Exec(ctx, `
		UPDATE refunds SET stripe_refund_id = $2, status = $3, updated_at = now()
		WHERE id = $1`, id, stripeRefundID, status)
	return err
}

type StripeEventRepository interface {
	Insert(ctx context.Context, eventID, eventType string) error
}

type stripeEventRepo struct{ q Querier }

func (r *stripeEventRepo) Insert(ctx context.Context, eventID, eventType string) error {
	_, err := r.q.Exec(ctx, `INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)`, eventID, eventType)
	return err
}
