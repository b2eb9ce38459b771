package pickups

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// TextSender sends an SMS.
type TextSender interface {
	Send(ctx context.Context, to, text string) (string, error)
}

// Service implements pickup scheduling.
type Service struct {
	tx    TxRunner
	store Store
	sms   TextSender
	loc   *time.Location
	now   func() time.Time
}

// NewService wires a Service.
func NewService(tx TxRunner, sms TextSender, loc *time.Location, now func() time.Time) *Service {
	return &Service{tx: tx, sms: sms, loc: loc, now: now}
}

func (s *Service) checkCapacity(ctx context.Context, tx *sqlx.Tx, pointID string, week time.Time, subID string) (*PickupPoint, error) {
	pt, err := s.store.LockPoint(ctx, tx, pointID)
	if err != nil {
		return nil, err
	}
	if !pt.Active {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "pickup_point_closed", "%s is not taking pickups", pt.Name)
	}
	n, err := s.store.CountOthers(ctx, tx, pointID, week, subID)
	if err != nil {
		return nil, err
	}
	if n >= pt.CapacityPerWeek {
		return nil, httpx.NewError(http.StatusConflict, "pickup_point_full", "%s is full that week", pt.Name)
	}
	return pt, nil
}

// Reserve books (or moves) the subscription's slot for the slot's week.
func (s *Service) Reserve(ctx context.Context, req ReserveRequest) (*Reservation, error) {
	week := httpx.WeekStart(req.SlotStart)
	if !req.SlotStart.After(s.now()) {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "slot_past", "slot has already started")
	}
	var out *Reservation
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		ok, err := s.store.SubscriptionActive(ctx, tx, req.SubscriptionID)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.NewError(http.StatusConflict, "not_active", "subscription is not active")
		}
		if _, err := s.checkCapacity(ctx, tx, req.PickupPointID, week, req.SubscriptionID); err != nil {
			return err
		}
		out, err = s.store.Upsert(ctx, tx, &Reservation{
			ID:             ids.New(),
			SubscriptionID: req.SubscriptionID,
			PickupPointID:  req.PickupPointID,
			WeekStart:      week,
			SlotStart:      req.SlotStart,
			SlotEnd:        req.SlotStart.Add(SlotLength),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Reschedule moves an existing reservation within its week and texts the
// member the new slot.
func (s *Service) Reschedule(ctx context.Context, id string, req RescheduleRequest) (*Reservation, error) {
	var out *Reservation
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		r, err := s.store.GetLocked(ctx, tx, id)
		if err != nil {
			return err
		}
		if httpx.WeekStart(req.SlotStart) != r.WeekStart {
			return httpx.NewError(http.StatusUnprocessableEntity, "wrong_week", "a reservation can only move within its week")
		}
		if r.PickupPointID == req.PickupPointID && r.SlotStart.Equal(req.SlotStart) {
			out = r
			return nil
		}
		pt, err := s.checkCapacity(ctx, tx, req.PickupPointID, r.WeekStart, r.SubscriptionID)
		if err != nil {
			return err
		}
		phone, err := s.store.MemberPhone(ctx, tx, r.SubscriptionID)
		if err != nil {
			return err
		}
		text := fmt.Sprintf("Harvest Loop: your box pickup is now %s at %s.",
			req.SlotStart.In(s.loc).Format("Mon 2 Jan 15:04"), pt.Name)
		if _, err := s.sms.Send(ctx, phone, text); err != nil {
			return fmt.Errorf("send pickup sms: %w", err)
		}
		end := req.SlotStart.Add(SlotLength)
		if err := s.store.Move(ctx, tx, r.ID, req.PickupPointID, req.SlotStart, end); err != nil {
			return err
		}
		r.PickupPointID, r.SlotStart, r.SlotEnd = req.PickupPointID, req.SlotStart, end
		out = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
