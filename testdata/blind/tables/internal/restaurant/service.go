// Package restaurant implements restaurant-facing operations: confirming and
// cancelling bookings, publishing inventory and payout onboarding.
package restaurant

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/tablewise/reservations/internal/audit"
	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/deposit"
	"github.com/tablewise/reservations/internal/events"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/payments"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/pos"
	"github.com/tablewise/reservations/internal/schedule"
	"github.com/tablewise/reservations/internal/store"
)

var (
	ErrNotFound     = errors.New("restaurant: not found")
	ErrInvalidState = errors.New("restaurant: booking is not in a state that allows this")
)

// SlotSpec describes one bookable table time.
type SlotSpec struct {
	TableID         string
	StartsAt        time.Time
	DurationMinutes int32
	PartyMax        int32
}

// Service is the restaurant-facing API.
type Service interface {
	Confirm(ctx context.Context, restaurantID, bookingID string) (db.Booking, error)
	CancelBooking(ctx context.Context, restaurantID, bookingID, reason string) (db.Booking, error)
	CreatePayoutAccount(ctx context.Context, restaurantID string) (string, error)
	PublishSlots(ctx context.Context, restaurantID string, specs []SlotSpec) (int, error)
}

type Deps struct {
	Store     *store.Store
	POS       pos.Client
	Deposits  deposit.Service
	Publisher events.Publisher
	NoShow    schedule.NoShowScheduler
	Gateway   payments.Gateway
	Log       *slog.Logger
}

type service struct {
	Deps
	now func() time.Time
}

func New(d Deps) Service {
	d.Log = d.Log.With("component", "restaurant")
	return &service{Deps: d, now: time.Now}
}

func (s *service) loadOwned(ctx context.Context, restaurantID, bookingID string) (db.Booking, error) {
	b, err := s.Store.GetBooking(ctx, bookingID)
	if store.IsNotFound(err) {
		return db.Booking{}, ErrNotFound
	}
	if err != nil {
		return db.Booking{}, err
	}
	if b.RestaurantID != restaurantID {
		return db.Booking{}, ErrNotFound
	}
	return b, nil
}

// Confirm accepts a pending booking, blocks the table in the POS floor plan
// and schedules the post-slot no-show check.
func (s *service) Confirm(ctx context.Context, restaurantID, bookingID string) (db.Booking, error) {
	b, err := s.loadOwned(ctx, restaurantID, bookingID)
	if err != nil {
		return db.Booking{}, err
	}
	r, err := s.Store.GetRestaurant(ctx, restaurantID)
	if err != nil {
		return db.Booking{}, err
	}
	switch b.Status {
	case "confirmed":
		// A repeated confirm re-runs the follow-ups; both are deduplicated
		// downstream (stream message ID, workflow ID).
		return b, s.afterConfirm(ctx, r, b)
	case "pending":
	default:
		return db.Booking{}, ErrInvalidState
	}
	slot, err := s.Store.GetSlot(ctx, b.SlotID.String)
	if err != nil {
		return db.Booking{}, err
	}

	var holdRef string
	if r.PosLocationID.Valid {
		hold, err := s.POS.HoldTable(ctx, pos.HoldRequest{
			LocationID: r.PosLocationID.String,
			TableID:    slot.TableID,
			StartsAt:   b.StartsAt.Time,
			Minutes:    int(slot.DurationMinutes),
			Covers:     int(b.PartySize),
			Note:       "Tablewise " + b.GuestName,
		})
		if err != nil {
			return db.Booking{}, err
		}
		holdRef = hold.HoldID
	}

	confirmed, err := store.InTx(ctx, s.Store, func(q *db.Queries) (db.Booking, error) {
		cb, err := q.ConfirmBooking(ctx, db.ConfirmBookingParams{ID: b.ID, PosHoldRef: pgconv.Text(holdRef)})
		if store.IsNotFound(err) {
			return db.Booking{}, ErrInvalidState
		}
		if err != nil {
			return db.Booking{}, err
		}
		return cb, audit.Record(ctx, q, cb.ID, "confirmed", audit.ActorRestaurant, map[string]any{"pos_hold": holdRef})
	})
	if err != nil {
		return db.Booking{}, err
	}

	return confirmed, s.afterConfirm(ctx, r, confirmed)
}

// afterConfirm announces the confirmation to the POS relay and schedules the
// no-show check.
func (s *service) afterConfirm(ctx context.Context, r db.Restaurant, b db.Booking) error {
	if r.PosLocationID.Valid {
		if err := s.Publisher.BookingConfirmed(ctx, events.BookingConfirmed{
			BookingID:    b.ID,
			RestaurantID: r.ID,
			LocationID:   r.PosLocationID.String,
			ConfirmedAt:  b.ConfirmedAt.Time,
		}); err != nil {
			return err
		}
	}
	return s.NoShow.ScheduleNoShowCheck(ctx, b.ID, b.EndsAt.Time)
}

