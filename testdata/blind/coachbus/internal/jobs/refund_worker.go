package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
	"github.com/northline/coachbus/internal/provider/stripepay"
)

// Refunder is the stripepay surface the refund worker needs.
type Refunder interface {
	Refund(ctx context.Context, req stripepay.RefundRequest) (string, error)
}

// RefundWorker refunds a ticket the customer asked to cancel.
type RefundWorker struct {
	river.WorkerDefaults[RefundTicketArgs]
	store    *db.Store
	payments Refunder
	now      func() time.Time
}

// NewRefundWorker builds the worker.
func NewRefundWorker(store *db.Store, payments *stripepay.Client) *RefundWorker {
	return &RefundWorker{store: store, payments: payments, now: time.Now}
}

// Work refunds the fare and records it.
func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundTicketArgs]) error {
	t, err := w.store.GetTicket(ctx, job.Args.TicketID)
	if err != nil {
		if db.IsNotFound(err) {
			return river.JobCancel(fmt.Errorf("ticket %s not found", job.Args.TicketID))
		}
		return err
	}
	switch t.Status {
	case "refunded":
		return nil
	case "refund_pending":
	default:
		return river.JobCancel(fmt.Errorf("ticket %s is %s", t.ID, t.Status))
	}
	booking, err := w.store.GetBooking(ctx, t.BookingID)
	if err != nil {
		return err
	}
	if booking.PaymentIntentID == nil {
		return river.JobCancel(errors.New("ticket was not paid by card"))
	}

	refundID, err := w.payments.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: *booking.PaymentIntentID,
		AmountCents:     t.FareCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"ticket_id": t.ID.String()},
		IdempotencyKey:  "ticket-refund:" + t.ID.String(),
	})
	if err != nil {
		return fmt.Errorf("refund ticket %s: %w", t.ID, err)
	}

	return w.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		if _, err := q.InsertRefund(ctx, db.InsertRefundParams{
			ID:             uuid.New(),
			TicketID:       t.ID,
			StripeRefundID: refundID,
			AmountCents:    t.FareCents,
			Reason:         job.Args.Reason,
		}); err != nil {
			return fmt.Errorf("insert refund: %w", err)
		}
		n, err := q.MarkTicketRefunded(ctx, db.MarkTicketRefundedParams{ID: t.ID, FromStatus: "refund_pending"})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if _, err := q.ReleaseSeats(ctx, db.ReleaseSeatsParams{ID: t.TripID, Seats: 1}); err != nil {
			return err
		}
		return events.Enqueue(ctx, q,
			events.SeatInventoryChanged{Kind: events.TypeSeatsReleased, TripID: t.TripID, SoldDelta: -1, OccurredAt: w.now()},
			events.TicketRefunded{
				BookingID:    t.BookingID,
				TicketID:     t.ID,
				AmountCents:  t.FareCents,
				Currency:     booking.Currency,
				Reason:       job.Args.Reason,
				PartnerID:    booking.PartnerID,
				ContactPhone: deref(booking.ContactPhone),
			},
		)
	})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
