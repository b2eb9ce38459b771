// Package app charges co-pays, each recorded before its charge.
package app

import (
	"context"

	"github.com/google/uuid"
)

// Copay is a trip's co-pay.
type Copay struct {
	ID     string
	TripID string
	Amount int64
	Status string
}

// Copays stores co-pays.
type Copays interface {
	// Open records the trip's co-pay, or returns the one it has.
	Open(ctx context.Context, c *Copay) (*Copay, error)
	// Insert records a co-pay.
	Insert(ctx context.Context, c *Copay) (*Copay, error)
}

// Charge is a card charge.
type Charge struct {
	Amount         int64
	IdempotencyKey string
}

// Cards charges cards.
type Cards interface {
	Charge(ctx context.Context, c Charge) error
}

// Service collects co-pays.
type Service struct {
	Copays Copays
	Cards  Cards
}

// Collect charges the trip's co-pay under a key made per attempt,
// though the co-pay it opened first is the same on every attempt.
func (s *Service) Collect(ctx context.Context, tripID string, amount int64) error {
	cp, err := s.Copays.Open(ctx, &Copay{ID: uuid.NewString(), TripID: tripID, Amount: amount})
	if err != nil {
		return err
	}
	if cp.Status == "paid" {
		return nil
	}
	return s.Cards.Charge(ctx, Charge{Amount: cp.Amount, IdempotencyKey: uuid.NewString()}) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Collect\)`
}

// CollectLoose records a new co-pay on every attempt: its ID is as
// fresh as the key, and no key derives from it.
func (s *Service) CollectLoose(ctx context.Context, tripID string, amount int64) error {
	cp, err := s.Copays.Insert(ctx, &Copay{ID: uuid.NewString(), TripID: tripID, Amount: amount}) // want `a retry inserts a second copays row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.CollectLoose\)`
	if err != nil {
		return err
	}
	return s.Cards.Charge(ctx, Charge{Amount: cp.Amount, IdempotencyKey: uuid.NewString()}) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.CollectLoose\)`
}
