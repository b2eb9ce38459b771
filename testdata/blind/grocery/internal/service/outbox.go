package service

import (
	"context"
	"log/slog"
)

// OutboxRelay publishes events written to the outbox table. Each event is
// published with its row id as the JetStream message id, so a batch that
// is published but not marked (crash, lost commit) is deduplicated by the
// stream when the next run publishes it again.
type OutboxRelay struct {
	tx     TxRunner
	outbox OutboxStore
	bus    Publisher
	now    Clock
	batch  int
	log    *slog.Logger
}

func NewOutboxRelay(tx TxRunner, outbox OutboxStore, bus Publisher, now Clock, batch int, log *slog.Logger) *OutboxRelay {
	if batch <= 0 {
		batch = 100
	}
	return &OutboxRelay{tx: tx, outbox: outbox, bus: bus, now: now, batch: batch, log: log}
}

func (r *OutboxRelay) RunOnce(ctx context.Context) (int, error) {
	published := 0
	err := r.tx.RunInTx(ctx, func(ctx context.Context) error {
		pending, err := r.outbox.Pending(ctx, r.batch)
		if err != nil {
			return err
		}
		ids := make([]string, 0, len(pending))
		for _, ev := range pending {
			if err := r.bus.PublishRaw(ctx, ev.Subject, ev.Payload, ev.ID); err != nil {
				r.log.WarnContext(ctx, "outbox publish failed", "event_id", ev.ID, "subject", ev.Subject, "err", err)
				break
			}
			ids = append(ids, ev.ID)
		}
		published = len(ids)
		return r.outbox.MarkPublished(ctx, ids, r.now())
	})
	return published, err
}
