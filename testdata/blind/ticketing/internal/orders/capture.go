package orders

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/payments"
	"github.com/stagepass/ticketing/internal/store"
)

func captureOpID(orderID string) string { return "capture:" + orderID }

// CaptureOrder captures the authorised PaymentIntent once the fan has
// confirmed it client-side, then marks the order paid and schedules ticket
// issue.
func (s *service) CaptureOrder(ctx context.Context, fanID, orderID string) (OrderView, error) {
	opID := captureOpID(orderID)

	var order db.Order
	var done bool
	err := s.Tx.InTx(ctx, func(q db.Querier) error {
		o, err := q.GetOrderForUpdate(ctx, orderID)
		if store.IsNotFound(err) {
			return apperr.NotFound("order %s not found", orderID)
		}
		if err != nil {
			return err
		}
		if o.FanID != fanID {
			return apperr.Forbidden("order belongs to another fan")
		}
		order = o
		switch {
		case o.Status == "paid":
			done = true
			return nil
		case o.Status != "pending_payment":
			return apperr.Conflict("order %s is %s", o.ID, o.Status)
		case o.PaymentIntentID == nil:
			return apperr.Conflict("order %s has no payment intent yet", o.ID)
		}
		_, err = q.InsertPaymentOperation(ctx, db.InsertPaymentOperationParams{
			OpID: opID, OrderID: o.ID, Kind: "capture", AmountCents: o.TotalCents,
		})
		return err
	})
	if err != nil {
		return OrderView{}, err
	}
	if done {
		return view(order), nil
	}

	traceID := uuid.NewString()
	slog.InfoContext(ctx, "capturing payment", "order_id", orderID, "op_id", opID, "trace_id", traceID)
	intent, capErr := s.Gateway.CapturePaymentIntent(ctx, *order.PaymentIntentID, order.TotalCents,
		payments.WithIdempotencyKey(opID))
	outcome := "succeeded"
	if capErr != nil {
		outcome = "error: " + capErr.Error()
	}
	if err := s.Q.LogPaymentAttempt(ctx, db.LogPaymentAttemptParams{
		ID: s.IDs.New(), OpID: opID, TraceID: traceID, Outcome: outcome,
	}); err != nil {
		slog.WarnContext(ctx, "attempt log write failed", "op_id", opID, "err", err)
	}
	if capErr != nil {
		return OrderView{}, capErr
	}

	err = s.Tx.InTx(ctx, func(q db.Querier) error {
		o, err := q.GetOrderForUpdate(ctx, orderID)
		if err != nil {
			return err
		}
		n, err := q.MarkOrderPaid(ctx, o.ID)
		if err != nil {
			return err
		}
		if n == 1 {
			if err := q.MarkSeatsSold(ctx, o.HoldID); err != nil {
				return err
			}
			if err := q.InsertPayoutLine(ctx, "pl_"+o.ID, o.ID); err != nil {
				return err
			}
			if err := jobs.EnqueueTx(ctx, s.Jobs, q, jobs.IssueTicketsArgs{OrderID: o.ID}, nil); err != nil {
				return err
			}
		}
		if err := q.CompletePaymentOperation(ctx, opID, "succeeded", intent.ID); err != nil {
			return err
		}
		order, err = q.GetOrder(ctx, o.ID)
		return err
	})
	if err != nil {
		return OrderView{}, err
	}
	return view(order), nil
}
