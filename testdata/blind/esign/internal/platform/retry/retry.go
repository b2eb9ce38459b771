// Package retry re-runs an operation with capped exponential backoff.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Policy controls how often and how long an operation is retried.
type Policy struct {
	Attempts  int
	BaseDelay time.Duration
	MaxDelay  time.Duration
}

// Default is used by the provider clients for transient HTTP failures.
var Default = Policy{Attempts: 4, BaseDelay: 200 * time.Millisecond, MaxDelay: 3 * time.Second}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err so that Do stops retrying and returns it.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err: err}
}

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// Do calls fn until it succeeds, returns a permanent error, the context is
// done or the attempts are used up.
func Do(ctx context.Context, p Policy, fn func(ctx context.Context) error) error {
	if p.Attempts <= 0 {
		p.Attempts = 1
	}
	var err error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		var perm permanentError
		if errors.As(err, &perm) {
			return perm.err
		}
		if attempt == p.Attempts-1 {
			break
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(p.backoff(attempt)):
		}
	}
	return err
}

func (p Policy) backoff(attempt int) time.Duration {
	d := p.BaseDelay << attempt
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	// Full jitter keeps a burst of failing callers from retrying in lockstep.
	return time.Duration(rand.Int64N(int64(d) + 1))
}
