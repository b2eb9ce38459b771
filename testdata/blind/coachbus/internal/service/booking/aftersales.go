package booking

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/domain"
	"github.com/northline/coachbus/internal/events"
	"github.com/northline/coachbus/internal/jobs"
	"github.com/northline/coachbus/internal/provider/stripepay"
	"github.com/northline/coachbus/internal/usecase"
)

var errNoSavedCard = fmt.Errorf("%w: customer has no saved card for the change fee", domain.ErrPaymentDeclined)

// ChangeTicket moves a web ticket to another departure on the same route.
// The change fee plus any fare difference is taken from the customer's saved
// card before the seat is moved.
func (s *Service) ChangeTicket(ctx context.Context, in usecase.ChangeTicketInput) (usecase.Ticket, error) {
	t, err := s.store.GetTicket(ctx, in.TicketID)
	if err != nil {
		return usecase.Ticket{}, notFound(err, "ticket")
	}
	if t.TripID == in.NewTripID {
		return toTicket(t), nil
	}
	if t.Status != "active" {
		return usecase.Ticket{}, domain.ErrTicketNotActive
	}
	from, err := s.store.GetTrip(ctx, t.TripID)
	if err != nil {
		return usecase.Ticket{}, notFound(err, "trip")
	}
	to, err := s.store.GetTrip(ctx, in.NewTripID)
	if err != nil {
		return usecase.Ticket{}, notFound(err, "trip")
	}
	if to.RouteID != from.RouteID {
		return usecase.Ticket{}, fmt.Errorf("%w: trips are on different routes", domain.ErrInvalidInput)
	}
	if to.Status != "scheduled" || !to.DepartsAt.After(s.now()) {
		return usecase.Ticket{}, domain.ErrTripNotScheduled
	}

	fee := s.changeFee + max(0, to.FareCents-t.FareCents)
	var paymentIntentID *string
	if fee > 0 {
		card, err := s.savedCard(ctx, t.BookingID)
		if err != nil {
			return usecase.Ticket{}, err
		}
		charge, err := s.payments.Charge(ctx, stripepay.ChargeRequest{
			AmountCents:     fee,
			Currency:        to.Currency,
			CustomerID:      card.customer,
			PaymentMethodID: card.paymentMethod,
			OffSession:      true,
			Description:     "Ticket change " + t.ID.String(),
			Metadata: map[string]string{
				"ticket_id":    t.ID.String(),
				"from_trip_id": from.ID.String(),
				"to_trip_id":   to.ID.String(),
			},
		})
		if err != nil {
			return usecase.Ticket{}, err
		}
		paymentIntentID = &charge.PaymentIntentID
	}

	var out db.Ticket
	err = s.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		n, err := q.ReserveSeats(ctx, db.ReserveSeatsParams{ID: to.ID, Seats: 1})
		if err != nil {
			return err
		}
		if n == 0 {
			return domain.ErrSoldOut
		}
		n, err = q.MoveTicketToTrip(ctx, db.MoveTicketToTripParams{ID: t.ID, FromTripID: from.ID, ToTripID: to.ID})
		if err != nil {
			return err
		}
		if n == 0 {
			return domain.ErrTicketNotActive
		}
		if _, err := q.ReleaseSeats(ctx, db.ReleaseSeatsParams{ID: from.ID, Seats: 1}); err != nil {
			return err
		}
		if err := q.InsertTicketChange(ctx, db.InsertTicketChangeParams{
			ID:              uuid.New(),
			TicketID:        t.ID,
			FromTripID:      from.ID,
			ToTripID:        to.ID,
			FeeCents:        fee,
			PaymentIntentID: paymentIntentID,
		}); err != nil {
			return err
		}
		if out, err = q.GetTicket(ctx, t.ID); err != nil {
			return err
		}
		return events.Enqueue(ctx, q,
			events.SeatInventoryChanged{Kind: events.TypeSeatsReleased, TripID: from.ID, SoldDelta: -1, OccurredAt: s.now()},
			events.SeatInventoryChanged{Kind: events.TypeSeatsSold, TripID: to.ID, SoldDelta: 1, OccurredAt: s.now()},
		)
	})
	if err != nil {
		return usecase.Ticket{}, err
	}
	return toTicket(out), nil
}

type savedCard struct {
	customer      string
	paymentMethod string
}

func (s *Service) savedCard(ctx context.Context, bookingID uuid.UUID) (savedCard, error) {
	b, err := s.store.GetBooking(ctx, bookingID)
	if err != nil {
		return savedCard{}, notFound(err, "booking")
	}
	if b.CustomerID == nil {
		return savedCard{}, fmt.Errorf("%w: partner bookings are changed through the agent", domain.ErrInvalidInput)
	}
	c, err := s.store.GetCustomer(ctx, *b.CustomerID)
	if err != nil {
		return savedCard{}, notFound(err, "customer")
	}
	if c.StripeCustomerID == nil || c.DefaultPaymentMethod == nil {
		return savedCard{}, errNoSavedCard
	}
	return savedCard{customer: *c.StripeCustomerID, paymentMethod: *c.DefaultPaymentMethod}, nil
}

// RequestRefund moves an active ticket to refund_pending and schedules the
// card refund. Asking again for a ticket that is already on its way back is
// answered with the current state.
func (s *Service) RequestRefund(ctx context.Context, ticketID uuid.UUID) (usecase.Ticket, error) {
	var out db.Ticket
	err := s.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		n, err := q.MarkTicketRefundPending(ctx, ticketID)
		if err != nil {
			return err
		}
		out, err = q.GetTicket(ctx, ticketID)
		if err != nil {
			return notFound(err, "ticket")
		}
		if n == 0 {
			if out.Status == "refund_pending" || out.Status == "refunded" {
				return nil
			}
			return domain.ErrTicketNotActive
		}
		return s.jobs.EnqueueTx(ctx, tx,
			jobs.RefundTicketArgs{TicketID: ticketID, Reason: "customer_request"},
			&river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}},
		)
	})
	if err != nil {
		return usecase.Ticket{}, err
	}
	return toTicket(out), nil
}
