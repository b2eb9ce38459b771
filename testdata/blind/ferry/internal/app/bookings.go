package app

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/jobs"
	"github.com/northsound/ferrydesk/internal/store"
)

// Bookings owns the booking lifecycle up to payment.
type Bookings struct {
	store   store.Store
	fares   Fares
	holdTTL time.Duration
	now     Clock
	log     *slog.Logger
}

// NewBookings builds the booking service.
func NewBookings(s store.Store, cfg config.Config, log *slog.Logger) *Bookings {
	return &Bookings{
		store:   s,
		fares:   DefaultFares(),
		holdTTL: cfg.HoldTTL,
		now:     SystemClock,
		log:     log.With("service", "bookings"),
	}
}

// PassengerInput is one traveller on a new booking.
type PassengerInput struct {
	FullName       string
	DateOfBirth    time.Time
	Nationality    string
	DocumentNumber string
	FareClass      domain.FareClass
}

// CreateBookingInput is a request to hold space on a sailing.
type CreateBookingInput struct {
	IdempotencyKey string
	SailingID      uuid.UUID
	MemberID       *uuid.UUID
	ContactEmail   string
	ContactPhone   string
	Currency       string
	Passengers     []PassengerInput
}

func (in CreateBookingInput) validate() error {
	switch {
	case in.IdempotencyKey == "":
		return invalid("Idempotency-Key", "header is required")
	case len(in.IdempotencyKey) > 200:
		return invalid("Idempotency-Key", "must be at most 200 characters")
	case in.SailingID == uuid.Nil:
		return invalid("sailing_id", "is required")
	case !strings.Contains(in.ContactEmail, "@"):
		return invalid("contact_email", "must be an email address")
	case in.ContactPhone == "":
		return invalid("contact_phone", "is required")
	case len(in.Passengers) == 0:
		return invalid("passengers", "at least one passenger is required")
	case len(in.Passengers) > 9:
		return invalid("passengers", "group bookings of more than nine go through the groups desk")
	}
	seen := map[string]bool{}
	for i, p := range in.Passengers {
		if p.FullName == "" || p.DocumentNumber == "" {
			return invalid(fmt.Sprintf("passengers[%d]", i), "name and document number are required")
		}
		if seen[p.DocumentNumber] {
			return invalid(fmt.Sprintf("passengers[%d].document_number", i), "is repeated")
		}
		seen[p.DocumentNumber] = true
	}
	return nil
}

// Create holds seats on a sailing. A repeated request with the same
// idempotency key returns the booking created the first time.
func (s *Bookings) Create(ctx context.Context, in CreateBookingInput) (domain.Booking, bool, error) {
	if err := in.validate(); err != nil {
		return domain.Booking{}, false, err
	}
	sailing, err := s.store.Sailings().Get(ctx, in.SailingID)
	if err != nil {
		return domain.Booking{}, false, err
	}
	if sailing.Status != domain.SailingScheduled {
		return domain.Booking{}, false, ErrSailingClosed
	}

	now := s.now()
	b := domain.Booking{
		ID:             uuid.New(),
		Reference:      newReference(),
		SailingID:      sailing.ID,
		MemberID:       in.MemberID,
		ContactEmail:   strings.ToLower(strings.TrimSpace(in.ContactEmail)),
		ContactPhone:   in.ContactPhone,
		Status:         domain.BookingHeld,
		Currency:       strings.ToLower(in.Currency),
		IdempotencyKey: in.IdempotencyKey,
		HoldExpiresAt:  now.Add(s.holdTTL),
	}
	if b.Currency == "" {
		b.Currency = "gbp"
	}
	pax := make([]domain.Passenger, len(in.Passengers))
	for i, p := range in.Passengers {
		fare, err := s.fares.PassengerFare(p.FareClass)
		if err != nil {
			return domain.Booking{}, false, err
		}
		b.TotalCents += fare
		pax[i] = domain.Passenger{
			ID:             uuid.New(),
			BookingID:      b.ID,
			FullName:       p.FullName,
			DateOfBirth:    p.DateOfBirth,
			Nationality:    strings.ToUpper(p.Nationality),
			DocumentNumber: strings.ToUpper(strings.ReplaceAll(p.DocumentNumber, " ", "")),
			FareClass:      p.FareClass,
		}
	}

	var created bool
	err = s.store.InTx(ctx, func(tx store.Store) error {
		var err error
		created, err = tx.Bookings().CreateIdempotent(ctx, &b)
		if err != nil || !created {
			return err
		}
		if err := tx.Sailings().ReserveSeats(ctx, b.SailingID, len(pax)); err != nil {
			return err
		}
		if err := tx.Bookings().AddPassengers(ctx, pax); err != nil {
			return err
		}
		return tx.Jobs().Enqueue(ctx, jobs.ExpireHoldArgs{BookingID: b.ID}, jobs.At(b.HoldExpiresAt))
	})
	if err != nil {
		return domain.Booking{}, false, err
	}
	if created {
		s.log.InfoContext(ctx, "booking held", "booking", b.Reference, "passengers", len(pax))
	}
	return b, created, nil
}

