package billing

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/notify"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/provider/stripegw"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// restockingFeeCents is kept when an order is cancelled after the pharmacist
// has already counted and labelled it.
const restockingFeeCents = 500

// CancelResult is returned to the patient app.
type CancelResult struct {
	OrderID          uuid.UUID `json:"order_id"`
	Status           string    `json:"status"`
	RefundedCents    int64     `json:"refunded_cents"`
	AlreadyCancelled bool      `json:"already_cancelled,omitempty"`
}

// CancelOrder cancels an order at the patient's request and refunds what
// was paid, less the restocking fee once packing has started.
func (s *Service) CancelOrder(ctx context.Context, orderID, patientID uuid.UUID, reason string) (CancelResult, error) {
	order, err := s.store.GetOrder(ctx, orderID)
	if store.IsNotFound(err) || (err == nil && order.PatientID != patientID) {
		return CancelResult{}, ErrOrderNotFound
	}
	if err != nil {
		return CancelResult{}, err
	}
	switch order.Status {
	case "cancelled", "expired":
		return CancelResult{OrderID: order.ID, Status: order.Status, AlreadyCancelled: true}, nil
	case "shipped", "delivered", "picked_up":
		return CancelResult{}, ErrTooLateToCancel
	}

	var (
		refund  *stripegw.RefundResult
		payment db.Payment
		amount  int64
	)
	payment, err = s.store.GetSucceededPaymentForOrder(ctx, order.ID)
	switch {
	case err == nil:
		already, err := s.store.SumRefundsForPayment(ctx, payment.ID)
		if err != nil {
			return CancelResult{}, err
		}
		amount = payment.AmountCents - already
		if order.Status == "packing" || order.Status == "awaiting_courier" || order.Status == "ready_for_pickup" {
			amount -= restockingFeeCents
		}
		if amount > 0 {
			refund, err = s.gateway.Refund(ctx, stripegw.RefundInput{
				PaymentIntentID: payment.StripePaymentIntentID.String,
				AmountCents:     amount,
				Reason:          reason,
				OrderID:         order.ID.String(),
				IdempotencyKey:  uuid.NewString(),
			})
			if err != nil {
				return CancelResult{}, fmt.Errorf("refund: %w", err)
			}
		}
	case store.IsNotFound(err):
	default:
		return CancelResult{}, err
	}

	err = s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		if refund != nil {
			if err := q.CreateRefund(ctx, db.CreateRefundParams{
				ID:             uuid.New(),
				PaymentID:      payment.ID,
				OrderID:        order.ID,
				AmountCents:    amount,
				Reason:         reason,
				StripeRefundID: refund.ID,
				Status:         refund.Status,
			}); err != nil {
				return fmt.Errorf("record refund: %w", err)
			}
		}
		if err := q.CancelOrder(ctx, db.CancelOrderParams{ID: order.ID, CancelReason: store.Text("patient: " + reason)}); err != nil {
			return err
		}
		switch order.Status {
		case "packing", "awaiting_courier", "ready_for_pickup":
			if err := q.ReleaseStock(ctx, db.ReleaseStockParams{Ndc: order.Ndc, Quantity: order.Quantity}); err != nil {
				return err
			}
		}
		if claim, err := q.GetClaimByOrder(ctx, order.ID); err == nil && claim.Status == "paid" {
			if _, err := s.jobs.InsertTx(ctx, tx, tasks.ReverseClaimArgs{ClaimID: claim.ID, Reason: "patient_cancelled"}, nil); err != nil {
				return err
			}
		}
		patient, err := q.GetPatient(ctx, order.PatientID)
		if err != nil {
			return err
		}
		if refund != nil && patient.SmsOptIn {
			_, err = notify.QueueTx(ctx, q, tx, s.jobs, notify.Draft{
				PatientID: patient.ID,
				OrderID:   order.ID,
				Template:  notify.TemplateOrderCancelled,
				To:        patient.PhoneE164,
				Vars:      map[string]any{"Amount": notify.Money(amount)},
			})
		}
		return err
	})
	if err != nil {
		logx.From(ctx).Error("order cancel failed after refund", slog.String("order_id", order.ID.String()), slog.Any("err", err))
		return CancelResult{}, err
	}
	res := CancelResult{OrderID: order.ID, Status: "cancelled"}
	if refund != nil {
		res.RefundedCents = amount
	}
	return res, nil
}
