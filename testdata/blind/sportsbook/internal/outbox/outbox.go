// Package outbox writes domain events to the outbox table inside business
// transactions; cmd/outbox-relay publishes them to Kafka.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Topics.
const (
	TopicWallet   = "sportsbook.wallet.v1"
	TopicBets     = "sportsbook.bets.v1"
	TopicPayments = "sportsbook.payments.v1"
	TopicAudit    = "sportsbook.audit.v1"
)

// Event is a domain event to be published.
type Event struct {
	// ID is the event's identity, carried to Kafka as the event-id header.
	ID           string
	Topic        string
	PartitionKey string
	Type         string
	Payload      any
}

// Record is a row of the outbox table.
type Record struct {
	ID           int64           `db:"id"`
	EventID      string          `db:"event_id"`
	Topic        string          `db:"topic"`
	PartitionKey string          `db:"partition_key"`
	EventType    string          `db:"event_type"`
	Payload      json.RawMessage `db:"payload"`
	CreatedAt    time.Time       `db:"created_at"`
	PublishedAt  *time.Time      `db:"published_at"`
}

// Writer enqueues events in the caller's transaction.
type Writer struct{}

// NewWriter returns an outbox Writer.
func NewWriter() *Writer { return &Writer{} }

// Enqueue stores evt in tx.
func (w *Writer) Enqueue(ctx context.Context, tx sqlx.ExecerContext, evt Event) error {
	payload, err := json.Marshal(evt.Payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", evt.Type, err)
	}
	_, err = tx.ExecContext(ctx, `
INSERT INTO outbox (event_id, topic, partition_key, event_type, payload)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (event_id) DO NOTHING`, evt.ID, evt.Topic, evt.PartitionKey, evt.Type, payload)
	if err != nil {
		return fmt.Errorf("outbox: enqueue %s: %w", evt.Type, err)
	}
	return nil
}

// EventID builds a deterministic event id from its parts.
func EventID(parts ...string) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += ":"
		}
		out += p
	}
	return out
}