// CancelBooking cancels on the restaurant's side. The whole deposit is
// refunded regardless of the diner window.
func (s *service) CancelBooking(ctx context.Context, restaurantID, bookingID, reason string) (db.Booking, error) {
	type result struct {
		booking db.Booking
		refund  *db.Refund
	}
	res, err := store.InTx(ctx, s.Store, func(q *db.Queries) (result, error) {
		b, err := q.GetBookingForUpdate(ctx, bookingID)
		if store.IsNotFound(err) || (err == nil && b.RestaurantID != restaurantID) {
			return result{}, ErrNotFound
		}
		if err != nil {
			return result{}, err
		}
		if b.Status == "cancelled" {
			rf, err := q.GetRefundByBooking(ctx, b.ID)
			if store.IsNotFound(err) {
				return result{booking: b}, nil
			}
			return result{booking: b, refund: &rf}, err
		}
		b, err = q.CancelBooking(ctx, db.CancelBookingParams{ID: b.ID, CancelReason: pgconv.Text("restaurant: " + reason)})
		if store.IsNotFound(err) {
			return result{}, ErrInvalidState
		}
		if err != nil {
			return result{}, err
		}
		if err := audit.Record(ctx, q, b.ID, "cancelled", audit.ActorRestaurant, map[string]any{"reason": reason}); err != nil {
			return result{}, err
		}
		dep, err := q.GetDepositByBooking(ctx, b.ID)
		if store.IsNotFound(err) || (err == nil && dep.Status != deposit.StatusSucceeded) {
			return result{booking: b}, nil
		}
		if err != nil {
			return result{}, err
		}
		rf, err := q.CreateRefundIntent(ctx, db.CreateRefundIntentParams{
			ID:          ids.New(ids.PrefixRefund),
			BookingID:   b.ID,
			DepositID:   dep.ID,
			AmountCents: dep.AmountCents,
			Reason:      "restaurant_cancelled",
		})
		if err != nil {
			return result{}, err
		}
		return result{booking: b, refund: &rf}, nil
	})
	if err != nil {
		return db.Booking{}, err
	}

	if res.refund != nil {
		if _, err := s.Deposits.SubmitRefund(ctx, *res.refund); err != nil {
			return res.booking, fmt.Errorf("restaurant: refund deposit: %w", err)
		}
	}
	s.releasePOS(ctx, res.booking)
	return res.booking, nil
}

func (s *service) releasePOS(ctx context.Context, b db.Booking) {
	r, err := s.Store.GetRestaurant(ctx, b.RestaurantID)
	if err != nil || !r.PosLocationID.Valid {
		return
	}
	loc := r.PosLocationID.String
	if b.PosHoldRef.Valid {
		if err := s.POS.ReleaseHold(ctx, loc, b.PosHoldRef.String); err != nil {
			s.Log.WarnContext(ctx, "release hold", "booking_id", b.ID, "err", err)
		}
	}
	if b.PosReservationID.Valid {
		if err := s.POS.CancelReservation(ctx, loc, b.PosReservationID.String); err != nil {
			s.Log.WarnContext(ctx, "cancel pos reservation", "booking_id", b.ID, "err", err)
		}
	}
}

// CreatePayoutAccount onboards the restaurant onto Stripe Connect.
func (s *service) CreatePayoutAccount(ctx context.Context, restaurantID string) (string, error) {
	r, err := s.Store.GetRestaurant(ctx, restaurantID)
	if store.IsNotFound(err) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", err
	}
	if r.StripeAccountID.Valid {
		return r.StripeAccountID.String, nil
	}
	acct, err := s.Gateway.CreateConnectedAccount(ctx, payments.AccountRequest{
		Country:      r.Country,
		Email:        r.ContactEmail,
		BusinessName: r.Name,
	}, payments.WithMetadata("restaurant_id", r.ID))
	if err != nil {
		return "", err
	}
	if err := s.Store.SetRestaurantStripeAccount(ctx, db.SetRestaurantStripeAccountParams{
		ID:              r.ID,
		StripeAccountID: pgconv.Text(acct.ID),
	}); err != nil {
		return "", fmt.Errorf("restaurant: save stripe account: %w", err)
	}
	return acct.ID, nil
}

// PublishSlots adds bookable inventory. Slots are unique per table and start
// time, so re-publishing an overlapping batch only adds the new ones.
func (s *service) PublishSlots(ctx context.Context, restaurantID string, specs []SlotSpec) (int, error) {
	return store.InTx(ctx, s.Store, func(q *db.Queries) (int, error) {
		if _, err := q.GetRestaurant(ctx, restaurantID); err != nil {
			if store.IsNotFound(err) {
				return 0, ErrNotFound
			}
			return 0, err
		}
		added := 0
		for _, sp := range specs {
			n, err := q.InsertSlot(ctx, db.InsertSlotParams{
				ID:              ids.New(ids.PrefixSlot),
				RestaurantID:    restaurantID,
				TableID:         sp.TableID,
				StartsAt:        pgconv.Time(sp.StartsAt.UTC()),
				DurationMinutes: sp.DurationMinutes,
				PartyMax:        sp.PartyMax,
			})
			if err != nil {
				return 0, err
			}
			added += int(n)
		}
		return added, nil
	})
}
