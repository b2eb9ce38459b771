package webhooks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
)

// TaskDeliver is the asynq type that delivers one webhook event.
const TaskDeliver = "webhook:deliver"

// DeliverPayload is the payload of TaskDeliver.
type DeliverPayload struct {
	EventID string `json:"event_id"`
}

// Deliverer handles TaskDeliver.
type Deliverer struct {
	events    *database.Repo[domain.WebhookEvent]
	attempts  *database.Repo[domain.WebhookAttempt]
	merchants *database.Repo[domain.Merchant]
	sender    Sender
	log       *zap.Logger
}

// NewDeliverer builds a Deliverer.
func NewDeliverer(db *gorm.DB, sender Sender, log *zap.Logger) *Deliverer {
	return &Deliverer{
		events:    database.NewRepo[domain.WebhookEvent](db),
		attempts:  database.NewRepo[domain.WebhookAttempt](db),
		merchants: database.NewRepo[domain.Merchant](db),
		sender:    sender,
		log:       log,
	}
}

// Tasks returns the handler table for this module.
func (d *Deliverer) Tasks() taskqueue.Table {
	return taskqueue.Table{{Type: TaskDeliver, Handler: d.HandleDeliver}}
}

// HandleDeliver posts the stored event to the merchant. The event id is
// stable across retries and is what merchants deduplicate on.
func (d *Deliverer) HandleDeliver(ctx context.Context, t *asynq.Task) error {
	p, err := taskqueue.Decode[DeliverPayload](t)
	if err != nil {
		return err
	}
	ev, err := d.events.Get(ctx, p.EventID)
	if errors.Is(err, database.ErrNotFound) {
		return fmt.Errorf("event %s vanished: %w", p.EventID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if ev.Status == "delivered" {
		return nil
	}
	m, err := d.merchants.Get(ctx, ev.MerchantID)
	if err != nil {
		return err
	}
	if m.WebhookURL == "" {
		_, err := d.events.UpdateWhere(ctx, map[string]any{"status": "skipped"}, "id = ?", ev.ID)
		return err
	}

	start := time.Now()
	code, sendErr := d.sender.Send(ctx, m.WebhookURL, m.WebhookSecret, ev.ID, ev.Payload)
	attempt := &domain.WebhookAttempt{
		ID:          uuid.NewString(),
		EventID:     ev.ID,
		StatusCode:  code,
		DurationMs:  time.Since(start).Milliseconds(),
		AttemptedAt: time.Now().UTC(),
	}
	if sendErr != nil {
		attempt.Error = sendErr.Error()
	}
	if err := d.attempts.Create(ctx, attempt); err != nil {
		d.log.Warn("record webhook attempt", zap.Error(err))
	}
	if sendErr != nil {
		_, _ = d.events.UpdateWhere(ctx, map[string]any{"attempts": gorm.Expr("attempts + 1")}, "id = ?", ev.ID)
		return sendErr
	}
	now := time.Now().UTC()
	_, err = d.events.UpdateWhere(ctx, map[string]any{
		"status":       "delivered",
		"delivered_at": now,
		"attempts":     gorm.Expr("attempts + 1"),
	}, "id = ? AND status <> 'delivered'", ev.ID)
	return err
}

// Dispatcher queues a delivery task for each pending event. The asynq task
// id is derived from the event id, so re-queuing is a no-op while the task
// is still known to asynq.
type Dispatcher struct {
	db    *gorm.DB
	queue taskqueue.Enqueuer
	log   *zap.Logger
}

// NewDispatcher builds the dispatcher and binds its loop to the lifecycle.
func NewDispatcher(cfg config.Config, db *gorm.DB, q taskqueue.Enqueuer, log *zap.Logger, lc fx.Lifecycle) *Dispatcher {
	d := &Dispatcher{db: db, queue: q, log: log}
	ctx, cancel := context.WithCancel(context.Background())
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { go d.loop(ctx, cfg.OutboxPollEvery); return nil },
		OnStop:  func(context.Context) error { cancel(); return nil },
	})
	return d
}

func (d *Dispatcher) loop(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			var pending []domain.WebhookEvent
			if err := d.db.WithContext(ctx).Where("status = 'pending'").Order("created_at").Limit(100).Find(&pending).Error; err != nil {
				d.log.Warn("scan webhook events", zap.Error(err))
				continue
			}
			for _, ev := range pending {
				err := d.queue.Enqueue(ctx, TaskDeliver, DeliverPayload{EventID: ev.ID},
					asynq.TaskID("webhook:"+ev.ID), asynq.MaxRetry(12), asynq.Queue("default"))
				if err != nil && !errors.Is(err, taskqueue.ErrDuplicate) {
					d.log.Warn("enqueue webhook", zap.String("event_id", ev.ID), zap.Error(err))
					continue
				}
				d.db.WithContext(ctx).Model(&domain.WebhookEvent{}).Where("id = ? AND status = 'pending'", ev.ID).Update("status", "queued")
			}
		}
	}
}

// Module wires webhooks.
var Module = fx.Module("webhooks",
	fx.Provide(NewPublisher, NewSender, NewDeliverer, NewDispatcher),
	fx.Provide(taskqueue.AsTable(func(d *Deliverer) taskqueue.Table { return d.Tasks() })),
	fx.Invoke(func(*Dispatcher) {}),
)
