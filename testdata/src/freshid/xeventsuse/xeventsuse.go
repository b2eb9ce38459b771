// Package xeventsuse consumes a topic and dispatches each event to the
// handlers it registers with a dispatcher of another package.
package xeventsuse

import (
	"context"
	"database/sql"
	"encoding/json"

	"freshid/xevents"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
)

// A Shipped is the payload of a shipped event.
type Shipped struct{ OrderID string }

// Handlers registers the group's handlers.
func Handlers(db *sql.DB) *xevents.Dispatcher[xevents.Envelope] {
	return xevents.New(xevents.TypeOf).
		On("order.placed", func(ctx context.Context, e xevents.Envelope) error {
			_, err := db.ExecContext(ctx, "INSERT INTO invoices (id, order_ref) VALUES ($1, $2)", uuid.NewString(), e.ID) // want `a retry inserts a second invoices row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop func literal in Handlers\)`
			return err
		}).
		On("order.shipped", xevents.Decode(func(ctx context.Context, e xevents.Envelope, s Shipped) error {
			_, err := db.ExecContext(ctx, "INSERT INTO parcels (id, order_ref) VALUES ($1, $2)", uuid.NewString(), s.OrderID) // want `a retry inserts a second parcels row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop func literal in Handlers\)`
			return err
		})).
		On("order.noted", func(ctx context.Context, e xevents.Envelope) error {
			// Keyed by the event's own ID: the same on a redelivery.
			_, err := db.ExecContext(ctx, "INSERT INTO notes (id, body) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", e.ID, string(e.Data))
			return err
		})
}

// Run reads the topic and dispatches each event.
func Run(ctx context.Context, r *kafka.Reader, d *xevents.Dispatcher[xevents.Envelope]) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var e xevents.Envelope
		if err := json.Unmarshal(m.Value, &e); err != nil {
			continue
		}
		if err := d.Dispatch(ctx, e); err != nil {
			continue
		}
		r.CommitMessages(ctx, m)
	}
}
