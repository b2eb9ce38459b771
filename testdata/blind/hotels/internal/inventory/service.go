package inventory

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/amqpx"
	"github.com/harbourline/hotels/internal/platform/bundb"
	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// AdjustCommand changes the allotment of a room type over a date range.
type AdjustCommand struct {
	AdjustmentRef string
	PropertyID    string
	RoomTypeID    string
	From, To      time.Time
	Delta         int
	Actor         string
}

// Service is the inventory use-case API.
type Service interface {
	Hold(ctx context.Context, reservationID string, stay domain.Stay, ttl time.Duration) (bool, error)
	ConfirmHold(ctx context.Context, reservationID string) (bool, error)
	Move(ctx context.Context, reservationID string, from, to domain.Stay) error
	Release(ctx context.Context, reservationID, reason string) error
	SetRates(ctx context.Context, propertyID string, days []RateDay) error
	Adjust(ctx context.Context, cmd AdjustCommand) (applied int, err error)
	Nights(ctx context.Context, propertyID string, roomTypes []string, from, to time.Time) ([]RoomNight, []RateDay, error)
	ExpireHolds(ctx context.Context, now time.Time) ([]Hold, error)
}

type service struct {
	db   *bun.DB
	repo Repository
	pub  amqpx.Publisher
	now  func() time.Time
}

// NewService returns the inventory service.
func NewService(db *bun.DB, repo Repository, pub amqpx.Publisher) Service {
	return &service{db: db, repo: repo, pub: pub, now: time.Now}
}

// inTx runs fn in the ledger transaction carried by ctx or, when there is
// none, in a new bun transaction whose *sql.Tx is put in the context so the
// repository picks it up.
func (s *service) inTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if bundb.InTx(ctx) {
		return fn(ctx)
	}
	return s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		return fn(sqldb.WithTx(ctx, tx.Tx))
	})
}

func (s *service) Hold(ctx context.Context, reservationID string, stay domain.Stay, ttl time.Duration) (bool, error) {
	h := &Hold{
		ReservationID: reservationID,
		PropertyID:    stay.PropertyID,
		RoomTypeID:    stay.RoomTypeID,
		CheckIn:       stay.CheckIn,
		CheckOut:      stay.CheckOut,
		Status:        "held",
	}
	if ttl > 0 {
		exp := s.now().Add(ttl)
		h.ExpiresAt = &exp
	} else {
		h.Status = "sold"
	}
	var created bool
	err := s.inTx(ctx, func(ctx context.Context) error {
		var err error
		if created, err = s.repo.InsertHold(ctx, h); err != nil || !created {
			return err
		}
		return s.repo.ShiftSold(ctx, stay.PropertyID, stay.RoomTypeID, stay.Nights(), +1)
	})
	return created, err
}

// ConfirmHold turns a temporary hold into a sale so the expiry sweep leaves
// it alone. It reports false when the hold already expired or was released.
func (s *service) ConfirmHold(ctx context.Context, reservationID string) (bool, error) {
	return s.repo.ConfirmHold(ctx, reservationID)
}

func (s *service) Move(ctx context.Context, reservationID string, from, to domain.Stay) error {
	released, consumed := domain.Diff(from, to)
	if len(released) == 0 && len(consumed) == 0 {
		return nil
	}
	return s.inTx(ctx, func(ctx context.Context) error {
		if err := s.repo.ShiftSold(ctx, from.PropertyID, from.RoomTypeID, released, -1); err != nil {
			return err
		}
		if err := s.repo.ShiftSold(ctx, to.PropertyID, to.RoomTypeID, consumed, +1); err != nil {
			return err
		}
		h, err := s.repo.GetHold(ctx, reservationID)
		if err != nil {
			return err
		}
		h.PropertyID, h.RoomTypeID, h.CheckIn, h.CheckOut = to.PropertyID, to.RoomTypeID, to.CheckIn, to.CheckOut
		return s.repo.UpdateHold(ctx, h)
	})
}

func (s *service) Release(ctx context.Context, reservationID, reason string) error {
	return s.inTx(ctx, func(ctx context.Context) error {
		h, err := s.repo.GetHold(ctx, reservationID)
		if err != nil {
			return err
		}
		if err := s.repo.InsertRelease(ctx, &Release{ReservationID: reservationID, Reason: reason}); err != nil {
			return err
		}
		stay := domain.Stay{PropertyID: h.PropertyID, RoomTypeID: h.RoomTypeID, CheckIn: h.CheckIn, CheckOut: h.CheckOut}
		if err := s.repo.ShiftSold(ctx, h.PropertyID, h.RoomTypeID, stay.Nights(), -1); err != nil {
			return err
		}
		h.Status = "released"
		return s.repo.UpdateHold(ctx, h)
	})
}

