package orders

import (
	"context"

	"github.com/google/uuid"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/payments"
)

type RefundInput struct {
	OrderID     string
	AmountCents int64
	Reason      string
	Note        string
	StaffID     string
}

var stripeRefundReasons = map[string]string{
	"damaged_in_transit": "requested_by_customer",
	"vet_cancelled":      "requested_by_customer",
	"duplicate_order":    "duplicate",
	"suspected_fraud":    "fraudulent",
}

// Refund returns part or all of an order's payment to the owner's card.
// Support staff issue partial refunds for damaged items, so an order can be
// refunded several times until nothing refundable is left.
func (s *Service) Refund(ctx context.Context, in RefundInput) (*payments.RefundResult, error) {
	reason, ok := stripeRefundReasons[in.Reason]
	if !ok {
		return nil, apperr.Invalid("bad_reason", "unknown refund reason")
	}
	pay, err := s.payments.ByOrder(ctx, in.OrderID)
	if err != nil {
		return nil, err
	}
	if pay.Status != "succeeded" {
		return nil, apperr.Conflict("not_captured", "payment has not succeeded")
	}
	if in.AmountCents <= 0 || in.AmountCents > pay.AmountCents-pay.AmountRefundedCents {
		return nil, apperr.Invalid("bad_amount", "amount exceeds what is refundable")
	}

	res, err := s.gateway.Refund(ctx, payments.RefundRequest{
		IdempotencyKey:  "refund:" + in.OrderID + ":" + uuid.NewString(),
		PaymentIntentID: pay.StripePaymentIntentID,
		AmountCents:     in.AmountCents,
		Reason:          reason,
		OrderID:         in.OrderID,
	})
	if err != nil {
		return nil, apperr.Upstream("stripe", err)
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.payments.InsertRefund(ctx, db.InsertRefundParams{
			ID: ids.New(ids.Refund), PaymentID: pay.ID, StripeRefundID: res.ID,
			AmountCents: in.AmountCents, Reason: in.Reason, Status: res.Status, CreatedBy: in.StaffID,
		}); err != nil {
			return err
		}
		if err := s.payments.AddRefunded(ctx, pay.ID, in.AmountCents); err != nil {
			return err
		}
		return s.payments.Ledger(ctx, db.InsertLedgerEntryParams{
			ID: ids.New(ids.Ledger), OrderID: in.OrderID, EntryType: "refund",
			AmountCents: -in.AmountCents, Reference: res.ID,
		})
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
