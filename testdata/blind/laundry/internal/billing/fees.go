package billing

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/payments"
	"github.com/freshpress/laundry/internal/retry"
	"github.com/freshpress/laundry/internal/store"
)

// ChargeTip charges a one-off tip for the driver against the saved card.
// One tip per order.
func (s *Service) ChargeTip(ctx context.Context, customerID, orderID uuid.UUID, amount int64) (*store.Payment, error) {
	if amount <= 0 || amount > 10000 {
		return nil, ErrInvalidAmount
	}
	o, err := s.repos.Orders.GetForCustomer(ctx, customerID, orderID)
	if err != nil {
		return nil, err
	}
	cust, err := s.repos.Customers.Get(ctx, customerID)
	if err != nil {
		return nil, err
	}
	custRef, method, err := card(cust)
	if err != nil {
		return nil, err
	}

	tip, err := s.repos.Payments.EnsureIntent(ctx, &store.Payment{
		ID:          uuid.New(),
		OrderID:     o.ID,
		Kind:        store.PaymentTip,
		OpID:        "tip:" + o.ID.String(),
		AmountCents: amount,
		Currency:    s.currency,
		Status:      store.PaymentPending,
	})
	if err != nil {
		return nil, err
	}
	if tip.Status == store.PaymentCaptured {
		return tip, nil
	}
	if s.recordTip != nil {
		if err := s.recordTip(ctx, o.ID, tip.AmountCents); err != nil {
			return nil, err
		}
	}

	intent, err := s.processor.Charge(ctx, payments.ChargeRequest{
		Amount:        tip.AmountCents,
		Currency:      tip.Currency,
		Customer:      custRef,
		PaymentMethod: method,
		Description:   describe(o, "driver tip"),
	}, payments.WithIdempotencyKey(tip.ID.String()))
	if err != nil {
		_ = s.repos.Payments.RecordFailure(ctx, tip.ID, err.Error())
		return nil, err
	}
	if err := s.repos.Payments.SetProcessorResult(ctx, tip.ID, intent.ID, store.PaymentCaptured); err != nil {
		return nil, err
	}
	tip.Status = store.PaymentCaptured
	tip.ProcessorPaymentID = &intent.ID
	return tip, nil
}

// ChargeCancellationFee charges the late-cancellation fee when an order is
// cancelled close to, or after, its pickup window opened.
func (s *Service) ChargeCancellationFee(ctx context.Context, o *store.Order, now time.Time) (*payments.Intent, error) {
	if now.Before(o.PickupFrom.Add(-lateCancelWindow)) {
		return nil, nil
	}
	cust, err := s.repos.Customers.Get(ctx, o.CustomerID)
	if err != nil {
		return nil, err
	}
	custRef, method, err := card(cust)
	if err != nil {
		return nil, err
	}
	req := payments.ChargeRequest{
		Amount:        cancellationFeeCents,
		Currency:      s.currency,
		Customer:      custRef,
		PaymentMethod: method,
		Description:   describe(o, "late cancellation"),
	}
	intent, err := retry.DoValue(ctx, retry.Quick, func() (*payments.Intent, error) {
		in, err := s.processor.Charge(ctx, req, payments.WithMetadata(orderMeta(o)))
		return in, retry.Classify(err)
	})
	if err != nil {
		return nil, err
	}
	fee := &store.Payment{
		ID:                 uuid.New(),
		OrderID:            o.ID,
		Kind:               store.PaymentCancellationFee,
		OpID:               "cancel-fee:" + intent.ID,
		ProcessorPaymentID: &intent.ID,
		AmountCents:        cancellationFeeCents,
		CapturedCents:      intent.AmountCaptured,
		Currency:           s.currency,
		Status:             store.PaymentCaptured,
	}
	if err := s.repos.Payments.Create(ctx, fee); err != nil {
		return nil, err
	}
	return intent, nil
}

// ReleaseHold voids the pre-authorisation of a cancelled order.
func (s *Service) ReleaseHold(ctx context.Context, orderID uuid.UUID) error {
	p, err := s.repos.Payments.ByOrderKind(ctx, orderID, store.PaymentPreauth)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if p.ProcessorPaymentID == nil || p.Status != store.PaymentAuthorized {
		return nil
	}
	_, err = s.processor.Void(ctx, *p.ProcessorPaymentID, "requested_by_customer",
		payments.WithIdempotencyKey("void:"+p.ID.String()))
	if err != nil {
		return err
	}
	return s.repos.Payments.SetStatus(ctx, p.ID, store.PaymentVoided)
}

// ExpressFee is the payload of the express-fee job.
type ExpressFee struct {
	OrderID    uuid.UUID `json:"order_id"`
	CustomerID uuid.UUID `json:"customer_id"`
	Amount     int64     `json:"amount"`
	OpID       string    `json:"op_id"`
}

// ChargeExpressFee charges the express upgrade fee queued by the API.
func (s *Service) ChargeExpressFee(ctx context.Context, f ExpressFee) error {
	o, err := s.repos.Orders.Get(ctx, f.OrderID)
	if err != nil {
		return err
	}
	cust, err := s.repos.Customers.Get(ctx, f.CustomerID)
	if err != nil {
		return err
	}
	custRef, method, err := card(cust)
	if err != nil {
		return retry.Permanent(err)
	}
	p, err := s.repos.Payments.EnsureIntent(ctx, &store.Payment{
		ID:          uuid.New(),
		OrderID:     o.ID,
		Kind:        store.PaymentExpressFee,
		OpID:        "express:" + f.OpID,
		AmountCents: f.Amount,
		Currency:    s.currency,
		Status:      store.PaymentPending,
	})
	if err != nil {
		return err
	}
	if p.Status == store.PaymentCaptured {
		return nil
	}
	intent, err := s.processor.Charge(ctx, payments.ChargeRequest{
		Amount:        p.AmountCents,
		Currency:      p.Currency,
		Customer:      custRef,
		PaymentMethod: method,
		Description:   describe(o, "express upgrade"),
	}, payments.WithIdempotencyKey(p.OpID), payments.WithMetadata(orderMeta(o)))
	if err != nil {
		_ = s.repos.Payments.RecordFailure(ctx, p.ID, err.Error())
		return err
	}
	return s.repos.Payments.SetProcessorResult(ctx, p.ID, intent.ID, store.PaymentCaptured)
}
