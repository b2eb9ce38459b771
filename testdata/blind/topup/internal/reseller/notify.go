package reseller

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/ids"
	"github.com/example/topup/internal/jobs"
	"github.com/example/topup/internal/webhooks"
)

// Deliverer is implemented by *webhooks.Sender.
type Deliverer interface {
	Deliver(ctx context.Context, ep domain.WebhookEndpoint, ev webhooks.Event) (int, error)
}

type Notifier struct {
	db       *sqlx.DB
	webhooks WebhookRepository
	sender   Deliverer
	log      *slog.Logger
}

func NewNotifier(db *sqlx.DB, repo WebhookRepository, sender Deliverer, log *slog.Logger) *Notifier {
	return &Notifier{db: db, webhooks: repo, sender: sender, log: log.With("svc", "notifier")}
}

// Dispatch sends one event to every endpoint of the reseller subscribed to
// its type.
func (n *Notifier) Dispatch(ctx context.Context, p jobs.SendWebhook) error {
	endpoints, err := n.webhooks.ActiveEndpoints(ctx, n.db, p.ResellerID)
	if err != nil {
		return err
	}
	ev := webhooks.Event{
		ID:        ids.EventID(),
		Type:      p.EventType,
		CreatedAt: time.Now().UTC(),
		Data:      p.Data,
	}

	var errs []error
	for _, ep := range endpoints {
		if !ep.Wants(ev.Type) {
			continue
		}
		status, err := n.sender.Deliver(ctx, ep, ev)
		d := domain.WebhookDelivery{
			ID:         uuid.New(),
			EndpointID: ep.ID,
			EventID:    ev.ID,
			EventType:  ev.Type,
		}
		if status != 0 {
			d.StatusCode = &status
		}
		if err != nil {
			msg := err.Error()
			d.Error = &msg
			errs = append(errs, err)
		}
		if lerr := n.webhooks.LogDelivery(ctx, n.db, d); lerr != nil {
			n.log.Warn("log webhook delivery", "endpoint", ep.ID, "err", lerr)
		}
	}
	return errors.Join(errs...)
}
