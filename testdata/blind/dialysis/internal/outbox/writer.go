// Package outbox writes domain events into outbox_events inside the caller's
// transaction and relays them to Pub/Sub afterwards.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/events"
	"github.com/renalnet/dialysis-ops/internal/ids"
)

// Write appends env to the outbox using q, which should be bound to the
// same transaction as the state change the event describes.
func Write(ctx context.Context, q *db.Queries, env events.Envelope) error {
	payload, err := json.Marshal(env.Payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", env.Type, err)
	}
	return q.InsertOutboxEvent(ctx, db.InsertOutboxEventParams{
		ID:            ids.NewV7(),
		Topic:         env.Topic,
		EventType:     env.Type,
		AggregateType: env.AggregateType,
		AggregateID:   env.AggregateID,
		OrderingKey:   env.OrderingKey,
		Payload:       payload,
	})
}
