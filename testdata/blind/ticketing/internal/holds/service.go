// Package holds manages short-lived seat holds that precede an order.
package holds

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"
	"time"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/idgen"
	"github.com/stagepass/ticketing/internal/store"
)

// Service is the API the transport layer depends on.
type Service interface {
	CreateHold(ctx context.Context, in CreateHoldInput) (HoldView, error)
	ReleaseHold(ctx context.Context, fanID, holdID string) (HoldView, error)
}

type CreateHoldInput struct {
	IdempotencyKey string
	FanID          string
	EventID        string
	SeatIDs        []string
}

type HoldView struct {
	HoldID     string    `json:"hold_id"`
	EventID    string    `json:"event_id"`
	Status     string    `json:"status"`
	Seats      []string  `json:"seats"`
	TotalCents int64     `json:"total_cents"`
	ExpiresAt  time.Time `json:"expires_at"`
	Replayed   bool      `json:"replayed,omitempty"`
}

type service struct {
	tx  store.TxRunner
	ids idgen.Generator
	ttl time.Duration
	now func() time.Time
}

// Option configures the hold service.
type Option func(*service)

// WithClock overrides time.Now (tests).
func WithClock(now func() time.Time) Option { return func(s *service) { s.now = now } }

// WithTTL sets how long a hold lives.
func WithTTL(d time.Duration) Option { return func(s *service) { s.ttl = d } }

func NewService(tx store.TxRunner, ids idgen.Generator, opts ...Option) Service {
	s := &service{tx: tx, ids: ids, ttl: 10 * time.Minute, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

func requestHash(in CreateHoldInput) string {
	seats := append([]string(nil), in.SeatIDs...)
	sort.Strings(seats)
	sum := sha256.Sum256([]byte(in.EventID + "|" + strings.Join(seats, ",")))
	return hex.EncodeToString(sum[:])
}

func (s *service) CreateHold(ctx context.Context, in CreateHoldInput) (HoldView, error) {
	if in.IdempotencyKey == "" {
		return HoldView{}, apperr.Invalid("Idempotency-Key header is required")
	}
	if len(in.SeatIDs) == 0 || len(in.SeatIDs) > 10 {
		return HoldView{}, apperr.Invalid("between 1 and 10 seats may be held")
	}
	scope := "holds:" + in.FanID
	hash := requestHash(in)

	var view HoldView
	err := s.tx.InTx(ctx, func(q db.Querier) error {
		claimed, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
			Scope: scope, Key: in.IdempotencyKey, RequestHash: hash,
		})
		if err != nil {
			return err
		}
		if claimed == 0 {
			rec, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: in.IdempotencyKey})
			if err != nil {
				return err
			}
			if rec.RequestHash != hash {
				return apperr.Conflict("Idempotency-Key was used for a different hold request")
			}
			if rec.ResourceID == nil {
				return apperr.Conflict("hold request still in progress")
			}
			view, err = loadHold(ctx, q, *rec.ResourceID)
			view.Replayed = true
			return err
		}

		ev, err := q.GetEvent(ctx, in.EventID)
		if store.IsNotFound(err) {
			return apperr.NotFound("event %s not found", in.EventID)
		}
		if err != nil {
			return err
		}
		if ev.Status != "on_sale" {
			return apperr.Gone("event %s is not on sale", ev.ID)
		}

		holdID := s.ids.New()
		expires := s.now().Add(s.ttl)
		if err := q.InsertHold(ctx, db.InsertHoldParams{
			ID: holdID, EventID: in.EventID, FanID: in.FanID, ExpiresAt: expires,
		}); err != nil {
			return err
		}
		seats, err := q.ReserveSeats(ctx, db.ReserveSeatsParams{EventID: in.EventID, SeatIDs: in.SeatIDs, HoldID: holdID})
		if err != nil {
			return err
		}
		if len(seats) != len(in.SeatIDs) {
			return apperr.Conflict("one or more seats are no longer available")
		}
		var total int64
		view = HoldView{HoldID: holdID, EventID: in.EventID, Status: "active", ExpiresAt: expires}
		for _, st := range seats {
			if err := q.InsertHoldSeat(ctx, db.InsertHoldSeatParams{
				HoldID: holdID, EventID: in.EventID, SeatID: st.SeatID, PriceCents: st.PriceCents,
			}); err != nil {
				return err
			}
			total += st.PriceCents
			view.Seats = append(view.Seats, st.SeatID)
		}
		view.TotalCents = total
		return q.SetIdempotencyResource(ctx, db.SetIdempotencyResourceParams{
			Scope: scope, Key: in.IdempotencyKey, ResourceID: holdID, ResponseStatus: 201,
		})
	})
	return view, err
}

func (s *service) ReleaseHold(ctx context.Context, fanID, holdID string) (HoldView, error) {
	var view HoldView
	err := s.tx.InTx(ctx, func(q db.Querier) error {
		h, err := q.GetHoldForUpdate(ctx, holdID)
		if store.IsNotFound(err) {
			return apperr.NotFound("hold %s not found", holdID)
		}
		if err != nil {
			return err
		}
		if h.FanID != fanID {
			return apperr.Forbidden("hold belongs to another fan")
		}
		switch h.Status {
		case "released", "expired":
			view, err = loadHold(ctx, q, holdID)
			return err
		case "converted":
			return apperr.Conflict("hold %s already converted to an order", holdID)
		}
		if _, err := q.FreeHoldSeats(ctx, holdID); err != nil {
			return err
		}
		if err := q.SetHoldStatus(ctx, holdID, "released"); err != nil {
			return err
		}
		view, err = loadHold(ctx, q, holdID)
		return err
	})
	return view, err
}

func loadHold(ctx context.Context, q db.Querier, holdID string) (HoldView, error) {
	h, err := q.GetHold(ctx, holdID)
	if err != nil {
		return HoldView{}, err
	}
	seats, err := q.ListHoldSeats(ctx, holdID)
	if err != nil {
		return HoldView{}, err
	}
	v := HoldView{HoldID: h.ID, EventID: h.EventID, Status: h.Status, ExpiresAt: h.ExpiresAt}
	for _, st := range seats {
		v.Seats = append(v.Seats, st.SeatID)
		v.TotalCents += st.PriceCents
	}
	return v, nil
}
