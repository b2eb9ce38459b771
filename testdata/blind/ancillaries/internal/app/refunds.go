package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/payments"
	"github.com/skyway-air/ancillaries/internal/retry"
)

// requestRefund records a refund for item and queues it for processing in
// the caller's transaction. It reports whether a new refund was created.
func requestRefund(ctx context.Context, tx domain.Tx, order domain.Order, item domain.OrderItem, reason string) (bool, error) {
	refund, created, err := tx.Refunds().Request(ctx, domain.Refund{
		ID:          uuid.NewString(),
		OrderID:     order.ID,
		OrderItemID: item.ID,
		Amount:      item.Amount,
		Currency:    item.Currency,
		Reason:      reason,
	})
	if err != nil {
		return false, err
	}
	if !created {
		return false, nil
	}
	if err := tx.Items().SetStatus(ctx, item.ID, domain.ItemRefundPending); err != nil {
		return false, err
	}
	return true, tx.Outbox().Publish(ctx, domain.TopicRefundRequested, domain.RefundRequestedEvent{
		RefundID:    refund.ID,
		OrderID:     order.ID,
		OrderItemID: item.ID,
		Amount:      refund.Amount,
		Currency:    refund.Currency,
		Reason:      reason,
	})
}

// RefundProcessor sends queued refunds to Stripe.
type RefundProcessor struct {
	deps Deps
}

func NewRefundProcessor(d Deps) *RefundProcessor { return &RefundProcessor{deps: d} }

// Process refunds one requested refund.
func (p *RefundProcessor) Process(ctx context.Context, evt domain.RefundRequestedEvent) error {
	store := p.deps.Store
	refund, err := store.Refunds().Get(ctx, evt.RefundID)
	if err != nil {
		return err
	}
	if refund.Status == "submitted" || refund.Status == "succeeded" {
		return nil
	}
	order, err := store.Orders().Get(ctx, refund.OrderID)
	if err != nil {
		return err
	}
	if !order.HasPaymentIntent() {
		return fmt.Errorf("refund %s: order %s was never charged", refund.ID, order.ID)
	}
	if err := store.Orders().AddRefunded(ctx, order.ID, refund.Amount); err != nil {
		return err
	}

	result, err := retry.Do(ctx, retry.Default, func() (payments.RefundResult, error) {
		return p.deps.Payments.Refund(ctx, payments.RefundRequest{
			PaymentIntentID: order.PaymentIntentID.String,
			Amount:          refund.Amount,
			Reason:          stripeReason(refund.Reason),
			Metadata:        map[string]string{"refund_id": refund.ID, "order_item_id": refund.OrderItemID},
			IdempotencyKey:  "refund-" + refund.ID,
		})
	})
	if err != nil {
		p.deps.log().ErrorContext(ctx, "stripe refund failed", slog.String("refund_id", refund.ID), slog.Any("err", err))
		return err
	}

	return store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		if err := tx.Refunds().MarkSubmitted(ctx, refund.ID, result.ID); err != nil {
			return err
		}
		if result.Status != "succeeded" {
			return nil
		}
		_, changed, err := tx.Refunds().MarkSucceededByStripeID(ctx, result.ID)
		if err != nil || !changed {
			return err
		}
		if err := tx.Items().SetStatus(ctx, refund.OrderItemID, domain.ItemRefunded); err != nil {
			return err
		}
		return tx.Outbox().Publish(ctx, domain.TopicRefundCompleted, domain.RefundCompletedEvent{
			RefundID:       refund.ID,
			OrderID:        refund.OrderID,
			OrderItemID:    refund.OrderItemID,
			StripeRefundID: result.ID,
			Amount:         refund.Amount,
			Currency:       refund.Currency,
		})
	})
}

func stripeReason(reason string) string {
	switch reason {
	case "requested_by_customer", "booking_cancelled":
		return "requested_by_customer"
	case "duplicate":
		return "duplicate"
	default:
		return ""
	}
}
