package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

const scopeCreateBooking = "booking.create"

// BookingConfig tunes the booking flow.
type BookingConfig struct {
	// HoldWindow is how long a pending booking keeps its seats without a
	// deposit.
	HoldWindow time.Duration
}

// BookingService creates, confirms and expires bookings.
type BookingService struct {
	tx         db.Transactor
	bookings   BookingStore
	departures DepartureStore
	idem       IdempotencyStore
	queue      tasks.Enqueuer
	log        *slog.Logger

	newID  func() string
	newRef func() string
	now    Clock
	cfg    BookingConfig
}

// NewBookingService constructs a BookingService.
func NewBookingService(tx db.Transactor, bookings BookingStore, departures DepartureStore,
	idem IdempotencyStore, queue tasks.Enqueuer, log *slog.Logger, cfg BookingConfig) *BookingService {
	if cfg.HoldWindow == 0 {
		cfg.HoldWindow = 30 * time.Minute
	}
	return &BookingService{
		tx: tx, bookings: bookings, departures: departures, idem: idem, queue: queue, log: log,
		newID:  ids.Booking,
		newRef: newBookingReference,
		now:    time.Now,
		cfg:    cfg,
	}
}

// CreateBookingInput is what the storefront sends.
type CreateBookingInput struct {
	DepartureID string `json:"departure_id"`
	LeadName    string `json:"lead_name"`
	LeadEmail   string `json:"lead_email"`
	Pax         int    `json:"pax"`
	Channel     string `json:"channel"`
}

// Validate checks the input.
func (in CreateBookingInput) Validate() error {
	switch {
	case in.DepartureID == "":
		return domain.Invalid("departure_id", "required")
	case strings.TrimSpace(in.LeadName) == "":
		return domain.Invalid("lead_name", "required")
	case !strings.Contains(in.LeadEmail, "@"):
		return domain.Invalid("lead_email", "must be an email address")
	case in.Pax < 1 || in.Pax > 12:
		return domain.Invalid("pax", "must be between 1 and 12")
	}
	return nil
}

