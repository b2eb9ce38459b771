package mailer

import (
	"context"
	"time"

	"github.com/northvault/custody/internal/ports"
)

// Throttled spaces out sends to stay under the provider's rate limit.
type Throttled struct {
	next ports.Mailer
	tick <-chan time.Time
}

func NewThrottled(next *Client) *Throttled {
	return &Throttled{next: next, tick: time.Tick(50 * time.Millisecond)}
}

func (t *Throttled) Send(ctx context.Context, e ports.Email) (string, error) {
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case <-t.tick:
	}
	return t.next.Send(ctx, e)
}
