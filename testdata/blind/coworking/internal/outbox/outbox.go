// Package outbox stores events in the same transaction as the state change
// that produced them and relays them to JetStream afterwards.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/events"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
)

// Add records an event in the outbox using q (which must be the caller's
// transaction). The outbox row ID becomes the envelope and message ID.
func Add(ctx context.Context, q *db.Queries, subject, eventType string, data any) error {
	id := uuid.New()
	env, err := events.New(eventType).WithID(id.String()).Data(data).Build()
	if err != nil {
		return err
	}
	return AddEnvelope(ctx, q, id, subject, env)
}

// AddEnvelope records a pre-built envelope under the given outbox ID.
func AddEnvelope(ctx context.Context, q *db.Queries, id uuid.UUID, subject string, env events.Envelope) error {
	payload, err := json.Marshal(env)
	if err != nil {
		return fmt.Errorf("marshal outbox event: %w", err)
	}
	return q.InsertOutboxEvent(ctx, db.InsertOutboxEventParams{ID: id, Subject: subject, Payload: payload})
}

// Relay publishes pending outbox rows.
type Relay struct {
	store store.Store
	pub   events.Publisher
	log   *slog.Logger
	batch int32
}

// NewRelay builds a relay.
func NewRelay(s store.Store, pub events.Publisher, log *slog.Logger) *Relay {
	return &Relay{store: s, pub: pub, log: log, batch: 100}
}

// Flush publishes one batch. Rows are locked for the duration so concurrent
// relays do not double-publish; a crash after publishing but before commit
// re-publishes with the same message ID and JetStream drops the duplicate.
func (r *Relay) Flush(ctx context.Context) (int, error) {
	sent := 0
	err := r.store.ExecTx(ctx, func(q *db.Queries) error {
		rows, err := q.ListUnpublishedOutbox(ctx, r.batch)
		if err != nil {
			return err
		}
		for _, row := range rows {
			if err := r.pub.PublishRaw(ctx, row.Subject, row.ID.String(), row.Payload); err != nil {
				return err
			}
			if err := q.MarkOutboxPublished(ctx, row.ID); err != nil {
				return err
			}
			sent++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("outbox flush: %w", err)
	}
	if sent > 0 {
		r.log.DebugContext(ctx, "outbox flushed", "count", sent)
	}
	return sent, nil
}

// Registrations exposes the relay as a periodic asynq task.
func (r *Relay) Registrations() []tasks.Registration {
	return []tasks.Registration{
		{Type: tasks.TypeOutboxRelay, Handler: asynq.HandlerFunc(func(ctx context.Context, _ *asynq.Task) error {
			for {
				n, err := r.Flush(ctx)
				if err != nil || n < int(r.batch) {
					return err
				}
			}
		})},
	}
}
