package sms

import (
	"context"
	"errors"
	"time"

	"github.com/haulcore/wastehaul/internal/providers/rest"
)

type retrySender struct {
	next     Sender
	attempts int
	backoff  time.Duration
}

// WithRetry wraps s so that transport errors and 429/5xx responses are
// retried up to attempts times with linear backoff.
func WithRetry(s Sender, attempts int, backoff time.Duration) Sender {
	if attempts < 1 {
		attempts = 1
	}
	return &retrySender{next: s, attempts: attempts, backoff: backoff}
}

func (r *retrySender) Send(ctx context.Context, m Message) (*Result, error) {
	var lastErr error
	for i := 0; i < r.attempts; i++ {
		if i > 0 {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Duration(i) * r.backoff):
			}
		}
		res, err := r.next.Send(ctx, m)
		if err == nil {
			return res, nil
		}
		lastErr = err
		var ae *rest.APIError
		if errors.As(err, &ae) && !ae.Temporary() {
			return nil, err
		}
	}
	return nil, lastErr
}
