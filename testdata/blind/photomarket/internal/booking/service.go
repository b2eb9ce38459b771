// Package booking implements the booking lifecycle: requests, messages
// between client and photographer, cancellation and completion.
package booking

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/idem"
	"github.com/lenslane/photomarket/internal/ids"
	"github.com/lenslane/photomarket/internal/ledger"
	"github.com/lenslane/photomarket/internal/store"
	"github.com/lenslane/photomarket/internal/stripepay"
)

// Errors returned to handlers.
var (
	ErrNotFound         = errors.New("booking not found")
	ErrForbidden        = errors.New("not a participant of this booking")
	ErrUnavailable      = errors.New("photographer is not available on that date")
	ErrInvalid          = errors.New("invalid booking request")
	ErrWrongState       = errors.New("booking is not in a state that allows this")
	ErrIdempotencyReuse = idem.ErrMismatch
)

type txRunner interface {
	WithTx(ctx context.Context, fn func(tx store.Tx) error) error
}

type refunder interface {
	Refund(ctx context.Context, in stripepay.RefundInput, opts ...stripepay.CallOption) (*stripepay.RefundResult, error)
	CancelPaymentIntent(ctx context.Context, id, reason string, opts ...stripepay.CallOption) error
}

type poster interface {
	Post(ctx context.Context, entries ...ledger.Entry) error
}

type messageStore interface {
	Insert(ctx context.Context, m *Message) error
}

// Service is the booking service.
type Service struct {
	store    txRunner
	q        db.Querier
	payments refunder
	ledger   poster
	messages messageStore
	now      func() time.Time
}

// Deps groups the Service dependencies.
type Deps struct {
	Store    txRunner
	Queries  db.Querier
	Payments refunder
	Ledger   poster
	Messages messageStore
}

// NewService builds a Service.
func NewService(d Deps) *Service {
	return &Service{
		store:    d.Store,
		q:        d.Queries,
		payments: d.Payments,
		ledger:   d.Ledger,
		messages: d.Messages,
		now:      time.Now,
	}
}

// CreateInput is a client's booking request.
type CreateInput struct {
	PhotographerID string `json:"photographer_id"`
	EventDate      string `json:"event_date"`
	EventType      string `json:"event_type"`
	Venue          string `json:"venue"`
	PackageCode    string `json:"package_code"`
}

const scopeCreateBooking = "bookings.create"

// Create places a hold on the photographer's date and opens the booking's
// gallery. The second return value reports whether the booking was created
// by an earlier request with the same key.
func (s *Service) Create(ctx context.Context, clientID, idemKey string, in CreateInput) (db.Booking, bool, error) {
	pkg, ok := LookupPackage(in.PackageCode)
	if !ok || in.PhotographerID == "" || in.Venue == "" {
		return db.Booking{}, false, ErrInvalid
	}
	day, err := time.Parse(time.DateOnly, in.EventDate)
	if err != nil || !day.After(s.now()) {
		return db.Booking{}, false, ErrInvalid
	}

	var (
		out      db.Booking
		replayed bool
	)
	err = s.store.WithTx(ctx, func(tx store.Tx) error {
		prev, err := idem.Claim(ctx, tx.Q, scopeCreateBooking+":"+clientID, idemKey, idem.Hash(in))
		if err != nil {
			return err
		}
		if prev != nil {
			replayed = true
			if !prev.ResourceID.Valid {
				return fmt.Errorf("booking for key %q is still being created", idemKey)
			}
			out, err = tx.Q.GetBooking(ctx, prev.ResourceID.String)
			return err
		}

		n, err := tx.Q.CountPhotographerBookingsOnDate(ctx, db.CountPhotographerBookingsOnDateParams{
			PhotographerID: in.PhotographerID,
			EventDate:      day,
		})
		if err != nil {
			return err
		}
		if n > 0 {
			return ErrUnavailable
		}

		out, err = tx.Q.CreateBooking(ctx, db.CreateBookingParams{
			ID:             uuid.NewString(),
			ClientID:       clientID,
			PhotographerID: in.PhotographerID,
			EventDate:      day,
			EventType:      in.EventType,
			Venue:          in.Venue,
			PackageCode:    pkg.Code,
			TotalCents:     pkg.TotalCents,
			DepositCents:   pkg.Deposit(),
			Currency:       "usd",
			HoldExpiresAt:  s.now().Add(holdDuration),
		})
		if err != nil {
			return err
		}
		if err := tx.Q.CreateGallery(ctx, db.CreateGalleryParams{
			ID:             ids.New("gal"),
			BookingID:      out.ID,
			PhotographerID: out.PhotographerID,
			Title:          fmt.Sprintf("%s — %s", in.EventType, day.Format("Jan 2, 2006")),
		}); err != nil {
			return err
		}
		return idem.Complete(ctx, tx.Q, scopeCreateBooking+":"+clientID, idemKey, out.ID)
	})
	return out, replayed, err
}

// Get returns a booking visible to the caller.
func (s *Service) Get(ctx context.Context, id, accountID string) (db.Booking, error) {
	b, err := s.q.GetBooking(ctx, id)
	if errors.Is(err, sql.ErrNoRows) {
		return b, ErrNotFound
	}
	if err != nil {
		return b, err
	}
	if b.ClientID != accountID && b.PhotographerID != accountID {
		return b, ErrForbidden
	}
	return b, nil
}

