package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/events"
	"github.com/harborlight-symphony/encore/internal/payments/stripepay"
)

// Refunder issues card refunds.
type Refunder interface {
	Refund(ctx context.Context, req stripepay.RefundRequest) (*stripepay.RefundResult, error)
}

// RefundHandler processes refund requests raised by box-office staff.
type RefundHandler struct {
	DB       *gorm.DB
	Payments Refunder
	Log      *slog.Logger
}

// Handle refunds the requested tickets on an order.
func (h *RefundHandler) Handle(ctx context.Context, e events.Envelope) error {
	req, err := events.Decode[events.RefundRequested](e)
	if err != nil {
		return err
	}
	var order domain.Order
	if err := h.DB.WithContext(ctx).Where("id = ?", req.OrderID).Take(&order).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			h.Log.WarnContext(ctx, "refund for unknown order", "order_id", req.OrderID)
			return nil
		}
		return err
	}
	if order.PaymentIntentID == nil {
		h.Log.WarnContext(ctx, "refund requested for order without card payment", "order_id", order.ID)
		return nil
	}
	if order.Status == domain.OrderRefunded || order.RefundedCents+req.AmountCents > order.TotalCents {
		h.Log.InfoContext(ctx, "refund exceeds refundable balance; skipping", "order_id", order.ID)
		return nil
	}

	res, err := h.Payments.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: *order.PaymentIntentID,
		AmountCents:     req.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"order_id": order.ID, "requested_by": req.RequestedBy},
	})
	if err != nil {
		return fmt.Errorf("refund order %s: %w", order.ID, err)
	}

	return h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		reason := req.Reason
		if err := tx.Create(&domain.Refund{
			ID:             uuid.NewString(),
			OrderID:        order.ID,
			StripeRefundID: res.RefundID,
			AmountCents:    res.AmountCents,
			Reason:         &reason,
		}).Error; err != nil {
			return err
		}
		released := tx.Exec(`UPDATE tickets SET status = 'refunded'
		                      WHERE order_id = ? AND id IN ? AND status = 'sold'`, order.ID, req.TicketIDs)
		if released.Error != nil {
			return released.Error
		}
		if err := tx.Exec(`UPDATE performances SET sold_count = sold_count - ? WHERE id = ?`,
			released.RowsAffected, order.PerformanceID).Error; err != nil {
			return err
		}
		return tx.Exec(`
			UPDATE orders
			   SET refunded_cents = refunded_cents + ?,
			       status = CASE WHEN refunded_cents + ? >= total_cents THEN 'refunded' ELSE 'partially_refunded' END,
			       updated_at = now()
			 WHERE id = ?`, res.AmountCents, res.AmountCents, order.ID).Error
	})
}
