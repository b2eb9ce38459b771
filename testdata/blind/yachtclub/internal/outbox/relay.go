// Package outbox publishes rows from outbox_events to Kafka.
package outbox

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/platform/kafka"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// Relay moves committed outbox rows onto Kafka.
type Relay struct {
	uow       uow.UnitOfWork
	repos     *store.Repos
	publisher kafka.Publisher
	batch     int
	now       func() time.Time
}

// NewRelay builds a relay.
func NewRelay(u uow.UnitOfWork, repos *store.Repos, pub kafka.Publisher) *Relay {
	return &Relay{uow: u, repos: repos, publisher: pub, batch: 100, now: time.Now}
}

// Flush publishes one batch. Each record carries the outbox row id as its
// event id, so a batch republished after a failed commit is recognised by
// consumers.
func (r *Relay) Flush(ctx context.Context) (int, error) {
	var n int
	err := r.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		rows, err := r.repos.Events.LockUnpublished(ctx, tx, r.batch)
		if err != nil {
			return err
		}
		published := make([]string, 0, len(rows))
		for _, row := range rows {
			evt := kafka.Event{
				ID:         row.ID,
				Type:       row.EventType,
				Key:        row.PartKey,
				OccurredAt: row.CreatedAt,
				Payload:    row.Payload,
			}
			if err := r.publisher.Publish(ctx, row.Topic, evt); err != nil {
				break
			}
			published = append(published, row.ID)
		}
		n = len(published)
		return r.repos.Events.MarkPublished(ctx, tx, published, r.now())
	})
	return n, err
}
