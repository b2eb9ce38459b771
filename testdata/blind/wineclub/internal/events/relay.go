package events

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/vinoteca/wineclub/internal/models"
)

// OutboxSource is the part of the outbox repository the relay needs.
type OutboxSource interface {
	Unpublished(ctx context.Context, limit int) ([]models.OutboxMessage, error)
	MarkPublished(ctx context.Context, ids []string) error
}

// MessageWriter is satisfied by *kafka.Writer.
type MessageWriter interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error
}

// Relay copies committed outbox rows to Kafka. A row can be published more
// than once if the process stops between the write and MarkPublished; the
// envelope id is the outbox id, so consumers see the same id each time.
type Relay struct {
	src      OutboxSource
	w        MessageWriter
	batch    int
	interval time.Duration
	log      *slog.Logger
}

// NewRelay builds a relay.
func NewRelay(src OutboxSource, w MessageWriter, log *slog.Logger) *Relay {
	return &Relay{src: src, w: w, batch: 200, interval: time.Second, log: log}
}

// Run polls until ctx is done.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		if err := r.Once(ctx); err != nil && ctx.Err() == nil {
			r.log.Warn("relay: batch failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Once publishes one batch.
func (r *Relay) Once(ctx context.Context) error {
	rows, err := r.src.Unpublished(ctx, r.batch)
	if err != nil || len(rows) == 0 {
		return err
	}
	msgs := make([]kafka.Message, 0, len(rows))
	ids := make([]string, 0, len(rows))
	for _, row := range rows {
		env := Envelope{ID: row.ID, Type: row.EventType, OccurredAt: row.CreatedAt, Data: row.Payload}
		body, err := json.Marshal(env)
		if err != nil {
			return err
		}
		msgs = append(msgs, kafka.Message{
			Topic: row.Topic,
			Key:   []byte(row.MessageKey),
			Value: body,
			Headers: []kafka.Header{
				{Key: "event-id", Value: []byte(row.ID)},
				{Key: "event-type", Value: []byte(row.EventType)},
			},
		})
		ids = append(ids, row.ID)
	}
	if err := r.w.WriteMessages(ctx, msgs...); err != nil {
		return err
	}
	return r.src.MarkPublished(ctx, ids)
}

// NewWriter returns a Kafka writer that routes by message topic.
func NewWriter(brokers []string) *kafka.Writer {
	return &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 50 * time.Millisecond,
	}
}
