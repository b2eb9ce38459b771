// Package billing charges fees for the time a sweep is given: the
// handler reads the clock, and the key the provider deduplicates on is
// made of that reading.
package billing

import (
	"context"
	"fmt"
	"time"
)

// A Gateway charges under a key the provider deduplicates on.
type Gateway interface {
	Charge(ctx context.Context, amount int64, key string) error
}

// A Claimer claims a name once: false when it was claimed before.
type Claimer interface {
	Claim(ctx context.Context, name string) (bool, error)
}

// A Stamper records when a sweep ran.
type Stamper interface {
	Stamp(ctx context.Context, at time.Time) error
}

// A Sweeper bills fees.
type Sweeper struct {
	Pay    Gateway
	Claims Claimer
	Stamps Stamper
}

// Run charges under a key of the time it is given.
func (s *Sweeper) Run(ctx context.Context, now time.Time) error {
	return s.Pay.Charge(ctx, 100, fmt.Sprintf("fee:%d", now.Unix()))
}

// RunClaimed charges only when the day's run is claimed first: a retry
// stops at the claim.
func (s *Sweeper) RunClaimed(ctx context.Context, day string, now time.Time) error {
	ok, err := s.Claims.Claim(ctx, day)
	if err != nil || !ok {
		return err
	}
	return s.Pay.Charge(ctx, 100, fmt.Sprintf("fee:%d", now.Unix()))
}

// RunDay charges under a key of the day of the time, the same on every
// attempt of the day, and records when it ran.
func (s *Sweeper) RunDay(ctx context.Context, now time.Time) error {
	if err := s.Pay.Charge(ctx, 100, "fee:"+now.Format("2006-01-02")); err != nil {
		return err
	}
	return s.Stamps.Stamp(ctx, now)
}