func (s *service) SetRates(ctx context.Context, propertyID string, days []RateDay) error {
	if len(days) == 0 {
		return nil
	}
	from, to := days[0].StayDate, days[0].StayDate
	roomTypes := map[string]bool{}
	for i := range days {
		days[i].PropertyID = propertyID
		roomTypes[days[i].RoomTypeID] = true
		if days[i].StayDate.Before(from) {
			from = days[i].StayDate
		}
		if days[i].StayDate.After(to) {
			to = days[i].StayDate
		}
	}
	if err := s.inTx(ctx, func(ctx context.Context) error { return s.repo.UpsertRates(ctx, days) }); err != nil {
		return err
	}
	evt := domain.InventoryChanged{
		PropertyID: propertyID,
		RoomTypes:  keys(roomTypes),
		From:       from.Format(time.DateOnly),
		To:         to.AddDate(0, 0, 1).Format(time.DateOnly),
	}
	return s.pub.Publish(ctx, amqpx.Message{
		ID:         "rates:" + digest(propertyID, days),
		RoutingKey: domain.EventInventoryChanged,
		Payload:    evt,
	})
}

func (s *service) Adjust(ctx context.Context, cmd AdjustCommand) (int, error) {
	stay := domain.Stay{PropertyID: cmd.PropertyID, RoomTypeID: cmd.RoomTypeID, CheckIn: cmd.From, CheckOut: cmd.To}
	applied := 0
	// Each night is its own small transaction so a long range does not hold
	// row locks on the whole calendar; the per-night claim makes a replay of
	// the same adjustment skip the nights it already changed.
	for _, night := range stay.Nights() {
		err := s.inTx(ctx, func(ctx context.Context) error {
			claimed, err := s.repo.ClaimAdjustment(ctx, &Adjustment{
				AdjustmentRef: cmd.AdjustmentRef,
				PropertyID:    cmd.PropertyID,
				RoomTypeID:    cmd.RoomTypeID,
				StayDate:      night,
				Delta:         cmd.Delta,
				Actor:         cmd.Actor,
			})
			if err != nil || !claimed {
				return err
			}
			applied++
			return s.repo.AddAllotment(ctx, cmd.PropertyID, cmd.RoomTypeID, night, cmd.Delta)
		})
		if err != nil {
			return applied, fmt.Errorf("adjust %s on %s: %w", cmd.AdjustmentRef, night.Format(time.DateOnly), err)
		}
	}
	err := s.pub.Publish(ctx, amqpx.Message{
		ID:         "adjust:" + cmd.AdjustmentRef,
		RoutingKey: domain.EventInventoryChanged,
		Payload: domain.InventoryChanged{
			PropertyID: cmd.PropertyID,
			RoomTypes:  []string{cmd.RoomTypeID},
			From:       cmd.From.Format(time.DateOnly),
			To:         cmd.To.Format(time.DateOnly),
		},
	})
	return applied, err
}

func (s *service) Nights(ctx context.Context, propertyID string, roomTypes []string, from, to time.Time) ([]RoomNight, []RateDay, error) {
	nights, err := s.repo.Nights(ctx, propertyID, roomTypes, from, to)
	if err != nil {
		return nil, nil, err
	}
	rates, err := s.repo.Rates(ctx, propertyID, roomTypes, from, to)
	return nights, rates, err
}

func (s *service) ExpireHolds(ctx context.Context, now time.Time) ([]Hold, error) {
	var expired []Hold
	err := s.inTx(ctx, func(ctx context.Context) error {
		var err error
		if expired, err = s.repo.ExpireHolds(ctx, now); err != nil {
			return err
		}
		for _, h := range expired {
			stay := domain.Stay{PropertyID: h.PropertyID, RoomTypeID: h.RoomTypeID, CheckIn: h.CheckIn, CheckOut: h.CheckOut}
			if err := s.repo.ShiftSold(ctx, h.PropertyID, h.RoomTypeID, stay.Nights(), -1); err != nil {
				return err
			}
		}
		return nil
	})
	return expired, err
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func digest(propertyID string, v any) string {
	b, _ := json.Marshal(v)
	h := sha256.New()
	h.Write([]byte(propertyID))
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))[:32]
}
