package events

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/quillpress/apcdesk/internal/domain"
)

// Relay copies committed outbox rows to Kafka. Delivery is at least once:
// a crash after the write and before MarkPublished republishes the rows,
// with the same envelope id, on the next tick.
type Relay struct {
	outbox   domain.OutboxRepository
	writer   *kafka.Writer
	batch    int
	interval time.Duration
	log      *slog.Logger
}

// NewRelay builds a Relay writing to brokers.
func NewRelay(outbox domain.OutboxRepository, brokers []string, log *slog.Logger) *Relay {
	return &Relay{
		outbox: outbox,
		writer: &kafka.Writer{
			Addr:         kafka.TCP(brokers...),
			Balancer:     &kafka.Hash{},
			RequiredAcks: kafka.RequireAll,
			BatchTimeout: 50 * time.Millisecond,
		},
		batch:    200,
		interval: time.Second,
		log:      log.With("component", "outbox-relay"),
	}
}

// Run flushes until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		n, err := r.Flush(ctx)
		if err != nil {
			r.log.ErrorContext(ctx, "outbox flush failed", "err", err)
		}
		if n == r.batch {
			continue // more waiting; don't sleep
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Flush publishes one batch and returns how many rows it sent.
func (r *Relay) Flush(ctx context.Context) (int, error) {
	rows, err := r.outbox.Unpublished(ctx, r.batch)
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	msgs := make([]kafka.Message, 0, len(rows))
	ids := make([]string, 0, len(rows))
	for _, row := range rows {
		env := Envelope{
			ID:         row.ID,
			Type:       row.EventType,
			Source:     "apcdesk",
			OccurredAt: row.CreatedAt,
			Data:       json.RawMessage(row.Payload),
		}
		value, err := json.Marshal(env)
		if err != nil {
			return 0, fmt.Errorf("encode outbox %s: %w", row.ID, err)
		}
		msgs = append(msgs, kafka.Message{
			Topic:   row.Topic,
			Key:     []byte(row.PartitionKey),
			Value:   value,
			Headers: []kafka.Header{{Key: "event-id", Value: []byte(row.ID)}, {Key: "event-type", Value: []byte(row.EventType)}},
		})
		ids = append(ids, row.ID)
	}
	if err := r.writer.WriteMessages(ctx, msgs...); err != nil {
		return 0, fmt.Errorf("publish %d outbox rows: %w", len(msgs), err)
	}
	if err := r.outbox.MarkPublished(ctx, ids, time.Now().UTC()); err != nil {
		return len(msgs), fmt.Errorf("mark published: %w", err)
	}
	return len(msgs), nil
}

// Close flushes and closes the writer.
func (r *Relay) Close() error { return r.writer.Close() }
