package service

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/events"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/sms"
	"github.com/gearloop/rentals/internal/store"
	"github.com/gearloop/rentals/internal/tasks"
)

// BookingRequestInput is the renter's request for a date range.
type BookingRequestInput struct {
	ListingID       string `json:"listing_id"`
	StartDay        string `json:"start_day"`
	EndDay          string `json:"end_day"`
	PaymentMethodID string `json:"payment_method_id"`
	Note            string `json:"note"`
}

// Bookings handles the booking lifecycle up to confirmation, plus the
// reminders and sweeps that run around it.
type Bookings interface {
	Request(ctx context.Context, renterID string, in BookingRequestInput) (domain.Booking, error)
	Confirm(ctx context.Context, ownerID, bookingID string) (domain.Booking, error)
	SendReminder(ctx context.Context, bookingID string) error
	Sweep(ctx context.Context) error
}

type bookingService struct {
	uow    store.UnitOfWork
	repos  store.Repos
	tasks  tasks.Enqueuer
	events events.Publisher
	sms    sms.Sender
	clock  Clock
	log    *slog.Logger
}

// NewBookings builds the booking service.
func NewBookings(uow store.UnitOfWork, repos store.Repos, tq tasks.Enqueuer, pub events.Publisher,
	sender sms.Sender, clock Clock, log *slog.Logger) Bookings {
	return &bookingService{uow: uow, repos: repos, tasks: tq, events: pub, sms: sender, clock: clock, log: log}
}

func parseDay(s string) (time.Time, error) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return time.Time{}, fmt.Errorf("invalid day %q: %w", s, err)
	}
	return t, nil
}

func (s *bookingService) Request(ctx context.Context, renterID string, in BookingRequestInput) (domain.Booking, error) {
	start, err := parseDay(in.StartDay)
	if err != nil {
		return domain.Booking{}, err
	}
	end, err := parseDay(in.EndDay)
	if err != nil {
		return domain.Booking{}, err
	}
	if end.Before(start) || start.Before(day(s.clock.Now())) {
		return domain.Booking{}, fmt.Errorf("%w: bad date range", domain.ErrInvalidState)
	}
	listing, err := s.repos.Listings.Get(ctx, in.ListingID)
	if err != nil {
		return domain.Booking{}, err
	}
	if listing.Status != domain.ListingActive {
		return domain.Booking{}, fmt.Errorf("%w: listing not bookable", domain.ErrInvalidState)
	}
	if listing.OwnerID == renterID {
		return domain.Booking{}, domain.ErrForbidden
	}

	rental, fee, deposit := domain.Quote(listing, start, end)
	now := s.clock.Now()
	b := domain.Booking{
		ID:              ids.NewULID(),
		ListingID:       listing.ID,
		RenterID:        renterID,
		OwnerID:         listing.OwnerID,
		StartDay:        start,
		EndDay:          end,
		Status:          domain.BookingRequested,
		RentalCents:     rental,
		FeeCents:        fee,
		DepositCents:    deposit,
		Currency:        listing.Currency,
		PaymentMethodID: in.PaymentMethodID,
		Note:            in.Note,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	if err := s.repos.Bookings.Insert(ctx, b); err != nil {
		return domain.Booking{}, fmt.Errorf("insert booking: %w", err)
	}
	ev := domain.NewEvent(domain.EventBookingRequested, b.ID, map[string]string{
		"booking_id": b.ID, "listing_id": b.ListingID, "owner_id": b.OwnerID,
	})
	logErr(s.log, "publish booking.requested", s.events.Publish(ctx, ev), "booking_id", b.ID)
	return b, nil
}

// Confirm accepts a booking request. The status change and the deposit row
// are written together; the deposit authorisation runs as a task whose ID
// is derived from the booking.
func (s *bookingService) Confirm(ctx context.Context, ownerID, bookingID string) (domain.Booking, error) {
	var b domain.Booking
	err := s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		var err error
		b, err = r.Bookings.GetForUpdate(ctx, bookingID)
		if err != nil {
			return err
		}
		if b.OwnerID != ownerID {
			return domain.ErrForbidden
		}
		switch b.Status {
		case domain.BookingConfirmed:
			// Already confirmed by an earlier attempt; make sure the
			// follow-up work below is in place and answer the same way.
		case domain.BookingRequested:
			holds, err := r.Holds.ForBooking(ctx, b.ID)
			if err != nil {
				return err
			}
			if len(holds) != b.Days() {
				return fmt.Errorf("%w: holds expired", domain.ErrDatesUnavailable)
			}
			if _, err := r.Bookings.Transition(ctx, b.ID, domain.BookingRequested, domain.BookingConfirmed); err != nil {
				return err
			}
			if err := r.Holds.Extend(ctx, b.ID, b.EndDay.AddDate(0, 0, 2)); err != nil {
				return err
			}
			b.Status = domain.BookingConfirmed
		default:
			return fmt.Errorf("%w: booking is %s", domain.ErrInvalidState, b.Status)
		}
		now := s.clock.Now()
		_, err = r.Deposits.EnsureForBooking(ctx, domain.Deposit{
			ID:          ids.Derive("deposit", b.ID),
			BookingID:   b.ID,
			AmountCents: b.DepositCents,
			Currency:    b.Currency,
			Status:      domain.DepositPending,
			CreatedAt:   now,
			UpdatedAt:   now,
		})
		return err
	})
	if err != nil {
		return domain.Booking{}, err
	}

	if err := s.tasks.DepositAuthorize(ctx, b.ID); err != nil {
		return domain.Booking{}, err
	}
	ev := domain.NewEvent(domain.EventBookingConfirmed, b.ID, map[string]string{
		"booking_id": b.ID, "renter_id": b.RenterID, "owner_id": b.OwnerID,
	})
	if err := s.events.Publish(ctx, ev); err != nil {
		return domain.Booking{}, err
	}
	return b, nil
}

