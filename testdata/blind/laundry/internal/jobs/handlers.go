package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/freshpress/laundry/internal/billing"
	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/loyalty"
	"github.com/freshpress/laundry/internal/notify"
	"github.com/freshpress/laundry/internal/store"
)

// payload adapts a typed function to an asynq handler; undecodable payloads
// are skipped rather than retried.
func payload[T any](fn func(ctx context.Context, p T) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p T
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("%s: %v: %w", t.Type(), err, asynq.SkipRetry)
		}
		return fn(ctx, p)
	}
}

func noPayload(fn func(ctx context.Context) error) asynq.HandlerFunc {
	return func(ctx context.Context, _ *asynq.Task) error { return fn(ctx) }
}

type Handlers struct {
	Billing   *billing.Service
	Loyalty   *loyalty.Service
	Reminders *Reminders
	Relay     *OutboxRelay
	Log       *slog.Logger
}

func (h *Handlers) table() map[string]asynq.Handler {
	return map[string]asynq.Handler{
		TypeCaptureRetry: payload(func(ctx context.Context, p CaptureRetryPayload) error {
			return h.Billing.RetryCapture(ctx, p.PaymentID)
		}),
		TypeExpressFee:      payload(h.Billing.ChargeExpressFee),
		TypePickupReminders: noPayload(h.Reminders.Run),
		TypeExpireCredits: noPayload(func(ctx context.Context) error {
			n, err := h.Loyalty.ExpireCredits(ctx, time.Now())
			h.Log.Info("credits expired", "accounts", n)
			return err
		}),
		TypeOutboxRelay: noPayload(h.Relay.Run),
	}
}

// Mux builds the worker's ServeMux with logging around every task.
func (h *Handlers) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			err := next.ProcessTask(ctx, t)
			id, _ := asynq.GetTaskID(ctx)
			retried, _ := asynq.GetRetryCount(ctx)
			if err != nil {
				h.Log.Warn("task failed", "type", t.Type(), "id", id, "retry", retried, "err", err)
			} else {
				h.Log.Debug("task done", "type", t.Type(), "id", id, "took", time.Since(start))
			}
			return err
		})
	})
	for typ, handler := range h.table() {
		mux.Handle(typ, handler)
	}
	return mux
}

// Reminders nudges customers shortly before their pickup window opens.
type Reminders struct {
	Orders    store.OrderRepository
	Customers store.CustomerRepository
	Push      *notify.PushClient
	Lead      time.Duration
}

func (r *Reminders) Run(ctx context.Context) error {
	now := time.Now()
	due, err := r.Orders.DueForReminder(ctx, now.Add(r.Lead-15*time.Minute), now.Add(r.Lead+15*time.Minute), 200)
	if err != nil {
		return err
	}
	for _, o := range due {
		cust, err := r.Customers.Get(ctx, o.CustomerID)
		if err != nil {
			return err
		}
		if cust.PushToken == nil {
			continue
		}
		msg := notify.Push{
			Token: *cust.PushToken,
			Title: "Your pickup is coming up",
			Body: fmt.Sprintf("Our driver will collect your laundry between %s and %s. Leave your bags by the door.",
				o.PickupFrom.Local().Format("15:04"), o.PickupTo.Local().Format("15:04")),
			Data:     map[string]string{"order_id": o.ID.String()},
			Priority: "high",
		}
		if _, err := r.Push.Send(ctx, msg); err != nil {
			return err
		}
		if err := r.Orders.MarkReminded(ctx, o.ID, now); err != nil {
			return err
		}
	}
	return nil
}

// OutboxRelay publishes committed outbox rows to Kafka.
type OutboxRelay struct {
	UoW       store.UnitOfWork
	Publisher events.Publisher
	Batch     int
}

func (r *OutboxRelay) Run(ctx context.Context) error {
	for {
		n, err := r.once(ctx)
		if err != nil || n < r.Batch {
			return err
		}
	}
}

func (r *OutboxRelay) once(ctx context.Context) (int, error) {
	var n int
	err := r.UoW.Do(ctx, func(ctx context.Context, repos store.Repos) error {
		rows, err := repos.Outbox.ClaimBatch(ctx, r.Batch)
		if err != nil {
			return err
		}
		n = len(rows)
		ids := make([]string, 0, len(rows))
		for _, row := range rows {
			var env events.Envelope
			if err := json.Unmarshal(row.Payload, &env); err != nil {
				return fmt.Errorf("outbox %s: %w", row.EventID, err)
			}
			if err := r.Publisher.Publish(ctx, row.Topic, row.EventKey, env); err != nil {
				return err
			}
			ids = append(ids, row.EventID)
		}
		return repos.Outbox.MarkPublished(ctx, ids, time.Now())
	})
	return n, err
}
