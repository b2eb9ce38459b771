package edi

import (
	"context"
	"log/slog"
	"time"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/queue/ediqueue"
)

// PendingOutbox is the relay's view of the outbox.
type PendingOutbox interface {
	LockPending(ctx context.Context, limit int) ([]domain.OutboxMessage, error)
	MarkRelayed(ctx context.Context, ids []int64, at time.Time) error
}

// JobPublisher puts jobs on the outbound queue.
type JobPublisher interface {
	Publish(ctx context.Context, job ediqueue.Job) (string, error)
}

// Relay moves outbox rows onto the outbound queue.
type Relay struct {
	uow       db.UnitOfWork
	outbox    PendingOutbox
	publisher JobPublisher
	batch     int
}

// NewRelay wires Relay.
func NewRelay(uow db.UnitOfWork, outbox PendingOutbox, publisher JobPublisher) *Relay {
	return &Relay{uow: uow, outbox: outbox, publisher: publisher, batch: 100}
}

// RelayOnce publishes one batch and returns how many rows it relayed.
// The outbox dedup key doubles as the queue message id, so a batch that is
// published again after a failed commit is collapsed by SQS and by the
// delivery worker.
func (r *Relay) RelayOnce(ctx context.Context) (int, error) {
	var relayed []int64
	err := r.uow.Do(ctx, func(ctx context.Context) error {
		pending, err := r.outbox.LockPending(ctx, r.batch)
		if err != nil {
			return err
		}
		for _, m := range pending {
			if _, err := r.publisher.Publish(ctx, ediqueue.Job{
				MessageID:   m.DedupKey,
				MessageType: m.MessageType,
				LineCode:    m.LineCode,
				Payload:     m.Payload,
			}); err != nil {
				slog.WarnContext(ctx, "outbox publish failed", "outbox_id", m.ID, "err", err)
				break
			}
			relayed = append(relayed, m.ID)
		}
		if len(relayed) == 0 {
			return nil
		}
		return r.outbox.MarkRelayed(ctx, relayed, time.Now().UTC())
	})
	return len(relayed), err
}
