package outbox

import (
	"context"
	"log/slog"

	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/pubsubx"
	"github.com/renalnet/dialysis-ops/internal/store"
)

// Relay moves outbox rows to Pub/Sub. It runs as a periodic asynq task; rows
// are locked with SKIP LOCKED so overlapping runs split the backlog rather
// than publishing the same row twice in parallel.
type Relay struct {
	store     *store.Store
	publisher pubsubx.Publisher
	batchSize int32
	log       *slog.Logger
}

func NewRelay(st *store.Store, pub pubsubx.Publisher, batchSize int32, log *slog.Logger) *Relay {
	if batchSize <= 0 {
		batchSize = 200
	}
	return &Relay{store: st, publisher: pub, batchSize: batchSize, log: log}
}

// RelayBatch publishes one batch and reports how many rows were published.
// Each message carries the outbox row id as event_id, so a row that is
// published but not marked (crash between the two) is re-sent with the same
// event_id and dropped by consumers.
func (r *Relay) RelayBatch(ctx context.Context) (int, error) {
	published := 0
	err := r.store.InTx(ctx, func(q *db.Queries) error {
		rows, err := q.LockUnpublishedOutbox(ctx, r.batchSize)
		if err != nil {
			return err
		}
		for _, row := range rows {
			_, err := r.publisher.Publish(ctx, pubsubx.Message{
				Topic: row.Topic,
				Data:  row.Payload,
				Attributes: map[string]string{
					pubsubx.AttrEventID:   row.ID.String(),
					pubsubx.AttrEventType: row.EventType,
					"aggregate_type":      row.AggregateType,
					"aggregate_id":        row.AggregateID.String(),
				},
				OrderingKey: row.OrderingKey,
			})
			if err != nil {
				r.log.WarnContext(ctx, "outbox publish failed", "event_id", row.ID, "topic", row.Topic, "err", err)
				if mErr := q.MarkOutboxFailed(ctx, db.MarkOutboxFailedParams{
					ID:        row.ID,
					LastError: store.NullString(err.Error()),
				}); mErr != nil {
					return mErr
				}
				continue
			}
			if err := q.MarkOutboxPublished(ctx, row.ID); err != nil {
				return err
			}
			published++
		}
		return nil
	})
	return published, err
}
