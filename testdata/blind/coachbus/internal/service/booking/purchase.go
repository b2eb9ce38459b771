package booking

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/domain"
	"github.com/northline/coachbus/internal/events"
	"github.com/northline/coachbus/internal/provider/stripepay"
	"github.com/northline/coachbus/internal/usecase"
)

var errHoldLost = errors.New("hold no longer purchasable")

// Purchase charges the card for a hold and turns it into a booking.
func (s *Service) Purchase(ctx context.Context, in usecase.PurchaseInput) (usecase.Booking, error) {
	hold, err := s.store.GetSeatHold(ctx, in.HoldID)
	if err != nil {
		return usecase.Booking{}, notFound(err, "hold")
	}
	switch {
	case hold.Status == "purchased":
		return s.existingBooking(ctx, hold.ID)
	case hold.Status != "held":
		return usecase.Booking{}, domain.ErrHoldNotActive
	case !hold.ExpiresAt.After(s.now()):
		return usecase.Booking{}, domain.ErrHoldExpired
	case len(in.Passengers) != int(hold.Seats):
		return usecase.Booking{}, fmt.Errorf("%w: %d passengers for %d seats", domain.ErrInvalidInput, len(in.Passengers), hold.Seats)
	}
	trip, err := s.store.GetTrip(ctx, hold.TripID)
	if err != nil {
		return usecase.Booking{}, notFound(err, "trip")
	}
	var stripeCustomer string
	if hold.CustomerID != nil {
		cust, err := s.store.GetCustomer(ctx, *hold.CustomerID)
		if err != nil {
			return usecase.Booking{}, notFound(err, "customer")
		}
		if cust.StripeCustomerID != nil {
			stripeCustomer = *cust.StripeCustomerID
		}
	}

	total := trip.FareCents * int64(hold.Seats)
	charge, err := s.payments.Charge(ctx, stripepay.ChargeRequest{
		AmountCents:     total,
		Currency:        trip.Currency,
		CustomerID:      stripeCustomer,
		PaymentMethodID: in.PaymentMethodID,
		Description:     fmt.Sprintf("Northline coach %s x%d", trip.DepartsAt.Format("2006-01-02 15:04"), hold.Seats),
		Metadata:        map[string]string{"hold_id": hold.ID.String(), "trip_id": trip.ID.String()},
		IdempotencyKey:  "hold-purchase:" + hold.ID.String(),
	})
	if err != nil {
		return usecase.Booking{}, err
	}

	var out usecase.Booking
	err = s.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		n, err := q.MarkHoldPurchased(ctx, hold.ID)
		if err != nil {
			return err
		}
		if n == 0 {
			return errHoldLost
		}
		var phone *string
		if in.ContactPhone != "" {
			phone = &in.ContactPhone
		}
		b, err := q.InsertBooking(ctx, db.InsertBookingParams{
			ID:              uuid.New(),
			TripID:          trip.ID,
			Channel:         "web",
			CustomerID:      hold.CustomerID,
			HoldID:          &hold.ID,
			PaymentIntentID: &charge.PaymentIntentID,
			TotalCents:      total,
			Currency:        trip.Currency,
			ContactPhone:    phone,
		})
		if err != nil {
			return fmt.Errorf("insert booking: %w", err)
		}
		tickets := make([]db.Ticket, 0, len(in.Passengers))
		ticketIDs := make([]uuid.UUID, 0, len(in.Passengers))
		for _, name := range in.Passengers {
			t, err := q.InsertTicket(ctx, db.InsertTicketParams{
				ID:            uuid.New(),
				BookingID:     b.ID,
				TripID:        trip.ID,
				PassengerName: name,
				FareCents:     trip.FareCents,
			})
			if err != nil {
				return fmt.Errorf("insert ticket: %w", err)
			}
			tickets = append(tickets, t)
			ticketIDs = append(ticketIDs, t.ID)
		}
		out = toBooking(b, tickets)
		return events.Enqueue(ctx, q,
			events.SeatInventoryChanged{
				Kind:       events.TypeSeatsSold,
				TripID:     trip.ID,
				HoldID:     &hold.ID,
				HeldDelta:  -hold.Seats,
				SoldDelta:  hold.Seats,
				OccurredAt: s.now(),
			},
			events.BookingConfirmed{
				BookingID:    b.ID,
				TripID:       trip.ID,
				Channel:      b.Channel,
				CustomerID:   b.CustomerID,
				TicketIDs:    ticketIDs,
				TotalCents:   total,
				Currency:     trip.Currency,
				ContactPhone: in.ContactPhone,
				DepartsAt:    trip.DepartsAt,
			},
		)
	})
	if errors.Is(err, errHoldLost) {
		return s.recoverLostHold(ctx, hold, charge, total)
	}
	if err != nil {
		return usecase.Booking{}, err
	}
	return out, nil
}

