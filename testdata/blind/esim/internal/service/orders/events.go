package orders

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"

	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

// Event codes sent by the payment provider.
const (
	EventAuthorisation = "AUTHORISATION"
	EventCapture       = "CAPTURE"
	EventCaptureFailed = "CAPTURE_FAILED"
	EventCancellation  = "CANCELLATION"
	EventRefund        = "REFUND"
	EventRefundFailed  = "REFUND_FAILED"
)

// PaymentEvent is one notification item from the payment provider.
type PaymentEvent struct {
	PSPReference         string
	OriginalPSPReference string
	EventCode            string
	MerchantReference    string
	Success              bool
	AmountMinor          int64
	Currency             string
	Reason               string
	EventDate            time.Time
}

// HandlePaymentEvent records a payment notification and moves the order and
// refund state machines along.
func (s *Service) HandlePaymentEvent(ctx context.Context, ev PaymentEvent) error {
	var follow []*asynq.Task
	err := s.db.InTx(ctx, func(r *store.Repos) error {
		orderID := ev.MerchantReference
		if ev.EventCode == EventRefund || ev.EventCode == EventRefundFailed {
			ref, err := r.Refunds.Find(ctx, "by_psp_ref", ev.PSPReference)
			if err != nil {
				return err
			}
			orderID = ref.OrderID
		}
		rec := model.PaymentEvent{
			PSPReference: ev.PSPReference,
			EventCode:    ev.EventCode,
			OrderID:      orderID,
			Success:      ev.Success,
			AmountMinor:  ev.AmountMinor,
			Currency:     ev.Currency,
			Reason:       ev.Reason,
			ReceivedAt:   s.now().UTC(),
		}
		if err := r.PaymentEvents.Insert(ctx, &rec); err != nil {
			return err
		}

		switch ev.EventCode {
		case EventAuthorisation:
			next := model.OrderPaymentFailed
			if ev.Success {
				next = model.OrderAuthorised
			}
			n, err := r.Orders.Exec(ctx, "transition", orderID, []string{model.OrderPendingPayment}, next)
			if err != nil {
				return err
			}
			if n == 1 && ev.Success {
				follow = append(follow, tasks.ReserveEsim(orderID))
			}
		case EventCapture:
			if !ev.Success {
				return nil
			}
			n, err := r.Orders.Exec(ctx, "transition", orderID, []string{model.OrderCapturing}, model.OrderPaid)
			if err != nil {
				return err
			}
			if n == 1 {
				follow = append(follow, tasks.AccrueCommission(orderID))
			}
		case EventCaptureFailed:
			_, err := r.Orders.Exec(ctx, "transition", orderID, []string{model.OrderCapturing}, model.OrderAuthorised)
			return err
		case EventCancellation:
			if ev.Success {
				_, err := r.Orders.Exec(ctx, "transition", orderID, []string{model.OrderCancelling, model.OrderAuthorised}, model.OrderCancelled)
				return err
			}
		case EventRefund, EventRefundFailed:
			ref, err := r.Refunds.Find(ctx, "by_psp_ref", ev.PSPReference)
			if err != nil {
				return err
			}
			next := model.RefundFailed
			if ev.Success && ev.EventCode == EventRefund {
				next = model.RefundSucceeded
			}
			if _, err := r.Refunds.Exec(ctx, "transition", ref.ID, []string{model.RefundSubmitted}, next); err != nil {
				return err
			}
			if next == model.RefundSucceeded {
				_, err = r.Orders.Exec(ctx, "transition", orderID, []string{model.OrderRefundRequested}, model.OrderRefunded)
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var errs []error
	for _, t := range follow {
		errs = append(errs, s.tasks.Enqueue(ctx, t))
	}
	return errors.Join(errs...)
}
