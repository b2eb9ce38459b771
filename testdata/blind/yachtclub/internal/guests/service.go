// Package guests runs guest-berth bookings made from the public website.
package guests

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/notify"
	"github.com/tidewater-yc/clubhouse/internal/payments"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/platform/idem"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// DepositPercent of the stay is taken when booking; the balance is paid at
// the dockmaster's office on arrival.
const DepositPercent = 30

// FreeCancellationDays before arrival a cancellation refunds the whole
// deposit; later than that the first night is kept.
const FreeCancellationDays = 7

// Service is the guest-berth surface.
type Service interface {
	Book(ctx context.Context, in BookingInput) (*BookingView, error)
	CreateDeposit(ctx context.Context, bookingID, email string) (*DepositView, error)
	Cancel(ctx context.Context, bookingID, email string) (*CancelView, error)
	SendConfirmation(ctx context.Context, bookingID string) error
}

type BookingInput struct {
	IdempotencyKey string
	GuestName      string
	Email          string
	Phone          string
	BoatName       string
	BoatLOAFt      int
	ArriveOn       time.Time
	DepartOn       time.Time
}

type BookingView struct {
	Booking *domain.GuestBooking `json:"booking"`
}

type DepositView struct {
	BookingID    string `json:"booking_id"`
	ClientSecret string `json:"client_secret"`
	AmountCents  int64  `json:"amount_cents"`
}

type CancelView struct {
	BookingID         string `json:"booking_id"`
	Status            string `json:"status"`
	RefundAmountCents int64  `json:"refund_amount_cents"`
	RefundStatus      string `json:"refund_status,omitempty"`
}

type service struct {
	db      bun.IDB
	uow     uow.UnitOfWork
	repos   *store.Repos
	keys    *idem.Keys
	gateway payments.Gateway
	mailer  notify.Mailer
	newID   ids.Generator
	now     func() time.Time
	log     *slog.Logger
}

// New builds the guest booking service.
func New(db *bun.DB, u uow.UnitOfWork, repos *store.Repos, keys *idem.Keys, gw payments.Gateway, mailer notify.Mailer, log *slog.Logger) Service {
	return &service{db: db, uow: u, repos: repos, keys: keys, gateway: gw, mailer: mailer,
		newID: ids.ULIDs, now: time.Now, log: log}
}

// ClassFor maps a boat's length overall to the guest berth class.
func ClassFor(loaFt int) (string, error) {
	switch {
	case loaFt <= 0:
		return "", httpx.Invalid("boat length is required")
	case loaFt < 30:
		return "under_30", nil
	case loaFt < 40:
		return "30_to_40", nil
	case loaFt < 55:
		return "40_to_55", nil
	case loaFt <= 80:
		return "over_55", nil
	default:
		return "", httpx.Invalid("boats over 80ft must call the dockmaster")
	}
}

// Book reserves guest berth nights and creates a booking awaiting deposit.
func (s *service) Book(ctx context.Context, in BookingInput) (*BookingView, error) {
	class, err := ClassFor(in.BoatLOAFt)
	if err != nil {
		return nil, err
	}
	arrive, depart := dateOnly(in.ArriveOn), dateOnly(in.DepartOn)
	nights := int(depart.Sub(arrive).Hours() / 24)
	if nights < 1 || nights > 14 {
		return nil, httpx.Invalid("stays are 1 to 14 nights")
	}
	if arrive.Before(dateOnly(s.now())) {
		return nil, httpx.Invalid("arrival is in the past")
	}

	view, _, err := idem.Once(ctx, s.keys, "guest-booking", in.IdempotencyKey, func(ctx context.Context) (BookingView, error) {
		var b *domain.GuestBooking
		err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
			rows, err := s.repos.Guests.Nights(ctx, tx, class, arrive, depart)
			if err != nil {
				return err
			}
			if len(rows) != nights {
				return httpx.Conflict("guest berths are not offered for all of those nights")
			}
			var total int64
			for _, r := range rows {
				total += r.RateCents
			}
			if err := s.repos.Guests.Reserve(ctx, tx, class, arrive, depart); err != nil {
				if errors.Is(err, store.ErrSoldOut) {
					return httpx.Conflict("%v", err)
				}
				return err
			}
			b = &domain.GuestBooking{
				ID:           s.newID(),
				Reference:    newReference(),
				BerthClass:   class,
				GuestName:    strings.TrimSpace(in.GuestName),
				Email:        strings.ToLower(strings.TrimSpace(in.Email)),
				Phone:        in.Phone,
				BoatName:     in.BoatName,
				BoatLOAFt:    in.BoatLOAFt,
				ArriveOn:     arrive,
				DepartOn:     depart,
				Nights:       nights,
				AmountCents:  total,
				DepositCents: total * DepositPercent / 100,
				Status:       domain.GuestPending,
				CreatedAt:    s.now(),
			}
			return s.repos.Guests.Insert(ctx, tx, b)
		})
		if err != nil {
			return BookingView{}, err
		}
		return BookingView{Booking: b}, nil
	})
	if err != nil {
		return nil, err
	}
	return &view, nil
}