// SendReminder texts the renter the day before pick-up.
func (s *bookingService) SendReminder(ctx context.Context, bookingID string) error {
	b, err := s.repos.Bookings.Get(ctx, bookingID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if b.Status != domain.BookingConfirmed || b.ReminderSentAt.Valid {
		return nil
	}
	renter, err := s.repos.Users.Get(ctx, b.RenterID)
	if err != nil {
		return err
	}
	listing, err := s.repos.Listings.Get(ctx, b.ListingID)
	if err != nil {
		return err
	}
	if renter.Phone.Valid {
		text := fmt.Sprintf("Reminder: your rental of %q starts tomorrow (%s). Booking %s.",
			listing.Title, b.StartDay.Format("Mon 2 Jan"), b.ID)
		if _, err := s.sms.Send(ctx, renter.Phone.String, text); err != nil {
			return fmt.Errorf("send reminder: %w", err)
		}
	}
	return s.repos.Bookings.MarkReminderSent(ctx, b.ID, s.clock.Now())
}

// Sweep expires stale holds and queues tomorrow's reminders and today's
// return pick-ups. Every step is safe to repeat.
func (s *bookingService) Sweep(ctx context.Context) error {
	now := s.clock.Now()
	n, err := s.repos.Holds.DeleteExpired(ctx, now)
	if err != nil {
		return fmt.Errorf("expire holds: %w", err)
	}
	if n > 0 {
		s.log.InfoContext(ctx, "expired holds", "count", n)
	}

	today := day(now)
	starting, err := s.repos.Bookings.StartingBetween(ctx, today.AddDate(0, 0, 1), today.AddDate(0, 0, 2))
	if err != nil {
		return err
	}
	for _, b := range starting {
		if err := s.tasks.BookingReminder(ctx, b.ID); err != nil {
			return err
		}
	}
	ending, err := s.repos.Bookings.EndingBetween(ctx, today, today.AddDate(0, 0, 1))
	if err != nil {
		return err
	}
	for _, b := range ending {
		if err := s.tasks.ScheduleReturn(ctx, b.ID); err != nil {
			return err
		}
	}
	s.log.InfoContext(ctx, "sweep done", "reminders", len(starting), "returns", len(ending),
		"at", strconv.FormatInt(now.Unix(), 10))
	return nil
}

// nullString is a small helper for optional columns.
func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}
