package pgrepo

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/stenoline-legal/depobook/internal/domain"
)

type Invoices struct{ base }

func NewInvoices(db *bun.DB) *Invoices { return &Invoices{base{db}} }

func (r *Invoices) Get(ctx context.Context, id string) (*domain.Invoice, error) {
	inv := new(domain.Invoice)
	err := r.conn(ctx).NewSelect().Model(inv).Where("id = ?", id).Scan(ctx)
	return inv, notFound(err)
}

func (r *Invoices) GetByBooking(ctx context.Context, bookingID string) (*domain.Invoice, error) {
	inv := new(domain.Invoice)
	err := r.conn(ctx).NewSelect().Model(inv).Where("booking_id = ?", bookingID).Scan(ctx)
	return inv, notFound(err)
}

func (r *Invoices) Create(ctx context.Context, inv *domain.Invoice) (bool, error) {
	res, err := r.conn(ctx).NewInsert().Model(inv).
		On("CONFLICT (booking_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res)
}

func (r *Invoices) ListDueForCharge(ctx context.Context, now time.Time, limit int) ([]domain.Invoice, error) {
	var out []domain.Invoice
	err := r.conn(ctx).NewSelect().Model(&out).
		Join("JOIN firms AS f ON f.id = inv.firm_id").
		Where("inv.status = ?", domain.InvoiceOpen).
		Where("inv.due_at <= ?", now).
		Where("f.autocharge").
		Where("f.default_payment_method IS NOT NULL").
		Order("inv.due_at").
		Limit(limit).
		Scan(ctx)
	return out, err
}

// ApplyPayment adds cents to paid_cents and closes the invoice once the
// balance reaches zero. Negative cents reopen it (refunds).
func (r *Invoices) ApplyPayment(ctx context.Context, id string, cents int64, at time.Time) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Invoice)(nil)).
		Set("paid_cents = paid_cents + ?", cents).
		Set("status = CASE WHEN paid_cents + ? >= total_cents THEN ? ELSE ? END",
			cents, domain.InvoicePaid, domain.InvoiceOpen).
		Set("paid_at = CASE WHEN paid_cents + ? >= total_cents THEN ?::timestamptz ELSE NULL END", cents, at).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *Invoices) AdvanceChargeCycle(ctx context.Context, id string, from int) (bool, error) {
	res, err := r.conn(ctx).NewUpdate().Model((*domain.Invoice)(nil)).
		Set("charge_cycle = ?", from+1).
		Where("id = ?", id).
		Where("charge_cycle = ?", from).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res)
}

type Payments struct{ base }

func NewPayments(db *bun.DB) *Payments { return &Payments{base{db}} }

func (r *Payments) Record(ctx context.Context, p *domain.Payment) (bool, error) {
	res, err := r.conn(ctx).NewInsert().Model(p).
		On("CONFLICT (stripe_payment_intent_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res)
}

// MarkRefunded stamps refunded_at once and returns the payment; it
// returns ErrConflict when the refund was already recorded.
func (r *Payments) MarkRefunded(ctx context.Context, paymentIntentID string, at time.Time) (*domain.Payment, error) {
	p := new(domain.Payment)
	res, err := r.conn(ctx).NewUpdate().Model(p).
		Set("refunded_at = ?", at).
		Set("status = 'refunded'").
		Where("stripe_payment_intent_id = ?", paymentIntentID).
		Where("refunded_at IS NULL").
		Returning("*").
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	if ok, err := affected(res); err != nil {
		return nil, err
	} else if !ok {
		return nil, domain.ErrConflict
	}
	return p, nil
}

func (r *Payments) LogAttempt(ctx context.Context, a *domain.ChargeAttempt) error {
	_, err := r.conn(ctx).NewInsert().Model(a).Exec(ctx)
	return err
}

type StripeEvents struct{ base }

func NewStripeEvents(db *bun.DB) *StripeEvents { return &StripeEvents{base{db}} }

func (r *StripeEvents) Seen(ctx context.Context, eventID string) (bool, error) {
	return r.conn(ctx).NewSelect().Model((*domain.StripeEvent)(nil)).
		Where("event_id = ?", eventID).
		Exists(ctx)
}

func (r *StripeEvents) MarkProcessed(ctx context.Context, e *domain.StripeEvent) error {
	_, err := r.conn(ctx).NewInsert().Model(e).
		On("CONFLICT (event_id) DO NOTHING").
		Exec(ctx)
	return err
}
