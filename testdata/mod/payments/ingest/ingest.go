// Package ingest records the payment events it reads from Kafka with
// franz-go. A record is fetched again after a crash before its offset
// is committed.
package ingest

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Consumer stores payment events.
type Consumer struct {
	Client *kgo.Client
	DB     *pgxpool.Pool
}

// Run polls records until the client closes, storing each and
// committing the offsets of a fetch when it is stored.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			// A new event row on every delivery of the record.
			_, _ = c.DB.Exec(ctx, "INSERT INTO payment_events (event_id, body) VALUES ($1, $2)", uuid.NewString(), r.Value) // finding: IDEM001 fix: fmt.Sprintf("%s/%d/%d", r.Topic, r.Partition, r.Offset)
		})
		for _, r := range fetches.Records() {
			key := fmt.Sprintf("%s/%d/%d", r.Topic, r.Partition, r.Offset)
			_, _ = c.DB.Exec(ctx, "INSERT INTO ledger_events (event_id, body) VALUES ($1, $2) ON CONFLICT DO NOTHING", key, r.Value) // safe: the record's coordinates, absorbed on conflict
		}
		if err := c.Client.CommitRecords(ctx, fetches.Records()...); err != nil {
			return err
		}
	}
}
