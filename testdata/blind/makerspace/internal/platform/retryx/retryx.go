// Package retryx wraps cenkalti/backoff with the policies used for outbound
// calls to providers.
package retryx

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy describes an exponential backoff.
type Policy struct {
	Initial     time.Duration
	Max         time.Duration
	MaxElapsed  time.Duration
	MaxAttempts uint64
}

// ProviderDefault is used for card processor and door vendor calls.
var ProviderDefault = Policy{
	Initial:     200 * time.Millisecond,
	Max:         3 * time.Second,
	MaxElapsed:  15 * time.Second,
	MaxAttempts: 4,
}

// Permanent marks err so that Do stops retrying.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return backoff.Permanent(err)
}

// Do runs op until it succeeds, returns a permanent error, or the policy is
// exhausted. The last error is returned unwrapped.
func Do(ctx context.Context, p Policy, name string, op func() error) error {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = p.Initial
	eb.MaxInterval = p.Max
	eb.MaxElapsedTime = p.MaxElapsed
	var b backoff.BackOff = eb
	if p.MaxAttempts > 0 {
		b = backoff.WithMaxRetries(b, p.MaxAttempts-1)
	}
	b = backoff.WithContext(b, ctx)

	notify := func(err error, wait time.Duration) {
		slog.WarnContext(ctx, "retrying provider call", "op", name, "err", err, "wait", wait)
	}
	err := backoff.RetryNotify(op, b, notify)
	var perm *backoff.PermanentError
	if errors.As(err, &perm) {
		return perm.Err
	}
	return err
}

// NextDelay returns the redelivery delay for the n-th delivery of a message.
func NextDelay(n uint64) time.Duration {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = 2 * time.Second
	eb.MaxInterval = 2 * time.Minute
	eb.RandomizationFactor = 0.2
	eb.Reset()
	d := eb.NextBackOff()
	for i := uint64(1); i < n && d != backoff.Stop; i++ {
		d = eb.NextBackOff()
	}
	if d == backoff.Stop {
		return eb.MaxInterval
	}
	return d
}
