// Package partner holds the plumbing shared by the outbound partner
// clients: retry policy, the attempt log and JSON-over-HTTP helpers.
package partner

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/avast/retry-go/v4"
)

// Policy configures how a partner call is retried in-process.
type Policy struct {
	Attempts uint
	Delay    time.Duration
	MaxDelay time.Duration
}

func DefaultPolicy(attempts uint) Policy {
	if attempts == 0 {
		attempts = 3
	}
	return Policy{Attempts: attempts, Delay: 300 * time.Millisecond, MaxDelay: 5 * time.Second}
}

// Caller wraps partner calls in retry-go and records every attempt.
type Caller struct {
	Partner string
	Policy  Policy
	Log     AttemptLog
}

// Call runs fn with the caller's retry policy. ref is a free-form
// reference (order id, reservation id) written to the attempt log.
func (c *Caller) Call(ctx context.Context, op, ref string, fn func(ctx context.Context) error) error {
	_, err := Call(ctx, c, op, ref, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	})
	return err
}

// Call is the generic form of Caller.Call for functions that return data.
func Call[T any](ctx context.Context, c *Caller, op, ref string, fn func(ctx context.Context) (T, error)) (T, error) {
	var attempt int
	return retry.DoWithData(
		func() (T, error) {
			attempt++
			out, err := fn(ctx)
			if c.Log != nil {
				c.Log.Record(ctx, c.Partner, op, ref, attempt, err)
			}
			if err != nil && !Retryable(err) {
				return out, retry.Unrecoverable(err)
			}
			return out, err
		},
		retry.Context(ctx),
		retry.Attempts(c.Policy.Attempts),
		retry.Delay(c.Policy.Delay),
		retry.MaxDelay(c.Policy.MaxDelay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
	)
}

// Retryable reports whether a partner error is worth another attempt:
// transport failures, timeouts, 429 and 5xx.
func Retryable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code == 429 || se.Code >= 500
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	return errors.Is(err, context.DeadlineExceeded)
}
