// Package retry implements a small bounded exponential backoff loop for
// in-process retries of outbound calls.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type Policy struct {
	Attempts int
	Base     time.Duration
	Max      time.Duration
}

var Default = Policy{Attempts: 3, Base: 200 * time.Millisecond, Max: 2 * time.Second}

// Permanent wraps an error that must not be retried.
type Permanent struct{ Err error }

func (p Permanent) Error() string { return p.Err.Error() }
func (p Permanent) Unwrap() error { return p.Err }

// Do calls fn until it succeeds, returns a Permanent error, the attempts are
// exhausted or ctx is done.
func Do(ctx context.Context, p Policy, fn func(ctx context.Context, attempt int) error) error {
	var err error
	delay := p.Base
	for attempt := 1; attempt <= p.Attempts; attempt++ {
		err = fn(ctx, attempt)
		if err == nil {
			return nil
		}
		var perm Permanent
		if errors.As(err, &perm) {
			return perm.Err
		}
		if attempt == p.Attempts {
			break
		}
		jitter := time.Duration(rand.Int64N(int64(delay)/2 + 1))
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay + jitter):
		}
		delay *= 2
		if delay > p.Max {
			delay = p.Max
		}
	}
	return err
}
