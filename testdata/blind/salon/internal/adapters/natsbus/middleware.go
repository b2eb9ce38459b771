package natsbus

import (
	"context"

	"github.com/velvetchair/salon/internal/core/ports"
)

// Once skips deliveries whose message ID this consumer already processed
// and remembers the ID after the handler succeeds.
func Once(consumer string, db ports.TxRunner, inbox ports.InboxStore, next Handler) Handler {
	return func(ctx context.Context, d Delivery) error {
		done, err := inbox.Processed(ctx, db.Reader(), consumer, d.ID)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		if err := next(ctx, d); err != nil {
			return err
		}
		_, err = inbox.ClaimMessage(ctx, db.Reader(), consumer, d.ID)
		return err
	}
}

// Logged logs each delivery at debug level.
func Logged(log interface {
	DebugContext(ctx context.Context, msg string, args ...any)
}, next Handler) Handler {
	return func(ctx context.Context, d Delivery) error {
		log.DebugContext(ctx, "event received", "subject", d.Subject, "msg_id", d.ID, "attempt", d.Attempt)
		return next(ctx, d)
	}
}
