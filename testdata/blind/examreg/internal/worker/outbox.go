package worker

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
	"github.com/lexicaassess/examreg/internal/platform/kafkax"
)

// OutboxStore is the outbox repository.
type OutboxStore interface {
	Unsent(ctx context.Context, limit int) ([]model.OutboxEvent, error)
	MarkSent(ctx context.Context, ids []string, at time.Time) error
}

// Sender publishes records to Kafka.
type Sender interface {
	Send(ctx context.Context, recs ...kafkax.Record) error
}

// OutboxRelay publishes outbox rows to Kafka. Delivery is at-least-once:
// a pass that fails after the write publishes the same rows again, with the
// same event-id header, on the next pass.
type OutboxRelay struct {
	db     *gorm.DB
	store  OutboxStore
	sender Sender
	batch  int
}

// NewOutboxRelay builds the relay.
func NewOutboxRelay(db *gorm.DB, store OutboxStore, sender Sender, batch int) *OutboxRelay {
	if batch <= 0 {
		batch = 200
	}
	return &OutboxRelay{db: db, store: store, sender: sender, batch: batch}
}

// Pass relays one batch.
func (r *OutboxRelay) Pass(ctx context.Context) error {
	return dbx.InTx(ctx, r.db, func(ctx context.Context) error {
		rows, err := r.store.Unsent(ctx, r.batch)
		if err != nil || len(rows) == 0 {
			return err
		}
		recs := make([]kafkax.Record, 0, len(rows))
		ids := make([]string, 0, len(rows))
		for _, row := range rows {
			recs = append(recs, kafkax.Record{
				Topic: row.Topic,
				Key:   row.PartitionKey,
				Value: row.Payload,
				Headers: map[string]string{
					"event-id":   row.ID,
					"event-type": row.EventType,
				},
			})
			ids = append(ids, row.ID)
		}
		if err := r.sender.Send(ctx, recs...); err != nil {
			return err
		}
		return r.store.MarkSent(ctx, ids, time.Now().UTC())
	})
}
