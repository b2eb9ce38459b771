package events

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/northline/coachbus/internal/db"
)

// OutboxWriter is satisfied by *db.Queries bound to a transaction.
type OutboxWriter interface {
	InsertOutboxEvent(ctx context.Context, arg db.InsertOutboxEventParams) error
}

// Enqueue writes events into the outbox using the caller's transaction so
// they are published if and only if the surrounding state change commits.
func Enqueue(ctx context.Context, w OutboxWriter, evs ...Event) error {
	for _, ev := range evs {
		payload, err := json.Marshal(ev)
		if err != nil {
			return fmt.Errorf("marshal %s: %w", ev.Type(), err)
		}
		if err := w.InsertOutboxEvent(ctx, db.InsertOutboxEventParams{
			ID:           uuid.New(),
			Topic:        ev.Topic(),
			PartitionKey: ev.Key(),
			EventType:    ev.Type(),
			Payload:      payload,
		}); err != nil {
			return fmt.Errorf("outbox %s: %w", ev.Type(), err)
		}
	}
	return nil
}

// Relay moves committed outbox rows to Kafka.
type Relay struct {
	store    *db.Store
	pub      message.Publisher
	batch    int32
	interval time.Duration
	log      *slog.Logger
}

// NewRelay builds a relay.
func NewRelay(store *db.Store, pub message.Publisher, batch int32, interval time.Duration, log *slog.Logger) *Relay {
	return &Relay{store: store, pub: pub, batch: batch, interval: interval, log: log}
}

// Run polls until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		n, err := r.Flush(ctx)
		if err != nil {
			r.log.ErrorContext(ctx, "outbox flush failed", "err", err)
		}
		if n == int(r.batch) {
			continue
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Flush publishes one batch. Rows are locked so several relays can run.
func (r *Relay) Flush(ctx context.Context) (int, error) {
	var published int
	err := r.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		rows, err := q.LockUnpublishedOutbox(ctx, r.batch)
		if err != nil {
			return err
		}
		ids := make([]uuid.UUID, 0, len(rows))
		for _, row := range rows {
			// The outbox id doubles as the message id so consumers can
			// de-duplicate a batch that is published twice.
			msg := message.NewMessage(row.ID.String(), row.Payload)
			msg.Metadata.Set(MetaEventType, row.EventType)
			msg.Metadata.Set(MetaPartitionKey, row.PartitionKey)
			if err := r.pub.Publish(row.Topic, msg); err != nil {
				return fmt.Errorf("publish %s: %w", row.ID, err)
			}
			ids = append(ids, row.ID)
		}
		published = len(ids)
		if len(ids) == 0 {
			return nil
		}
		return q.MarkOutboxPublished(ctx, ids)
	})
	return published, err
}
