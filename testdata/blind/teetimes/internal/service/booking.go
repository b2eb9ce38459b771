package service

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/payments"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/posbridge"
	"github.com/fairwaylinks/teetimes/internal/queue"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// CreateBookingInput is a request to hold places on a tee time.
type CreateBookingInput struct {
	IdempotencyKey string
	TeeTimeID      string
	MemberID       string
	Players        int
	Carts          int
}

func (in CreateBookingInput) validate() error {
	switch {
	case in.IdempotencyKey == "":
		return invalid("Idempotency-Key header is required")
	case in.TeeTimeID == "" || in.MemberID == "":
		return invalid("tee_time_id and member_id are required")
	case in.Players < 1 || in.Players > 4:
		return invalid("players must be between 1 and 4")
	case in.Carts < 0 || in.Carts > in.Players:
		return invalid("carts must be between 0 and the number of players")
	}
	return nil
}

// BookingResult is a booking plus, when payment is outstanding, the
// client secret the browser confirms the PaymentIntent with.
type BookingResult struct {
	Booking      *domain.Booking
	ClientSecret string
}

// Slot is a tee time as shown on the public tee sheet.
type Slot struct {
	TeeTimeID string    `json:"tee_time_id"`
	StartsAt  time.Time `json:"starts_at"`
	Available int       `json:"available"`
}

// Bookings is the tee-time booking use case.
type Bookings interface {
	Availability(ctx context.Context, courseID string, day time.Time) ([]Slot, error)
	Create(ctx context.Context, in CreateBookingInput) (*domain.Booking, error)
	Get(ctx context.Context, id string) (*domain.Booking, error)
	Checkout(ctx context.Context, id string) (*BookingResult, error)
	SetCarts(ctx context.Context, id string, carts int) (*domain.Booking, error)
	Cancel(ctx context.Context, id, reason string) (*domain.Booking, error)
	CheckIn(ctx context.Context, id string) (*domain.Booking, error)
}

// BookingParams are the dependencies of the booking service.
type BookingParams struct {
	fx.In

	Config   *config.Config
	Log      *zap.Logger
	UoW      db.UnitOfWork
	Courses  store.CourseStore
	TeeTimes store.TeeTimeStore
	Bookings store.BookingStore
	Members  store.MemberStore
	Idem     store.IdempotencyStore
	Payments payments.Client
	Jobs     queue.Enqueuer
	POS      posbridge.Publisher
}

type bookingService struct {
	cfg      *config.Config
	log      *zap.Logger
	uow      db.UnitOfWork
	courses  store.CourseStore
	teeTimes store.TeeTimeStore
	bookings store.BookingStore
	members  store.MemberStore
	idem     store.IdempotencyStore
	payments payments.Client
	jobs     queue.Enqueuer
	pos      posbridge.Publisher

	newID ids.Func
	now   func() time.Time
}

// NewBookingService builds the booking service.
func NewBookingService(p BookingParams) *bookingService {
	return &bookingService{
		cfg:      p.Config,
		log:      p.Log.Named("bookings"),
		uow:      p.UoW,
		courses:  p.Courses,
		teeTimes: p.TeeTimes,
		bookings: p.Bookings,
		members:  p.Members,
		idem:     p.Idem,
		payments: p.Payments,
		jobs:     p.Jobs,
		pos:      p.POS,
		newID:    ids.NewULID,
		now:      func() time.Time { return time.Now().UTC() },
	}
}

const scopeBookingCreate = "booking.create"

func (s *bookingService) Availability(ctx context.Context, courseID string, day time.Time) ([]Slot, error) {
	course, err := s.courses.Get(ctx, courseID)
	if err != nil {
		return nil, notFoundOr(err, "course")
	}
	loc, err := time.LoadLocation(course.Timezone)
	if err != nil {
		return nil, fmt.Errorf("course %s timezone: %w", course.ID, err)
	}
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, loc)
	tts, err := s.teeTimes.ListForCourse(ctx, course.ID, start, start.AddDate(0, 0, 1))
	if err != nil {
		return nil, err
	}
	slots := make([]Slot, 0, len(tts))
	for _, tt := range tts {
		if left := tt.SlotsLeft(); left > 0 && tt.StartsAt.After(s.now()) {
			slots = append(slots, Slot{TeeTimeID: tt.ID, StartsAt: tt.StartsAt.In(loc), Available: left})
		}
	}
	return slots, nil
}

