package payment

import (
	"context"
	"database/sql"
	"log/slog"

	"github.com/stripe/stripe-go/v82"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/store"
)

// ConnectWebhooks applies events about photographers' connected accounts.
// Every event is kept in connect_events for the payouts team.
type ConnectWebhooks struct {
	store  txRunner
	logger *slog.Logger
}

// NewConnectWebhooks builds the Connect webhook processor.
func NewConnectWebhooks(st txRunner, logger *slog.Logger) *ConnectWebhooks {
	return &ConnectWebhooks{store: st, logger: logger}
}

// Handle records the event and updates the photographer it concerns.
func (c *ConnectWebhooks) Handle(ctx context.Context, ev stripe.Event) error {
	return c.store.WithTx(ctx, func(tx store.Tx) error {
		var raw []byte
		if ev.Data != nil {
			raw = ev.Data.Raw
		}
		if err := tx.Q.InsertConnectEvent(ctx, db.InsertConnectEventParams{
			EventID:   ev.ID,
			AccountID: ev.Account,
			EventType: string(ev.Type),
			Payload:   raw,
		}); err != nil {
			return err
		}

		switch ev.Type {
		case stripe.EventTypeAccountUpdated:
			acct, err := decodeObject[stripe.Account](ev)
			if err != nil {
				return err
			}
			n, err := tx.Q.UpdatePhotographerAccountStatus(ctx, db.UpdatePhotographerAccountStatusParams{
				StripeAccountID:  sql.NullString{String: acct.ID, Valid: true},
				PayoutsEnabled:   acct.PayoutsEnabled,
				DetailsSubmitted: acct.DetailsSubmitted,
			})
			if err != nil {
				return err
			}
			if n == 0 {
				c.logger.Warn("connect account not linked to a photographer", "account", acct.ID)
			}
		default:
			c.logger.Debug("stored connect event", "type", ev.Type, "account", ev.Account)
		}
		return nil
	})
}