// CreateDeposit returns a PaymentIntent client secret for the booking's
// deposit, creating the intent on first use.
func (s *service) CreateDeposit(ctx context.Context, bookingID, email string) (*DepositView, error) {
	b, err := s.repos.Guests.Get(ctx, s.db, bookingID)
	if err != nil {
		return nil, notFound(err)
	}
	if !strings.EqualFold(b.Email, email) {
		return nil, httpx.ErrNotFound
	}
	if b.Status != domain.GuestPending {
		return nil, httpx.Conflict("booking is %s", b.Status)
	}
	if b.PaymentIntentID != "" {
		pi, err := s.gateway.GetIntent(ctx, b.PaymentIntentID)
		if err != nil {
			return nil, err
		}
		return &DepositView{BookingID: b.ID, ClientSecret: pi.ClientSecret, AmountCents: pi.AmountCents}, nil
	}
	pi, err := s.gateway.CreateDepositIntent(ctx, payments.DepositRequest{
		BookingID:      b.ID,
		Email:          b.Email,
		AmountCents:    b.DepositCents,
		Description:    fmt.Sprintf("Guest berth deposit %s (%d nights from %s)", b.Reference, b.Nights, b.ArriveOn.Format(time.DateOnly)),
		IdempotencyKey: "guest-deposit-" + b.ID,
	})
	if err != nil {
		return nil, err
	}
	if err := s.repos.Guests.AttachPaymentIntent(ctx, s.db, b.ID, pi.ID); err != nil {
		return nil, err
	}
	return &DepositView{BookingID: b.ID, ClientSecret: pi.ClientSecret, AmountCents: pi.AmountCents}, nil
}

// Cancel cancels a booking, gives the nights back and refunds the deposit
// according to the cancellation policy.
func (s *service) Cancel(ctx context.Context, bookingID, email string) (*CancelView, error) {
	now := s.now()
	var booking *domain.GuestBooking
	err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.repos.Guests.GetForUpdate(ctx, tx, bookingID)
		if err != nil {
			return notFound(err)
		}
		if !strings.EqualFold(b.Email, email) {
			return httpx.ErrNotFound
		}
		booking = b
		if b.Status == domain.GuestCancelled {
			return nil
		}
		wasConfirmed := b.Status == domain.GuestConfirmed
		if _, err := s.repos.Guests.Transition(ctx, tx, b.ID, domain.GuestCancelled, domain.GuestPending, domain.GuestConfirmed); err != nil {
			return err
		}
		if err := s.repos.Guests.Release(ctx, tx, b.BerthClass, b.ArriveOn, b.DepartOn); err != nil {
			return err
		}
		if wasConfirmed && b.PaymentIntentID != "" {
			refund := b.DepositCents
			if b.ArriveOn.Sub(dateOnly(now)) < FreeCancellationDays*24*time.Hour {
				refund -= b.AmountCents / int64(b.Nights)
			}
			if refund > 0 {
				if err := s.repos.Guests.InsertRefundIfAbsent(ctx, tx, &domain.GuestBookingRefund{
					BookingID: b.ID, AmountCents: refund, Status: "requested", RequestedAt: now,
				}); err != nil {
					return err
				}
			}
		}
		b.Status = domain.GuestCancelled
		return nil
	})
	if err != nil {
		return nil, err
	}

	view := &CancelView{BookingID: booking.ID, Status: domain.GuestCancelled}
	refund, err := s.repos.Guests.GetRefund(ctx, s.db, booking.ID)
	if errors.Is(err, store.ErrNotFound) {
		return view, nil
	}
	if err != nil {
		return nil, err
	}
	view.RefundAmountCents, view.RefundStatus = refund.AmountCents, refund.Status
	if refund.Status == "refunded" {
		return view, nil
	}
	refundID, err := s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: booking.PaymentIntentID,
		AmountCents:     refund.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"guest_booking_id": booking.ID},
		IdempotencyKey:  "guest-refund-" + booking.ID,
	})
	if err != nil {
		return nil, err
	}
	if err := s.repos.Guests.CompleteRefund(ctx, s.db, booking.ID, refundID, s.now()); err != nil {
		return nil, err
	}
	view.RefundStatus = "refunded"
	return view, nil
}

// SendConfirmation emails the booking confirmation once the deposit is paid.
func (s *service) SendConfirmation(ctx context.Context, bookingID string) error {
	b, err := s.repos.Guests.Get(ctx, s.db, bookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.GuestConfirmed {
		return nil
	}
	sent, err := s.repos.Notifications.Delivered(ctx, s.db, "guest_booking", b.ID, "guest_confirmation")
	if err != nil {
		return err
	}
	if sent {
		return nil
	}
	html, err := notify.Render("guest_confirmation", b)
	if err != nil {
		return err
	}
	msgID, sendErr := s.mailer.Send(ctx, notify.Email{
		To:      b.Email,
		Subject: "Your guest berth at Tidewater YC — " + b.Reference,
		HTML:    html,
		Tags:    map[string]string{"kind": "guest_confirmation"},
	}, notify.WithIdempotencyKey("guest-confirmation-"+b.ID))

	attempt := &domain.NotificationAttempt{
		ID:          s.newID(),
		SubjectType: "guest_booking",
		SubjectID:   b.ID,
		Channel:     "email",
		Template:    "guest_confirmation",
		ProviderRef: msgID,
		Outcome:     "sent",
		AttemptedAt: s.now(),
	}
	if sendErr != nil {
		attempt.Outcome, attempt.Error = "failed", sendErr.Error()
	}
	if err := s.repos.Notifications.LogAttempt(ctx, s.db, attempt); err != nil {
		s.log.WarnContext(ctx, "could not log notification attempt", "booking", b.ID, "err", err)
	}
	return sendErr
}

const refAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func newReference() string {
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	for i := range buf {
		buf[i] = refAlphabet[int(buf[i])%len(refAlphabet)]
	}
	return "G-" + string(buf)
}

func dateOnly(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return httpx.Wrap(httpx.ErrNotFound, err)
	}
	return err
}
