// Package outbox stores domain events next to the state change that
// produced them and relays them to Kafka afterwards.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/store"
)

const JobEventsTopic = "pilotage.job-events.v1"

// Writer appends events to the outbox. Enqueue must be called with a
// context carrying the caller's transaction so the event commits or rolls
// back with the change it describes.
type Writer struct {
	q *db.Queries
}

func NewWriter(q *db.Queries) *Writer {
	return &Writer{q: q}
}

type Event struct {
	Type    string
	Key     string
	Payload any
}

func (w *Writer) Enqueue(ctx context.Context, topic string, ev Event) error {
	if _, ok := store.TxFrom(ctx); !ok {
		return fmt.Errorf("outbox: enqueue %s outside a transaction", ev.Type)
	}
	payload, err := json.Marshal(ev.Payload)
	if err != nil {
		return fmt.Errorf("outbox: encode %s: %w", ev.Type, err)
	}
	return store.Queries(ctx, w.q).InsertOutboxEvent(ctx, db.InsertOutboxEventParams{
		ID:        xid.New().String(),
		Topic:     topic,
		EventKey:  ev.Key,
		EventType: ev.Type,
		Payload:   payload,
	})
}
