package service

import (
	"context"

	"github.com/google/uuid"

	"github.com/saltline-charters/charterhub/internal/store"
)

// Holds reserves seats for a short while before the customer pays.
type Holds struct {
	q   store.Querier
	tx  TxRunner
	cfg Settings
	now Clock
}

func NewHolds(q store.Querier, tx TxRunner, cfg Settings, now Clock) *Holds {
	return &Holds{q: q, tx: tx, cfg: cfg, now: now}
}

type HoldInput struct {
	TripID     string
	CustomerID string
	Seats      int32
	// RequestKey comes from the client and is stable across its retries.
	RequestKey string
}

// Hold reserves seats on a trip. The customer's request key makes the
// reservation repeatable: a second call with the same key returns the
// first hold without touching capacity.
func (s *Holds) Hold(ctx context.Context, in HoldInput) (store.Hold, error) {
	if in.RequestKey == "" {
		return store.Hold{}, invalid("a request key is required to hold seats")
	}
	if in.Seats <= 0 {
		return store.Hold{}, invalid("seats must be positive")
	}
	return InTxResult(ctx, s.tx, func(q store.Querier) (store.Hold, error) {
		hold, err := q.InsertHold(ctx, store.InsertHoldParams{
			ID:         uuid.NewString(),
			TripID:     in.TripID,
			CustomerID: in.CustomerID,
			Seats:      in.Seats,
			RequestKey: in.RequestKey,
			ExpiresAt:  s.now().Add(s.cfg.HoldTTL),
		})
		if store.IsNotFound(err) {
			return q.GetHoldByRequestKey(ctx, in.CustomerID, in.RequestKey)
		}
		if err != nil {
			return store.Hold{}, err
		}

		n, err := q.ReserveSeats(ctx, in.TripID, in.Seats)
		if err != nil {
			return store.Hold{}, err
		}
		if n == 0 {
			return store.Hold{}, precondition("trip %s has fewer than %d seats left", in.TripID, in.Seats)
		}
		return hold, nil
	})
}

// Release gives a held seat back. Releasing twice, or releasing a hold that
// has already become a booking, is a no-op.
func (s *Holds) Release(ctx context.Context, holdID string) error {
	return s.tx.InTx(ctx, func(q store.Querier) error {
		hold, err := q.GetHoldForUpdate(ctx, holdID)
		if err != nil {
			return notFound("hold", err)
		}
		n, err := q.TransitionHold(ctx, hold.ID, "held", "released")
		if err != nil || n == 0 {
			return err
		}
		return q.ReleaseHeldSeats(ctx, hold.TripID, hold.Seats)
	})
}
