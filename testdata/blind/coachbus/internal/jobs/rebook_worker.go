package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
)

var errAlternativeFull = errors.New("alternative departure filled up")

// RebookWorker handles every live ticket on a cancelled trip: it moves the
// passenger to the next departure on the route inside the rebook window, or
// refunds the fare when there is none.
type RebookWorker struct {
	river.WorkerDefaults[RebookTripArgs]
	store  *db.Store
	stripe *stripe.Client
	window time.Duration
	now    func() time.Time
	log    *slog.Logger
}

// NewRebookWorker builds the worker.
func NewRebookWorker(store *db.Store, sc *stripe.Client, window time.Duration, log *slog.Logger) *RebookWorker {
	return &RebookWorker{store: store, stripe: sc, window: window, now: time.Now, log: log}
}

// Timeout allows for large coaches; each ticket is a handful of queries.
func (w *RebookWorker) Timeout(*river.Job[RebookTripArgs]) time.Duration { return 5 * time.Minute }

// Work processes the trip's active tickets.
func (w *RebookWorker) Work(ctx context.Context, job *river.Job[RebookTripArgs]) error {
	trip, err := w.store.GetTrip(ctx, job.Args.TripID)
	if err != nil {
		return err
	}
	if trip.Status != "cancelled" {
		return river.JobCancel(fmt.Errorf("trip %s is %s", trip.ID, trip.Status))
	}
	tickets, err := w.store.ListActiveTicketsForTrip(ctx, trip.ID)
	if err != nil {
		return err
	}
	var rebooked, refunded int
	for _, t := range tickets {
		b, err := w.store.GetBooking(ctx, t.BookingID)
		if err != nil {
			return fmt.Errorf("booking for ticket %s: %w", t.ID, err)
		}
		moved, err := w.rebook(ctx, trip, b, t)
		if err != nil {
			return fmt.Errorf("rebook ticket %s: %w", t.ID, err)
		}
		if moved {
			rebooked++
			continue
		}
		if err := w.refund(ctx, trip, b, t); err != nil {
			return fmt.Errorf("refund ticket %s: %w", t.ID, err)
		}
		refunded++
	}
	w.log.InfoContext(ctx, "cancelled trip processed", "trip_id", trip.ID, "rebooked", rebooked, "refunded", refunded)
	return nil
}

func (w *RebookWorker) rebook(ctx context.Context, trip db.Trip, b db.Booking, t db.Ticket) (bool, error) {
	alt, err := w.store.FindAlternativeTrip(ctx, db.FindAlternativeTripParams{
		RouteID:       trip.RouteID,
		ExcludeTripID: trip.ID,
		NotBefore:     maxTime(trip.DepartsAt.Add(-time.Hour), w.now()),
		NotAfter:      trip.DepartsAt.Add(w.window),
	})
	if db.IsNotFound(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	err = w.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		n, err := q.MarkTicketRebooked(ctx, t.ID)
		if err != nil || n == 0 {
			return err
		}
		n, err = q.ReserveSeats(ctx, db.ReserveSeatsParams{ID: alt.ID, Seats: 1})
		if err != nil {
			return err
		}
		if n == 0 {
			return errAlternativeFull
		}
		nt, err := q.InsertTicket(ctx, db.InsertTicketParams{
			ID:            uuid.New(),
			BookingID:     t.BookingID,
			TripID:        alt.ID,
			PassengerName: t.PassengerName,
			FareCents:     t.FareCents,
			RebookedFrom:  &t.ID,
		})
		if err != nil {
			return fmt.Errorf("insert replacement ticket: %w", err)
		}
		return events.Enqueue(ctx, q,
			events.SeatInventoryChanged{Kind: events.TypeSeatsSold, TripID: alt.ID, SoldDelta: 1, OccurredAt: w.now()},
			events.BookingRebooked{
				BookingID:    t.BookingID,
				OldTicketID:  t.ID,
				NewTicketID:  nt.ID,
				FromTripID:   trip.ID,
				ToTripID:     alt.ID,
				DepartsAt:    alt.DepartsAt,
				PartnerID:    b.PartnerID,
				ContactPhone: deref(b.ContactPhone),
			},
		)
	})
	if errors.Is(err, errAlternativeFull) {
		return false, nil
	}
	return err == nil, err
}

// refund returns the fare. Card bookings are refunded through Stripe; agent
// bookings are credited on the partner's next invoice.
func (w *RebookWorker) refund(ctx context.Context, trip db.Trip, b db.Booking, t db.Ticket) error {
	var refundID string
	if b.PaymentIntentID != nil {
		r, err := w.stripe.V1Refunds.Create(ctx, &stripe.RefundCreateParams{
			PaymentIntent: stripe.String(*b.PaymentIntentID),
			Amount:        stripe.Int64(t.FareCents),
			Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
			Metadata: map[string]string{
				"ticket_id": t.ID.String(),
				"trip_id":   trip.ID.String(),
				"cause":     "trip_cancelled",
			},
		})
		if err != nil {
			return fmt.Errorf("stripe refund: %w", err)
		}
		refundID = r.ID
	}
	return w.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		n, err := q.MarkTicketRefunded(ctx, db.MarkTicketRefundedParams{ID: t.ID, FromStatus: "active"})
		if err != nil || n == 0 {
			return err
		}
		if refundID != "" {
			if _, err := q.InsertRefund(ctx, db.InsertRefundParams{
				ID:             uuid.New(),
				TicketID:       t.ID,
				StripeRefundID: refundID,
				AmountCents:    t.FareCents,
				Reason:         "trip_cancelled",
			}); err != nil {
				return err
			}
		}
		return events.Enqueue(ctx, q, events.TicketRefunded{
			BookingID:    t.BookingID,
			TicketID:     t.ID,
			AmountCents:  t.FareCents,
			Currency:     trip.Currency,
			Reason:       "trip_cancelled",
			PartnerID:    b.PartnerID,
			ContactPhone: deref(b.ContactPhone),
		})
	})
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
