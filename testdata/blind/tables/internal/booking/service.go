// Package booking implements diner-facing booking operations.
package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/tablewise/reservations/internal/audit"
	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/deposit"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/store"
)

const scopeCreate = "booking.create"

var (
	ErrNotFound        = errors.New("booking: not found")
	ErrSlotTaken       = errors.New("booking: slot already booked")
	ErrSlotMismatch    = errors.New("booking: slot does not belong to restaurant")
	ErrPartyTooLarge   = errors.New("booking: party too large for table")
	ErrSlotInPast      = errors.New("booking: slot has started")
	ErrDinerBlocked    = errors.New("booking: diner is blocked")
	ErrKeyReused       = errors.New("booking: idempotency key reused with a different request")
	ErrRequestInFlight = errors.New("booking: request with this key is still in progress")
	ErrNotCancellable  = errors.New("booking: booking cannot be cancelled")
)

type CreateInput struct {
	IdempotencyKey string
	RequestHash    string
	DinerID        string
	RestaurantID   string
	SlotID         string
	PartySize      int32
}

type Created struct {
	Booking  db.Booking
	Replayed bool
}

type Cancelled struct {
	Booking db.Booking
	Refund  *db.Refund
}

// Service is the diner-facing booking API.
type Service interface {
	Create(ctx context.Context, in CreateInput) (Created, error)
	Get(ctx context.Context, bookingID string) (db.Booking, error)
	CancelByDiner(ctx context.Context, dinerID, bookingID string) (Cancelled, error)
}

// HoldReleaser frees a POS table hold.
type HoldReleaser interface {
	ReleaseHold(ctx context.Context, locationID, holdID string) error
}

type service struct {
	st       *store.Store
	deposits deposit.Service
	holds    HoldReleaser
	now      func() time.Time
	log      *slog.Logger
}

func New(st *store.Store, deposits deposit.Service, holds HoldReleaser, log *slog.Logger) Service {
	return &service{st: st, deposits: deposits, holds: holds, now: time.Now, log: log.With("component", "booking")}
}

// Create books a slot. The Idempotency-Key is claimed in the same transaction
// as the booking insert, so a retried request either replays the stored
// booking or, if the first attempt rolled back, performs the insert afresh.
func (s *service) Create(ctx context.Context, in CreateInput) (Created, error) {
	return store.InTx(ctx, s.st, func(q *db.Queries) (Created, error) {
		_, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
			Scope:       scopeCreate,
			Key:         in.IdempotencyKey,
			RequestHash: in.RequestHash,
		})
		if store.IsNotFound(err) {
			return s.replay(ctx, q, in)
		}
		if err != nil {
			return Created{}, fmt.Errorf("booking: claim key: %w", err)
		}

		slot, err := q.GetSlotForUpdate(ctx, in.SlotID)
		if store.IsNotFound(err) {
			return Created{}, ErrNotFound
		}
		if err != nil {
			return Created{}, err
		}
		if slot.RestaurantID != in.RestaurantID {
			return Created{}, ErrSlotMismatch
		}
		if in.PartySize > slot.PartyMax {
			return Created{}, ErrPartyTooLarge
		}
		if !slot.StartsAt.Time.After(s.now()) {
			return Created{}, ErrSlotInPast
		}
		diner, err := q.GetDiner(ctx, in.DinerID)
		if err != nil {
			return Created{}, err
		}
		if diner.BlockedAt.Valid {
			return Created{}, ErrDinerBlocked
		}
		r, err := q.GetRestaurant(ctx, in.RestaurantID)
		if err != nil {
			return Created{}, err
		}

		b, err := q.InsertBooking(ctx, db.InsertBookingParams{
			ID:           ids.Booking(),
			RestaurantID: r.ID,
			DinerID:      pgconv.Text(diner.ID),
			SlotID:       pgconv.Text(slot.ID),
			PartySize:    in.PartySize,
			Status:       "pending",
			Source:       "app",
			GuestName:    diner.FullName,
			DepositCents: r.DepositCents,
			StartsAt:     slot.StartsAt,
			EndsAt:       pgconv.Time(bookingEnd(slot.StartsAt.Time, slot.DurationMinutes)),
		})
		if store.IsUniqueViolation(err) {
			return Created{}, ErrSlotTaken
		}
		if err != nil {
			return Created{}, err
		}
		if err := audit.Record(ctx, q, b.ID, "created", audit.ActorDiner, map[string]any{
			"party_size": b.PartySize,
			"slot_id":    slot.ID,
		}); err != nil {
			return Created{}, err
		}
		if err := q.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
			Scope:      scopeCreate,
			Key:        in.IdempotencyKey,
			ResourceID: pgconv.Text(b.ID),
		}); err != nil {
			return Created{}, err
		}
		return Created{Booking: b}, nil
	})
}

