package service

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/payments"
	"github.com/saltline-charters/charterhub/internal/store"
)

// RefundPolicy decides how much of the deposit comes back when a customer
// cancels.
type RefundPolicy func(trip store.Trip, deposit int64, now time.Time) int64

// StandardPolicy: full deposit back a week out, half within a week, nothing
// inside 48 hours.
func StandardPolicy(trip store.Trip, deposit int64, now time.Time) int64 {
	lead := trip.DepartsAt.Sub(now)
	switch {
	case lead >= 7*24*time.Hour:
		return deposit
	case lead >= 48*time.Hour:
		return deposit / 2
	default:
		return 0
	}
}

// Cancellations handles customer-initiated cancellations.
type Cancellations struct {
	q      store.Querier
	tx     TxRunner
	pay    PaymentGateway
	policy RefundPolicy
	now    Clock
}

func NewCancellations(q store.Querier, tx TxRunner, pay PaymentGateway, now Clock) *Cancellations {
	return &Cancellations{q: q, tx: tx, pay: pay, policy: StandardPolicy, now: now}
}

type CancelResult struct {
	BookingID     string
	RefundCents   int64
	RefundStatus  string
	AlreadyClosed bool
}

func (s *Cancellations) Cancel(ctx context.Context, bookingID, reason string) (CancelResult, error) {
	res := CancelResult{BookingID: bookingID}
	var refund *store.Refund

	err := s.tx.InTx(ctx, func(q store.Querier) error {
		b, err := q.GetBookingForUpdate(ctx, bookingID)
		if err != nil {
			return notFound("booking", err)
		}
		if b.Status == "cancelled" {
			res.AlreadyClosed = true
			r, err := q.GetRefundByBooking(ctx, b.ID)
			if store.IsNotFound(err) {
				return nil
			}
			refund = &r
			return err
		}
		if b.Status != "confirmed" {
			return precondition("booking %s is %s", b.ID, b.Status)
		}

		trip, err := q.GetTrip(ctx, b.TripID)
		if err != nil {
			return err
		}
		now := s.now()
		if _, err := q.CancelBooking(ctx, b.ID, now); err != nil {
			return err
		}
		if err := q.ReleaseBookedSeats(ctx, trip.ID, b.Seats); err != nil {
			return err
		}
		if err := q.InsertCancellation(ctx, b.ID, "customer", reason); err != nil {
			return err
		}

		dep, err := q.GetDepositByBooking(ctx, b.ID)
		if err != nil && !store.IsNotFound(err) {
			return err
		}
		if amount := s.policy(trip, dep.AmountCents, now); amount > 0 && dep.ChargeID != nil {
			r, err := q.InsertRefund(ctx, store.InsertRefundParams{
				ID:          ids.New("rf"),
				BookingID:   b.ID,
				ChargeID:    *dep.ChargeID,
				AmountCents: amount,
			})
			if err != nil {
				return err
			}
			refund = &r
		}

		payload, _ := json.Marshal(map[string]any{"booking_id": b.ID, "trip_id": trip.ID, "source": "customer"})
		return q.EnqueueOutbox(ctx, "booking.cancelled", payload)
	})
	if err != nil {
		return CancelResult{}, err
	}
	if refund == nil {
		return res, nil
	}

	res.RefundCents, res.RefundStatus = refund.AmountCents, refund.Status
	if refund.Status == "pending" {
		if err := s.issueRefund(ctx, *refund); err != nil {
			return res, err
		}
		res.RefundStatus = "issued"
	}
	return res, nil
}

func (s *Cancellations) issueRefund(ctx context.Context, r store.Refund) error {
	out, err := s.pay.Refund(ctx, payments.RefundParams{
		ChargeID:    r.ChargeID,
		AmountCents: r.AmountCents,
		Reason:      "requested_by_customer",
		Metadata:    map[string]string{"refund_id": r.ID, "booking_id": r.BookingID},
	})
	if err != nil {
		return fmt.Errorf("refund %s: %w", r.ID, err)
	}
	return s.q.MarkRefundIssued(ctx, r.ID, out.ID)
}
