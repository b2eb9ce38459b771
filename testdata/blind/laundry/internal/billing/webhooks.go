package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/payments"
	"github.com/freshpress/laundry/internal/store"
)

// RecordCapture applies the processor's charge.captured notification.
func (s *Service) RecordCapture(ctx context.Context, ev payments.ChargeCaptured) error {
	p, err := s.repos.Payments.ByProcessorID(ctx, ev.PaymentIntent)
	if errors.Is(err, store.ErrNotFound) {
		// Tips and fees are charged and captured in one step; the processor
		// still notifies us for them.
		return nil
	}
	if err != nil {
		return err
	}
	if p.Kind != store.PaymentPreauth {
		return nil
	}
	o, err := s.repos.Orders.Get(ctx, p.OrderID)
	if err != nil {
		return err
	}
	if o.Status == store.OrderPaid {
		return nil
	}

	if err := s.repos.Payments.MarkCaptured(ctx, p.ID, o.CustomerID, ev.AmountCaptured); err != nil {
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if _, err := r.Orders.TransitionStatus(ctx, o.ID,
			[]store.OrderStatus{store.OrderDelivered}, store.OrderPaid); err != nil {
			return err
		}
		env, err := events.New("payment.captured:"+p.ID.String(), events.PaymentCaptured,
			o.ID.String(), o.CustomerID.String(), events.PaymentCapturedData{
				PaymentID:   p.ID.String(),
				AmountCents: ev.AmountCaptured,
				Currency:    ev.Currency,
			})
		if err != nil {
			return err
		}
		return r.Outbox.Add(ctx, store.OutboxFrom(events.TopicPayments, o.ID.String(), env))
	})
}

// RecordRefund applies the processor's charge.refunded notification.
func (s *Service) RecordRefund(ctx context.Context, ev payments.ChargeRefunded) error {
	p, err := s.repos.Payments.ByProcessorID(ctx, ev.PaymentIntent)
	if err != nil {
		return fmt.Errorf("refund for unknown payment %s: %w", ev.PaymentIntent, err)
	}
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		var reason *string
		if ev.Refund.Reason != "" {
			reason = &ev.Refund.Reason
		}
		if err := r.Payments.AddRefund(ctx, &store.Refund{
			ID:                uuid.New(),
			ProcessorRefundID: ev.Refund.ID,
			PaymentID:         p.ID,
			AmountCents:       ev.Refund.Amount,
			Reason:            reason,
		}); err != nil {
			return err
		}
		if p.RefundedCents+ev.Refund.Amount >= p.CapturedCents && p.CapturedCents > 0 {
			return r.Payments.SetStatus(ctx, p.ID, store.PaymentRefunded)
		}
		return nil
	})
}