// Create holds places on a tee time. The Idempotency-Key is claimed in the
// same transaction as the hold, so a replayed request returns the booking
// the first attempt made.
func (s *bookingService) Create(ctx context.Context, in CreateBookingInput) (*domain.Booking, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	hash := requestHash(in.TeeTimeID, in.MemberID, in.Players, in.Carts)

	var booking *domain.Booking
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		rec, fresh, err := s.idem.Claim(ctx, scopeBookingCreate, in.IdempotencyKey, hash)
		if err != nil {
			return err
		}
		if !fresh {
			booking, err = s.bookings.Get(ctx, rec.ResourceID)
			return err
		}

		tt, err := s.teeTimes.GetForUpdate(ctx, in.TeeTimeID)
		if err != nil {
			return notFoundOr(err, "tee time")
		}
		if !tt.StartsAt.After(s.now()) {
			return conflict("tee time has already started")
		}
		if tt.SlotsLeft() < in.Players {
			return conflict("only %d places left on this tee time", tt.SlotsLeft())
		}
		course, err := s.courses.Get(ctx, tt.CourseID)
		if err != nil {
			return err
		}
		member, err := s.members.Get(ctx, in.MemberID)
		if err != nil {
			return notFoundOr(err, "member")
		}

		perPlayer := course.GreenFeeMemberCents
		if member.Visitor {
			perPlayer = course.GreenFeeVisitorCents
		}
		greenFee := perPlayer * int64(in.Players)
		cartFee := course.CartFeeCents * int64(in.Carts)
		now := s.now()
		b := &domain.Booking{
			ID:             s.newID(),
			TeeTimeID:      tt.ID,
			CourseID:       course.ID,
			MemberID:       member.ID,
			Players:        in.Players,
			Carts:          in.Carts,
			GreenFeeCents:  greenFee,
			CartFeeCents:   cartFee,
			AmountDueCents: greenFee + cartFee,
			Currency:       s.cfg.DefaultCurrency,
			Status:         domain.BookingPendingPayment,
			Source:         "web",
			CreatedAt:      now,
			UpdatedAt:      now,
		}
		if err := s.bookings.Create(ctx, b); err != nil {
			return err
		}
		if err := s.teeTimes.AddPlayers(ctx, tt.ID, in.Players); err != nil {
			if errors.Is(err, store.ErrSlotFull) {
				return conflict("tee time is full")
			}
			return err
		}
		booking = b
		return s.idem.Attach(ctx, scopeBookingCreate, in.IdempotencyKey, b.ID)
	})
	if err != nil {
		return nil, notFoundOr(err, "booking")
	}
	return booking, nil
}

func (s *bookingService) Get(ctx context.Context, id string) (*domain.Booking, error) {
	b, err := s.bookings.Get(ctx, id)
	if err != nil {
		return nil, notFoundOr(err, "booking")
	}
	return b, nil
}

// Checkout creates (or re-fetches) the PaymentIntent for what the booking
// still owes. The key covers the amount, so applying a voucher after a
// first checkout produces a new intent rather than reusing the old one.
func (s *bookingService) Checkout(ctx context.Context, id string) (*BookingResult, error) {
	b, err := s.bookings.Get(ctx, id)
	if err != nil {
		return nil, notFoundOr(err, "booking")
	}
	switch b.Status {
	case domain.BookingConfirmed, domain.BookingCheckedIn:
		return &BookingResult{Booking: b}, nil
	case domain.BookingPendingPayment:
	default:
		return nil, conflict("booking is %s", b.Status)
	}

	if b.AmountDueCents == 0 {
		// Fully covered by vouchers or rain checks: nothing to collect.
		if _, err := s.bookings.UpdateWhere(ctx, map[string]any{
			"status": domain.BookingConfirmed, "updated_at": s.now(),
		}, "id = ? AND status = ?", b.ID, domain.BookingPendingPayment); err != nil {
			return nil, err
		}
		b.Status = domain.BookingConfirmed
		return &BookingResult{Booking: b}, nil
	}

	member, err := s.members.Get(ctx, b.MemberID)
	if err != nil {
		return nil, err
	}
	pi, err := s.payments.CreatePaymentIntent(ctx, payments.PaymentIntentRequest{
		AmountCents:  b.AmountDueCents,
		Currency:     b.Currency,
		CustomerID:   deref(member.StripeCustomerID),
		Description:  fmt.Sprintf("Tee time for %d", b.Players),
		ReceiptEmail: member.Email,
		Metadata: map[string]string{
			"kind":       "booking",
			"booking_id": b.ID,
		},
		IdempotencyKey: payments.Key("booking", b.ID, strconv.FormatInt(b.AmountDueCents, 10)),
	})
	if err != nil {
		return nil, fmt.Errorf("checkout booking %s: %w", b.ID, err)
	}
	if _, err := s.bookings.Update(ctx, b.ID, map[string]any{"payment_intent_id": pi.ID, "updated_at": s.now()}); err != nil {
		return nil, err
	}
	b.PaymentIntentID = &pi.ID
	return &BookingResult{Booking: b, ClientSecret: pi.ClientSecret}, nil
}