func (s *service) replay(ctx context.Context, q *db.Queries, in CreateInput) (Created, error) {
	k, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scopeCreate, Key: in.IdempotencyKey})
	if err != nil {
		return Created{}, err
	}
	if k.RequestHash != in.RequestHash {
		return Created{}, ErrKeyReused
	}
	if !k.ResourceID.Valid {
		return Created{}, ErrRequestInFlight
	}
	b, err := q.GetBooking(ctx, k.ResourceID.String)
	if err != nil {
		return Created{}, err
	}
	return Created{Booking: b, Replayed: true}, nil
}

func (s *service) Get(ctx context.Context, bookingID string) (db.Booking, error) {
	b, err := s.st.GetBooking(ctx, bookingID)
	if store.IsNotFound(err) {
		return db.Booking{}, ErrNotFound
	}
	return b, err
}

// CancelByDiner cancels the diner's booking. A refund row is written in the
// cancelling transaction when the deposit is refundable under policy; the
// provider call happens after commit, keyed by that row.
func (s *service) CancelByDiner(ctx context.Context, dinerID, bookingID string) (Cancelled, error) {
	var locationID string
	out, err := store.InTx(ctx, s.st, func(q *db.Queries) (Cancelled, error) {
		b, err := q.GetBookingForUpdate(ctx, bookingID)
		if store.IsNotFound(err) {
			return Cancelled{}, ErrNotFound
		}
		if err != nil {
			return Cancelled{}, err
		}
		if b.DinerID.String != dinerID {
			return Cancelled{}, ErrNotFound
		}
		r, err := q.GetRestaurant(ctx, b.RestaurantID)
		if err != nil {
			return Cancelled{}, err
		}
		locationID = pgconv.StringOr(r.PosLocationID, "")
		if b.Status == "cancelled" {
			return existingCancellation(ctx, q, b)
		}

		b, err = q.CancelBooking(ctx, db.CancelBookingParams{ID: b.ID, CancelReason: pgconv.Text("diner_cancelled")})
		if store.IsNotFound(err) {
			return Cancelled{}, ErrNotCancellable
		}
		if err != nil {
			return Cancelled{}, err
		}
		if err := audit.Record(ctx, q, b.ID, "cancelled", audit.ActorDiner, nil); err != nil {
			return Cancelled{}, err
		}
		out := Cancelled{Booking: b}
		if !RefundEligible(b.StartsAt.Time, s.now(), r.CancelWindowMinutes) {
			return out, nil
		}
		dep, err := q.GetDepositByBooking(ctx, b.ID)
		if store.IsNotFound(err) {
			return out, nil
		}
		if err != nil {
			return Cancelled{}, err
		}
		if dep.Status != deposit.StatusSucceeded {
			return out, nil
		}
		rf, err := q.CreateRefundIntent(ctx, db.CreateRefundIntentParams{
			ID:          ids.New(ids.PrefixRefund),
			BookingID:   b.ID,
			DepositID:   dep.ID,
			AmountCents: dep.AmountCents,
			Reason:      "diner_cancelled_in_window",
		})
		if err != nil {
			return Cancelled{}, err
		}
		out.Refund = &rf
		return out, nil
	})
	if err != nil {
		return Cancelled{}, err
	}

	if out.Refund != nil {
		rf, err := s.deposits.SubmitRefund(ctx, *out.Refund)
		if err != nil {
			return out, fmt.Errorf("booking: submit refund: %w", err)
		}
		out.Refund = &rf
	}
	if out.Booking.PosHoldRef.Valid && locationID != "" {
		if err := s.holds.ReleaseHold(ctx, locationID, out.Booking.PosHoldRef.String); err != nil {
			s.log.WarnContext(ctx, "release pos hold", "booking_id", out.Booking.ID, "err", err)
		}
	}
	return out, nil
}

func existingCancellation(ctx context.Context, q *db.Queries, b db.Booking) (Cancelled, error) {
	rf, err := q.GetRefundByBooking(ctx, b.ID)
	if store.IsNotFound(err) {
		return Cancelled{Booking: b}, nil
	}
	if err != nil {
		return Cancelled{}, err
	}
	return Cancelled{Booking: b, Refund: &rf}, nil
}
