package webhooks

import (
	"context"

	"github.com/stripe/stripe-go/v82"

	"github.com/dinein/platform/internal/store"
)

// onceByEvent skips Stripe events that have already been applied and
// records the event after next succeeds.
func onceByEvent(db store.DB, inbox store.Inbox, next stripeEventFunc) stripeEventFunc {
	return func(ctx context.Context, evt stripe.Event) error {
		seen, err := inbox.SeenStripe(ctx, db, evt.ID)
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		if err := next(ctx, evt); err != nil {
			return err
		}
		return inbox.MarkStripe(ctx, db, evt.ID, string(evt.Type))
	}
}