// VehicleInput describes a vehicle to add to a booking.
type VehicleInput struct {
	Registration string
	VehicleType  string
	LengthCM     int
}

// AddVehicle reserves vehicle-deck space on a held booking and adds the
// vehicle fare to its total.
func (s *Bookings) AddVehicle(ctx context.Context, bookingID uuid.UUID, in VehicleInput) (domain.VehicleReservation, error) {
	reg := normalisePlate(in.Registration)
	if reg == "" {
		return domain.VehicleReservation{}, invalid("registration", "is required")
	}
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return domain.VehicleReservation{}, err
	}
	if b.Status != domain.BookingHeld {
		return domain.VehicleReservation{}, ErrBookingClosed
	}
	fare, err := s.fares.VehicleFare(in.VehicleType, in.LengthCM)
	if err != nil {
		return domain.VehicleReservation{}, err
	}

	v := domain.VehicleReservation{
		ID:           uuid.New(),
		BookingID:    b.ID,
		SailingID:    b.SailingID,
		Registration: reg,
		VehicleType:  in.VehicleType,
		LengthCM:     in.LengthCM,
		FareCents:    fare,
		CreatedAt:    s.now(),
	}
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Sailings().ReserveLane(ctx, v.SailingID, v.LengthCM); err != nil {
			return err
		}
		if err := tx.Bookings().AddVehicle(ctx, v); err != nil {
			return err
		}
		return tx.Bookings().AddToTotal(ctx, b.ID, fare)
	})
	if err != nil {
		return domain.VehicleReservation{}, err
	}
	return v, nil
}

// Cancel cancels a booking at the customer's request, gives its space back
// to the sailing and refunds whatever was paid.
func (s *Bookings) Cancel(ctx context.Context, bookingID uuid.UUID) error {
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return err
	}
	ok, err := s.store.Bookings().Cancel(ctx, b.ID)
	if err != nil {
		return err
	}
	if !ok {
		// Already cancelled, expired or refunded: nothing left to do.
		return nil
	}

	seats, lane, err := s.footprint(ctx, b.ID)
	if err != nil {
		return err
	}
	if err := s.store.Sailings().ReleaseCapacity(ctx, b.SailingID, seats, lane); err != nil {
		return fmt.Errorf("release capacity for %s: %w", b.Reference, err)
	}
	if b.AmountPaidCents == 0 {
		return nil
	}
	args := jobs.RefundArgs{
		BookingID:   b.ID,
		AmountCents: b.AmountPaidCents,
		Reason:      string(domain.RefundBookingCancelled),
		RequestKey:  "booking-cancel:" + b.ID.String(),
	}
	return s.store.Jobs().Enqueue(ctx, args, nil)
}

// ExpireHold releases the space of a booking that was never paid for. The
// status change and the release commit together.
func (s *Bookings) ExpireHold(ctx context.Context, bookingID uuid.UUID) error {
	return s.store.InTx(ctx, func(tx store.Store) error {
		b, err := tx.Bookings().Get(ctx, bookingID)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		ok, err := tx.Bookings().ExpireHold(ctx, b.ID)
		if err != nil || !ok {
			return err
		}
		seats, lane, err := footprintIn(ctx, tx, b.ID)
		if err != nil {
			return err
		}
		return tx.Sailings().ReleaseCapacity(ctx, b.SailingID, seats, lane)
	})
}

func (s *Bookings) footprint(ctx context.Context, bookingID uuid.UUID) (seats, laneCM int, err error) {
	return footprintIn(ctx, s.store, bookingID)
}

func footprintIn(ctx context.Context, st store.Store, bookingID uuid.UUID) (seats, laneCM int, err error) {
	pax, err := st.Bookings().Passengers(ctx, bookingID)
	if err != nil {
		return 0, 0, err
	}
	vs, err := st.Bookings().Vehicles(ctx, bookingID)
	if err != nil {
		return 0, 0, err
	}
	for _, v := range vs {
		laneCM += v.LengthCM
	}
	return len(pax), laneCM, nil
}

const referenceAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// newReference returns a six-character booking reference for humans.
func newReference() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = referenceAlphabet[int(b[i])%len(referenceAlphabet)]
	}
	return "NS" + string(b)
}

func normalisePlate(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}
