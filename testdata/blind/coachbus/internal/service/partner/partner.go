// Package partner implements usecase.PartnerBookings for travel agents that
// book through the agent API. Agents are invoiced monthly, so there is no
// card payment on this path.
package partner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/domain"
	"github.com/northline/coachbus/internal/events"
	"github.com/northline/coachbus/internal/usecase"
)

// Service implements usecase.PartnerBookings.
type Service struct {
	store   *db.Store
	now     func() time.Time
	hashKey func(string) string
}

// New builds the service.
func New(store *db.Store) *Service {
	return &Service{store: store, now: time.Now, hashKey: sha256Hex}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Authenticate resolves an API key to an active partner.
func (s *Service) Authenticate(ctx context.Context, apiKey string) (usecase.Partner, error) {
	if apiKey == "" {
		return usecase.Partner{}, domain.ErrUnauthorized
	}
	p, err := s.store.GetPartnerByKeyHash(ctx, s.hashKey(apiKey))
	if err != nil {
		if db.IsNotFound(err) {
			return usecase.Partner{}, domain.ErrUnauthorized
		}
		return usecase.Partner{}, err
	}
	return usecase.Partner{ID: p.ID, Code: p.Code}, nil
}

// CreateBooking books seats for an agent's customer.
func (s *Service) CreateBooking(ctx context.Context, in usecase.PartnerBookingInput) (usecase.Booking, error) {
	in.AgentReference = strings.TrimSpace(in.AgentReference)
	if in.AgentReference == "" || len(in.Passengers) == 0 || len(in.Passengers) > 9 {
		return usecase.Booking{}, domain.ErrInvalidInput
	}
	trip, err := s.store.GetTrip(ctx, in.TripID)
	if err != nil {
		if db.IsNotFound(err) {
			return usecase.Booking{}, domain.ErrNotFound
		}
		return usecase.Booking{}, err
	}
	if trip.Status != "scheduled" {
		return usecase.Booking{}, domain.ErrTripNotScheduled
	}
	seats := int32(len(in.Passengers))
	total := trip.FareCents * int64(seats)

	var out usecase.Booking
	err = s.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		n, err := q.ReserveSeats(ctx, db.ReserveSeatsParams{ID: trip.ID, Seats: seats})
		if err != nil {
			return err
		}
		if n == 0 {
			return domain.ErrSoldOut
		}
		var phone *string
		if in.ContactPhone != "" {
			phone = &in.ContactPhone
		}
		bookingID := uuid.New()
		b, err := q.InsertBooking(ctx, db.InsertBookingParams{
			ID:             bookingID,
			TripID:         trip.ID,
			Channel:        "partner",
			PartnerID:      &in.PartnerID,
			AgentReference: &in.AgentReference,
			TotalCents:     total,
			Currency:       trip.Currency,
			ContactPhone:   phone,
		})
		if err != nil {
			return fmt.Errorf("insert booking: %w", err)
		}
		out = usecase.Booking{
			ID: b.ID, TripID: b.TripID, Channel: b.Channel, AgentReference: in.AgentReference,
			Status: b.Status, TotalCents: b.TotalCents, Currency: b.Currency,
		}
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
			ticketIDs = append(ticketIDs, t.ID)
			out.Tickets = append(out.Tickets, usecase.Ticket{
				ID: t.ID, BookingID: b.ID, TripID: t.TripID, PassengerName: t.PassengerName, Status: t.Status,
			})
		}
		return events.Enqueue(ctx, q,
			events.SeatInventoryChanged{Kind: events.TypeSeatsSold, TripID: trip.ID, SoldDelta: seats, OccurredAt: s.now()},
			events.BookingConfirmed{
				BookingID:      b.ID,
				TripID:         trip.ID,
				Channel:        b.Channel,
				PartnerID:      &in.PartnerID,
				AgentReference: in.AgentReference,
				TicketIDs:      ticketIDs,
				TotalCents:     total,
				Currency:       trip.Currency,
				ContactPhone:   in.ContactPhone,
				DepartsAt:      trip.DepartsAt,
			},
		)
	})
	if err != nil {
		return usecase.Booking{}, err
	}
	return out, nil
}