// recoverLostHold handles a hold that changed state between the charge and
// our commit: either a concurrent request bought it, or the expiry cron got
// there first and the money has to go back.
func (s *Service) recoverLostHold(ctx context.Context, hold db.SeatHold, charge stripepay.Charge, total int64) (usecase.Booking, error) {
	if b, err := s.existingBooking(ctx, hold.ID); err == nil {
		return b, nil
	}
	_, err := s.payments.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: charge.PaymentIntentID,
		AmountCents:     total,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"hold_id": hold.ID.String(), "cause": "hold_expired"},
		IdempotencyKey:  "hold-void:" + hold.ID.String(),
	})
	if err != nil {
		return usecase.Booking{}, fmt.Errorf("void charge for expired hold: %w", err)
	}
	return usecase.Booking{}, domain.ErrHoldExpired
}

func (s *Service) existingBooking(ctx context.Context, holdID uuid.UUID) (usecase.Booking, error) {
	b, err := s.store.GetBookingByHold(ctx, &holdID)
	if err != nil {
		return usecase.Booking{}, notFound(err, "booking")
	}
	return s.bookingView(ctx, s.store.Queries, b)
}

// HoldSeats reserves seats for a short time while the customer pays. The
// client's Idempotency-Key identifies the hold, so repeating the request
// returns the hold that was already made.
func (s *Service) HoldSeats(ctx context.Context, in usecase.HoldSeatsInput) (usecase.Hold, error) {
	if in.IdempotencyKey == "" || in.Seats < 1 || in.Seats > 9 {
		return usecase.Hold{}, domain.ErrInvalidInput
	}
	var out usecase.Hold
	err := s.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		row, err := q.UpsertSeatHold(ctx, db.UpsertSeatHoldParams{
			ID:             uuid.New(),
			TripID:         in.TripID,
			CustomerID:     in.CustomerID,
			Seats:          int32(in.Seats),
			IdempotencyKey: in.IdempotencyKey,
			ExpiresAt:      s.now().Add(s.holdTTL),
		})
		if err != nil {
			return fmt.Errorf("upsert hold: %w", err)
		}
		out = usecase.Hold{
			ID:        row.ID,
			TripID:    row.TripID,
			Seats:     int(row.Seats),
			Status:    row.Status,
			ExpiresAt: row.ExpiresAt,
		}
		if !row.Inserted {
			return nil
		}
		n, err := q.ReserveSeats(ctx, db.ReserveSeatsParams{ID: in.TripID, Seats: row.Seats})
		if err != nil {
			return fmt.Errorf("reserve seats: %w", err)
		}
		if n == 0 {
			return domain.ErrSoldOut
		}
		return events.Enqueue(ctx, q, events.SeatInventoryChanged{
			Kind:       events.TypeSeatsHeld,
			TripID:     row.TripID,
			HoldID:     &row.ID,
			HeldDelta:  row.Seats,
			OccurredAt: s.now(),
		})
	})
	if err != nil {
		return usecase.Hold{}, err
	}
	return out, nil
}
