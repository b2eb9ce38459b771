package push

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/wayfare/ridepay/internal/httpreq"
)

// retrying decorates a Sender with bounded retries.
type retrying struct {
	next     Sender
	attempts uint
	delay    time.Duration
	log      *slog.Logger
}

// WithRetry wraps next so that sends rejected before acceptance (throttling
// and explicit unavailability) are retried with backoff. Errors that leave
// the outcome unknown - timeouts, resets, 500s - are not retried, because the
// provider may already have delivered the message and it cannot dedup.
func WithRetry(next Sender, attempts uint, delay time.Duration, log *slog.Logger) Sender {
	return &retrying{next: next, attempts: attempts, delay: delay, log: log}
}

func (r *retrying) Send(ctx context.Context, m Message) (string, error) {
	return retry.DoWithData(
		func() (string, error) { return r.next.Send(ctx, m) },
		retry.Context(ctx),
		retry.Attempts(r.attempts),
		retry.Delay(r.delay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(rejectedBeforeAcceptance),
		retry.OnRetry(func(n uint, err error) {
			r.log.WarnContext(ctx, "push send rejected, retrying", "attempt", n+1, "category", m.Category, "err", err)
		}),
	)
}

func rejectedBeforeAcceptance(err error) bool {
	switch httpreq.StatusOf(err) {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		return true
	default:
		return false
	}
}
