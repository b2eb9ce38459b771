package commissions

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/amqpx"
	"github.com/harbourline/hotels/internal/platform/logx"
	"github.com/harbourline/hotels/internal/providers/ota"
)

// Payer settles commission invoices through the OTA billing API.
type Payer struct {
	repo Repository
	ota  ota.Client
	now  func() time.Time
	// approve can veto a payment (e.g. amount above the auto-pay threshold).
	approve func(due domain.CommissionDue) error
}

// PayerOption configures a Payer.
type PayerOption func(*Payer)

// WithApproval installs an approval check.
func WithApproval(f func(domain.CommissionDue) error) PayerOption {
	return func(p *Payer) { p.approve = f }
}

// NewPayer returns the commission.due consumer.
func NewPayer(repo Repository, client ota.Client, opts ...PayerOption) *Payer {
	p := &Payer{repo: repo, ota: client, now: time.Now, approve: func(domain.CommissionDue) error { return nil }}
	for _, o := range opts {
		o(p)
	}
	return p
}

// RegisterConsumers implements amqpx.Registrar.
func (p *Payer) RegisterConsumers(r *amqpx.Router) {
	r.Handle(domain.EventCommissionDue, amqpx.JSON(p.onCommissionDue))
}

func (p *Payer) onCommissionDue(ctx context.Context, due domain.CommissionDue, _ amqpx.Delivery) error {
	if err := p.approve(due); err != nil {
		return amqpx.PermanentError{Err: err}
	}
	return p.Pay(ctx, due)
}

// Pay settles one invoice unless it is already recorded as paid.
func (p *Payer) Pay(ctx context.Context, due domain.CommissionDue) error {
	existing, err := p.repo.Find(ctx, due.Channel, due.InvoiceRef)
	switch {
	case err == nil:
		logx.From(ctx).Info("commission already paid", "invoice", due.InvoiceRef, "receipt", existing.ReceiptRef)
		return nil
	case !errors.Is(err, domain.ErrNotFound):
		return err
	}
	receipt, err := p.ota.PayCommission(ctx, due.Channel, ota.CommissionPayment{
		InvoiceRef:  due.InvoiceRef,
		PropertyID:  due.PropertyID,
		AmountMinor: due.Amount.Minor,
		Currency:    due.Amount.Currency,
	})
	if err != nil {
		return fmt.Errorf("pay %s invoice %s: %w", due.Channel, due.InvoiceRef, err)
	}
	paidAt := receipt.PaidAt
	if paidAt.IsZero() {
		paidAt = p.now()
	}
	return p.repo.Insert(ctx, &Payment{
		Channel:    due.Channel,
		InvoiceRef: due.InvoiceRef,
		PropertyID: due.PropertyID,
		Amount:     due.Amount,
		ReceiptRef: receipt.ReceiptRef,
		PaidAt:     paidAt,
	})
}