// Cancel cancels a booking at the client's request and refunds the deposit
// when the event is far enough away.
func (s *Service) Cancel(ctx context.Context, bookingID, clientID, reason string) (db.Booking, error) {
	b, err := s.Get(ctx, bookingID, clientID)
	if err != nil {
		return b, err
	}
	if b.ClientID != clientID {
		return b, ErrForbidden
	}
	if b.Status == "cancelled" {
		return b, nil
	}
	if b.Status != "pending" && b.Status != "confirmed" {
		return b, ErrWrongState
	}

	deposit, err := s.q.GetBookingPayment(ctx, db.GetBookingPaymentParams{
		BookingID: sql.NullString{String: b.ID, Valid: true},
		Kind:      "deposit",
	})
	hasDeposit := err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return b, err
	}

	var refund *stripepay.RefundResult
	refundable := b.EventDate.Sub(s.now()) >= freeCancellationWindow
	switch {
	case hasDeposit && deposit.Status == "succeeded" && refundable:
		refund, err = s.payments.Refund(ctx, stripepay.RefundInput{
			PaymentIntentID: deposit.ProviderIntentID.String,
			Reason:          "requested_by_customer",
			Metadata:        map[string]string{"booking_id": b.ID, "payment_id": deposit.ID},
		}, stripepay.WithIdempotencyKey("refund-"+deposit.ID))
		if err != nil {
			return b, err
		}
	case hasDeposit && deposit.Status != "succeeded" && deposit.ProviderIntentID.Valid:
		if err := s.payments.CancelPaymentIntent(ctx, deposit.ProviderIntentID.String, "requested_by_customer",
			stripepay.WithIdempotencyKey("cancel-"+deposit.ID)); err != nil {
			return b, err
		}
	}

	err = s.store.WithTx(ctx, func(tx store.Tx) error {
		if _, err := tx.Q.CancelBooking(ctx, b.ID); err != nil {
			return err
		}
		if refund == nil {
			return nil
		}
		_, err := tx.Q.InsertRefund(ctx, db.InsertRefundParams{
			ID:               ids.New("rf"),
			PaymentID:        deposit.ID,
			AmountCents:      deposit.AmountCents,
			ProviderRefundID: sql.NullString{String: refund.ID, Valid: true},
			Status:           refund.Status,
			Reason:           reason,
		})
		return err
	})
	if err != nil {
		return b, err
	}
	return s.q.GetBooking(ctx, b.ID)
}

// MarkShot records that the photographer has shot the event. The
// photographer's earnings become owed to them at this point; the payout
// itself is released when the gallery is delivered.
func (s *Service) MarkShot(ctx context.Context, bookingID, photographerID string) error {
	b, err := s.Get(ctx, bookingID, photographerID)
	if err != nil {
		return err
	}
	if b.PhotographerID != photographerID {
		return ErrForbidden
	}
	if b.Status == "shot" {
		return nil
	}
	if b.Status != "confirmed" && b.Status != "paid" {
		return ErrWrongState
	}
	p, err := s.q.GetPhotographer(ctx, photographerID)
	if err != nil {
		return err
	}

	share, _ := ledger.Earnings(b.TotalCents, p.CommissionBps)
	if err := s.ledger.Post(ctx,
		ledger.Entry{BookingID: b.ID, Account: ledger.AccountPlatformRevenue, AmountCents: -share,
			Currency: b.Currency, Memo: "photographer earnings"},
		ledger.Entry{BookingID: b.ID, PhotographerID: p.ID, Account: ledger.AccountPhotographerOwed,
			AmountCents: share, Currency: b.Currency, Memo: "photographer earnings"},
	); err != nil {
		return fmt.Errorf("post earnings: %w", err)
	}

	return s.store.WithTx(ctx, func(tx store.Tx) error {
		n, err := tx.Q.MarkBookingShot(ctx, b.ID)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrWrongState
		}
		return tx.Events.Publish(ctx, events.TopicBookingShot, events.BookingShot{
			BookingID:      b.ID,
			PhotographerID: p.ID,
		})
	})
}

// AvailabilityInput sets a photographer's status for one day.
type AvailabilityInput struct {
	Status string `json:"status"`
	Note   string `json:"note,omitempty"`
}

// SetAvailability marks a day as available, blocked or tentative.
func (s *Service) SetAvailability(ctx context.Context, photographerID, day string, in AvailabilityInput) (db.Availability, error) {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return db.Availability{}, ErrInvalid
	}
	switch in.Status {
	case "available", "blocked", "tentative":
	default:
		return db.Availability{}, ErrInvalid
	}
	return s.q.UpsertAvailability(ctx, db.UpsertAvailabilityParams{
		PhotographerID: photographerID,
		Day:            d,
		Status:         in.Status,
		Note:           sql.NullString{String: in.Note, Valid: in.Note != ""},
	})
}

// ExpireHolds releases bookings whose deposit was not paid in time. It
// cancels any open deposit intent first so the client cannot pay for an
// expired hold.
func (s *Service) ExpireHolds(ctx context.Context, now time.Time) (int, error) {
	held, err := s.q.ListExpiredHolds(ctx, db.ListExpiredHoldsParams{HoldExpiresAt: now, Limit: 500})
	if err != nil {
		return 0, err
	}
	expired := 0
	for _, b := range held {
		dep, err := s.q.GetBookingPayment(ctx, db.GetBookingPaymentParams{
			BookingID: sql.NullString{String: b.ID, Valid: true},
			Kind:      "deposit",
		})
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return expired, err
		}
		if err == nil && dep.ProviderIntentID.Valid && dep.Status != "succeeded" {
			if err := s.payments.CancelPaymentIntent(ctx, dep.ProviderIntentID.String, "abandoned",
				stripepay.WithIdempotencyKey("cancel-"+dep.ID)); err != nil {
				return expired, err
			}
		}
		n, err := s.q.ExpireBooking(ctx, b.ID)
		if err != nil {
			return expired, err
		}
		expired += int(n)
	}
	return expired, nil
}
