// Package lots turns gifts of seed into lots, each in one transaction.
package lots

import (
	"context"

	"github.com/google/uuid"

	"example.com/wiredrollback/store"
)

// TxRunner runs work in one transaction.
type TxRunner interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Gifts reads gifts.
type Gifts interface {
	Get(ctx context.Context, id string) (*store.Gift, error)
}

// Lots keeps lots.
type Lots interface {
	InsertFromGift(ctx context.Context, g *store.Gift) error
	InsertQuietly(ctx context.Context, g *store.Gift) error
}

// Moves keeps lots' moves.
type Moves interface {
	GetByRef(ctx context.Context, ref string) (*store.Move, error)
	Create(ctx context.Context, m *store.Move) error
	Place(ctx context.Context, m *store.Move) error
}

// Events queues events.
type Events interface {
	Enqueue(ctx context.Context, topic, subject string) error
}

// Service turns gifts into lots.
type Service struct {
	Tx     TxRunner
	Gifts  Gifts
	Lots   Lots
	Events Events
	Moves  Moves
}

// Receive makes the gift's lot, under the gift's ID, then queues its
// event: a retry fails at the lot and rolls back.
func (s *Service) Receive(ctx context.Context, giftID string) error {
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		g, err := s.Gifts.Get(ctx, giftID)
		if err != nil {
			return err
		}
		if err := s.Lots.InsertFromGift(ctx, g); err != nil {
			return err
		}
		return s.Events.Enqueue(ctx, "lot.received", g.ID)
	})
}

// Announce queues the event first: the lot's INSERT after it fails the
// retry and rolls it back.
func (s *Service) Announce(ctx context.Context, giftID string) error {
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		g, err := s.Gifts.Get(ctx, giftID)
		if err != nil {
			return err
		}
		if err := s.Events.Enqueue(ctx, "lot.announced", g.ID); err != nil {
			return err
		}
		return s.Lots.InsertFromGift(ctx, g)
	})
}

// Note queues the event and makes the lot unless it is there: the
// retry goes through and queues another event.
func (s *Service) Note(ctx context.Context, giftID string) error {
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		g, err := s.Gifts.Get(ctx, giftID)
		if err != nil {
			return err
		}
		if err := s.Events.Enqueue(ctx, "lot.noted", g.ID); err != nil {
			return err
		}
		return s.Lots.InsertQuietly(ctx, g)
	})
}

// Move records a move under the caller's reference, in a unit of work,
// unless one is there: a retry after it committed finds it.
func (s *Service) Move(ctx context.Context, ref string) error {
	if _, err := s.Moves.GetByRef(ctx, ref); err == nil {
		return nil
	}
	m := &store.Move{ID: uuid.NewString(), Ref: ref}
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.Moves.Create(ctx, m)
	})
}

// MoveInside builds the move in the unit of work's callback, from the
// reference it captures: the lookup still finds it on a retry.
func (s *Service) MoveInside(ctx context.Context, ref string) error {
	if _, err := s.Moves.GetByRef(ctx, ref); err == nil {
		return nil
	}
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.Moves.Place(ctx, &store.Move{ID: uuid.NewString(), Ref: ref})
	})
}

// MoveBlind records it without looking first.
func (s *Service) MoveBlind(ctx context.Context, ref string) error {
	m := &store.Move{ID: uuid.NewString(), Ref: ref}
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.Moves.Create(ctx, m)
	})
}
