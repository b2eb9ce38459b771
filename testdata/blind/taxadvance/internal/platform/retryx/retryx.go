// Package retryx holds the retry-go policies used around provider calls.
package retryx

import (
	"context"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/refundbridge/advance/internal/platform/httpx"
)

// Partner is the policy for calls to banking, bureau and tax-prep partners:
// four attempts with jittered exponential backoff, only on retryable errors.
func Partner(ctx context.Context, extra ...retry.Option) []retry.Option {
	opts := []retry.Option{
		retry.Context(ctx),
		retry.Attempts(4),
		retry.Delay(250 * time.Millisecond),
		retry.MaxDelay(4 * time.Second),
		retry.MaxJitter(200 * time.Millisecond),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.RetryIf(httpx.Retryable),
		retry.LastErrorOnly(true),
	}
	return append(opts, extra...)
}

// Logged adds an OnRetry hook that logs each failed attempt.
func Logged(log *slog.Logger, op string) retry.Option {
	return retry.OnRetry(func(n uint, err error) {
		log.Warn("retrying partner call", "op", op, "attempt", n+1, "err", err)
	})
}