// SetCarts records how many carts the group wants held for it. Cart hire
// is paid at the desk, so only the reservation count changes here.
func (s *bookingService) SetCarts(ctx context.Context, id string, carts int) (*domain.Booking, error) {
	var out *domain.Booking
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		b, err := s.bookings.GetForUpdate(ctx, id)
		if err != nil {
			return notFoundOr(err, "booking")
		}
		if carts < 0 || carts > b.Players {
			return invalid("carts must be between 0 and %d", b.Players)
		}
		if b.Status != domain.BookingPendingPayment && b.Status != domain.BookingConfirmed {
			return conflict("carts cannot be changed on a %s booking", b.Status)
		}
		if _, err := s.bookings.Update(ctx, b.ID, map[string]any{"carts": carts, "updated_at": s.now()}); err != nil {
			return err
		}
		b.Carts = carts
		out = b
		return nil
	})
	return out, err
}

// Cancel cancels a booking, frees the places, and queues the refund and a
// waitlist fill for the slot.
func (s *bookingService) Cancel(ctx context.Context, id, reason string) (*domain.Booking, error) {
	b, err := s.bookings.Get(ctx, id)
	if err != nil {
		return nil, notFoundOr(err, "booking")
	}
	if b.Status == domain.BookingCancelled {
		return b, nil
	}
	if b.Status != domain.BookingPendingPayment && b.Status != domain.BookingConfirmed {
		return nil, conflict("a %s booking cannot be cancelled", b.Status)
	}
	wasPaid := b.Status == domain.BookingConfirmed

	now := s.now()
	if _, err := s.bookings.Update(ctx, b.ID, map[string]any{
		"status":        domain.BookingCancelled,
		"cancelled_at":  now,
		"cancel_reason": reason,
		"updated_at":    now,
	}); err != nil {
		return nil, err
	}
	b.Status, b.CancelledAt, b.CancelReason = domain.BookingCancelled, &now, reason

	err = s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.teeTimes.ReleasePlayers(ctx, b.TeeTimeID, b.Players); err != nil {
			return err
		}
		if wasPaid {
			if _, err := s.jobs.EnqueueTx(ctx, queue.BookingRefundArgs{BookingID: b.ID}); err != nil {
				return err
			}
		}
		_, err := s.jobs.EnqueueTx(ctx, queue.WaitlistFillArgs{TeeTimeID: b.TeeTimeID})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("cancel booking %s: release: %w", b.ID, err)
	}
	s.log.Info("booking cancelled", zap.String("booking_id", b.ID), zap.Bool("refund_queued", wasPaid))
	return b, nil
}

// CheckIn marks the group as arrived and tells the POS to open their tab.
func (s *bookingService) CheckIn(ctx context.Context, id string) (*domain.Booking, error) {
	b, err := s.bookings.Get(ctx, id)
	if err != nil {
		return nil, notFoundOr(err, "booking")
	}
	switch b.Status {
	case domain.BookingConfirmed:
		now := s.now()
		if _, err := s.bookings.UpdateWhere(ctx, map[string]any{
			"status": domain.BookingCheckedIn, "checked_in_at": now, "updated_at": now,
		}, "id = ? AND status = ?", b.ID, domain.BookingConfirmed); err != nil {
			return nil, err
		}
		b.Status, b.CheckedInAt = domain.BookingCheckedIn, &now
	case domain.BookingCheckedIn:
		// Already checked in; make sure the POS has the tab open.
	case domain.BookingPendingPayment:
		return nil, &Error{Kind: ErrPayment, Msg: "booking has not been paid"}
	default:
		return nil, conflict("a %s booking cannot be checked in", b.Status)
	}

	tt, err := s.teeTimes.Get(ctx, b.TeeTimeID)
	if err != nil {
		return nil, err
	}
	// The POS opens (or finds) the group's tab from this message; the
	// outbound queue is FIFO with content deduplication on its side.
	if err := s.pos.PublishCheckIn(ctx, posbridge.CheckIn{
		BookingID:   b.ID,
		CourseID:    b.CourseID,
		MemberID:    b.MemberID,
		Players:     b.Players,
		Carts:       b.Carts,
		TeeTime:     tt.StartsAt,
		CheckedInAt: *b.CheckedInAt,
	}); err != nil {
		return nil, err
	}
	return b, nil
}
