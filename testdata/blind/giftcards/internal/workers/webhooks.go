package workers

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
	"github.com/lumen-gift/giftcards/internal/webhook"
)

// DispatchWebhookWorker delivers one outbox row. The outbox id is sent as
// Webhook-Id so merchants can drop redeliveries.
type DispatchWebhookWorker struct {
	river.WorkerDefaults[tasks.DispatchWebhook]
	st       *store.Store
	notifier webhook.Notifier
	log      *slog.Logger
}

func (w *DispatchWebhookWorker) Work(ctx context.Context, job *river.Job[tasks.DispatchWebhook]) error {
	q := w.st.Q()
	ev, err := q.GetOutboxEvent(ctx, job.Args.OutboxID)
	if store.IsNotFound(err) {
		return river.JobCancel(fmt.Errorf("outbox %s missing", job.Args.OutboxID))
	}
	if err != nil {
		return err
	}
	if ev.Status == "delivered" {
		return nil
	}
	m, err := q.GetMerchant(ctx, ev.MerchantID)
	if err != nil {
		return err
	}
	if m.WebhookUrl == nil || *m.WebhookUrl == "" {
		return q.MarkOutboxDelivered(ctx, ev.ID)
	}

	err = w.notifier.Send(ctx, webhook.Target{URL: *m.WebhookUrl, Secret: deref(m.WebhookSecret)}, webhook.Event{
		ID:      ev.ID,
		Type:    ev.EventType,
		Payload: json.RawMessage(ev.Payload),
	})
	if err != nil {
		if bumpErr := q.BumpOutboxAttempts(ctx, ev.ID); bumpErr != nil {
			w.log.WarnContext(ctx, "bump outbox attempts", "outbox_id", ev.ID, "err", bumpErr)
		}
		return err
	}
	return q.MarkOutboxDelivered(ctx, ev.ID)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