func (in CreateBookingInput) hash() string {
	b, _ := json.Marshal(in)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Create reserves seats and records a pending booking. The caller's
// idempotency key is stored in the same transaction as the booking, so a
// repeated request returns the booking the first one made.
func (s *BookingService) Create(ctx context.Context, idemKey string, in CreateBookingInput) (*domain.Booking, bool, error) {
	if err := in.Validate(); err != nil {
		return nil, false, err
	}
	if idemKey == "" {
		return nil, false, domain.Invalid("Idempotency-Key", "header required")
	}
	hash := in.hash()
	var (
		out      *domain.Booking
		replayed bool
	)
	err := s.tx.Tx(ctx, func(ctx context.Context) error {
		fresh, err := s.idem.Reserve(ctx, scopeCreateBooking, idemKey, hash)
		if err != nil {
			return err
		}
		if !fresh {
			rec, err := s.idem.Get(ctx, scopeCreateBooking, idemKey)
			if err != nil {
				return err
			}
			if rec == nil || rec.ResourceID == nil {
				return fmt.Errorf("idempotency key %q in flight: %w", idemKey, domain.ErrConflict)
			}
			if rec.RequestHash != hash {
				return fmt.Errorf("idempotency key %q reused with a different request: %w", idemKey, domain.ErrConflict)
			}
			out, err = s.bookings.Get(ctx, *rec.ResourceID)
			replayed = true
			return err
		}

		dep, err := s.departures.Get(ctx, in.DepartureID)
		if err != nil {
			return err
		}
		if dep.Status != domain.DepartureOpen {
			return fmt.Errorf("departure %s is %s: %w", dep.ID, dep.Status, domain.ErrInvalidState)
		}
		tour, err := s.departures.GetTour(ctx, dep.TourID)
		if err != nil {
			return err
		}
		ok, err := s.departures.ReserveSeats(ctx, dep.ID, in.Pax)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrSoldOut
		}

		now := s.now().UTC()
		expires := now.Add(s.cfg.HoldWindow)
		channel := in.Channel
		if channel == "" {
			channel = "web"
		}
		b := &domain.Booking{
			ID:           s.newID(),
			DepartureID:  dep.ID,
			Reference:    s.newRef(),
			LeadName:     strings.TrimSpace(in.LeadName),
			LeadEmail:    strings.ToLower(strings.TrimSpace(in.LeadEmail)),
			Pax:          in.Pax,
			Status:       domain.BookingPending,
			TotalCents:   dep.PriceCents * int64(in.Pax),
			DepositCents: tour.DepositCents * int64(in.Pax),
			Currency:     dep.Currency,
			Channel:      channel,
			CreatedAt:    now,
			ExpiresAt:    &expires,
		}
		if err := s.bookings.Create(ctx, b); err != nil {
			return err
		}
		if err := s.idem.Complete(ctx, scopeCreateBooking, idemKey, b.ID); err != nil {
			return err
		}
		out = b
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return out, replayed, nil
}

// Get loads a booking.
func (s *BookingService) Get(ctx context.Context, id string) (*domain.Booking, error) {
	return s.bookings.Get(ctx, id)
}

// ConfirmOnAccount confirms a trade booking that will be paid by invoice,
// then schedules supplier holds and the confirmation email. Calling it again
// for a confirmed booking re-schedules the same tasks, which the queue
// de-duplicates by task ID.
func (s *BookingService) ConfirmOnAccount(ctx context.Context, id string) (*domain.Booking, error) {
	b, err := s.bookings.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !b.IsActive() {
		return nil, fmt.Errorf("booking %s is %s: %w", b.ID, b.Status, domain.ErrInvalidState)
	}
	if b.Channel != "trade" {
		return nil, domain.Invalid("channel", "only trade bookings can be confirmed on account")
	}
	if _, err := s.bookings.TransitionStatus(ctx, b.ID,
		[]domain.BookingStatus{domain.BookingPending}, domain.BookingConfirmed); err != nil {
		return nil, err
	}
	if err := s.scheduleConfirmedWork(ctx, b.ID); err != nil {
		return nil, err
	}
	return s.bookings.Get(ctx, id)
}

// scheduleConfirmedWork enqueues what follows a confirmation. Task IDs are
// derived from the booking so repeated calls collapse onto one task.
func (s *BookingService) scheduleConfirmedWork(ctx context.Context, bookingID string) error {
	p := tasks.BookingPayload{BookingID: bookingID}
	if err := s.queue.Enqueue(ctx, tasks.TypeHoldPlace, p,
		asynq.TaskID(ids.TaskID("hold-place", bookingID))); err != nil {
		return err
	}
	return s.queue.Enqueue(ctx, tasks.TypeEmailBookingConfirmed, p,
		asynq.TaskID(ids.TaskID("email-confirmation", bookingID)))
}

// ExpireUnpaid frees the seats of pending bookings whose deposit never
// arrived. It returns how many bookings were expired.
func (s *BookingService) ExpireUnpaid(ctx context.Context) (int, error) {
	list, err := s.bookings.ListExpiredPending(ctx, s.now().UTC(), 200)
	if err != nil {
		return 0, err
	}
	var (
		n    int
		errs []error
	)
	for _, b := range list {
		if err := s.departures.ReleaseSeats(ctx, b.DepartureID, b.Pax); err != nil {
			errs = append(errs, fmt.Errorf("booking %s: %w", b.ID, err))
			continue
		}
		changed, err := s.bookings.TransitionStatus(ctx, b.ID,
			[]domain.BookingStatus{domain.BookingPending}, domain.BookingExpired)
		if err != nil {
			errs = append(errs, fmt.Errorf("booking %s: %w", b.ID, err))
			continue
		}
		if changed {
			n++
			s.log.InfoContext(ctx, "booking expired", "booking_id", b.ID, "departure_id", b.DepartureID, "pax", b.Pax)
		}
	}
	return n, errors.Join(errs...)
}

const refAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// newBookingReference returns a short reference travellers can read over the
// phone, e.g. "LK-7QH2MX".
func newBookingReference() string {
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	out := make([]byte, len(buf))
	for i, b := range buf {
		out[i] = refAlphabet[int(b)%len(refAlphabet)]
	}
	return "LK-" + string(out)
}
