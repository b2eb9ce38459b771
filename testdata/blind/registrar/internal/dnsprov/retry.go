package dnsprov

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// retrying wraps a Provider and retries transient failures with exponential
// backoff.
type retrying struct {
	next       Provider
	maxRetries uint64
	log        *slog.Logger
}

// WithRetry decorates p so that network errors, 429 and 5xx answers are
// retried up to maxRetries times.
func WithRetry(p Provider, maxRetries uint64, log *slog.Logger) Provider {
	return &retrying{next: p, maxRetries: maxRetries, log: log}
}

func (r *retrying) policy(ctx context.Context) backoff.BackOff {
	exp := backoff.NewExponentialBackOff()
	exp.InitialInterval = 200 * time.Millisecond
	exp.MaxInterval = 5 * time.Second
	exp.MaxElapsedTime = 30 * time.Second
	return backoff.WithContext(backoff.WithMaxRetries(exp, r.maxRetries), ctx)
}

func (r *retrying) notify(op string) backoff.Notify {
	return func(err error, wait time.Duration) {
		r.log.Warn("dns provider call failed, retrying", "op", op, "err", err, "wait", wait)
	}
}

func classify(err error) error {
	if err == nil {
		return nil
	}
	var se *StatusError
	if errors.As(err, &se) && !se.Retryable() {
		return backoff.Permanent(err)
	}
	return err
}

func retryValue[T any](ctx context.Context, r *retrying, op string, fn func() (T, error)) (T, error) {
	return backoff.RetryNotifyWithData(func() (T, error) {
		v, err := fn()
		return v, classify(err)
	}, r.policy(ctx), r.notify(op))
}

func (r *retrying) EnsureZone(ctx context.Context, name string) (*Zone, error) {
	return retryValue(ctx, r, "ensure_zone", func() (*Zone, error) {
		return r.next.EnsureZone(ctx, name)
	})
}

func (r *retrying) CreateRecord(ctx context.Context, zoneID string, in RecordInput) (*Record, error) {
	return retryValue(ctx, r, "create_record", func() (*Record, error) {
		return r.next.CreateRecord(ctx, zoneID, in)
	})
}

func (r *retrying) DeleteRecord(ctx context.Context, zoneID, recordID string) error {
	return backoff.RetryNotify(func() error {
		return classify(r.next.DeleteRecord(ctx, zoneID, recordID))
	}, r.policy(ctx), r.notify("delete_record"))
}

func (r *retrying) ListRecords(ctx context.Context, zoneID string) ([]Record, error) {
	return retryValue(ctx, r, "list_records", func() ([]Record, error) {
		return r.next.ListRecords(ctx, zoneID)
	})
}
