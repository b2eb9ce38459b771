package fieldservice

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
)

// retrying decorates a Client with retries on transport errors and 5xx.
type retrying struct {
	next     Client
	attempts uint
	delay    time.Duration
	log      *slog.Logger
}

// WithRetry wraps c so that calls are retried with backoff.
func WithRetry(c Client, attempts uint, delay time.Duration, log *slog.Logger) Client {
	return &retrying{next: c, attempts: attempts, delay: delay, log: log}
}

func (r *retrying) CreateOrder(ctx context.Context, req OrderRequest) (*Order, error) {
	// A create that timed out may have been booked, so only the statuses
	// the partner documents as "not processed" are retried here.
	opts := append(r.opts(ctx, "create_order"), retry.RetryIf(notProcessed))
	return retry.DoWithData(func() (*Order, error) {
		return r.next.CreateOrder(ctx, req)
	}, opts...)
}

func (r *retrying) FindByExternalRef(ctx context.Context, ref string) (*Order, error) {
	return retry.DoWithData(func() (*Order, error) {
		return r.next.FindByExternalRef(ctx, ref)
	}, r.opts(ctx, "find_order")...)
}

func (r *retrying) opts(ctx context.Context, op string) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(r.attempts),
		retry.Delay(r.delay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(func(err error) bool {
			var se *StatusError
			if errors.As(err, &se) {
				return se.Status >= 500
			}
			return true
		}),
		retry.OnRetry(func(n uint, err error) {
			r.log.Warn("fieldservice retry", "op", op, "attempt", n+1, "err", err)
		}),
	}
}

func notProcessed(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == 429 || se.Status == 503
	}
	return false
}
