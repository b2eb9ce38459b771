package events

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

type unitOfWork interface {
	Do(ctx context.Context, fn func(context.Context, *store.Repos) error) error
}

// Relay moves committed outbox rows onto the bus. The outbox row ID becomes
// the Watermill message UUID, so a row that is published twice (crash before
// MarkPublished commits) reaches consumers with the same ID both times.
type Relay struct {
	uow   unitOfWork
	pub   message.Publisher
	every time.Duration
	batch int
	log   *slog.Logger
}

func NewRelay(uow *store.UnitOfWork, pub message.Publisher, cfg config.Config, log *slog.Logger) *Relay {
	return &Relay{uow: uow, pub: pub, every: cfg.OutboxPollEvery, batch: 100, log: log}
}

func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			if n, err := r.drain(ctx); err != nil {
				r.log.Error("outbox relay", "err", err)
			} else if n > 0 {
				r.log.Debug("outbox relayed", "count", n)
			}
		}
	}
}

func (r *Relay) drain(ctx context.Context) (int, error) {
	var sent int
	err := r.uow.Do(ctx, func(ctx context.Context, repos *store.Repos) error {
		rows, err := repos.Outbox.ClaimBatch(ctx, r.batch)
		if err != nil {
			return err
		}
		for _, row := range rows {
			msg := message.NewMessage(row.ID, row.Payload)
			msg.Metadata.Set("topic", row.Topic)
			msg.Metadata.Set("enqueued_at", row.CreatedAt.Format(time.RFC3339Nano))
			if err := r.pub.Publish(row.Topic, msg); err != nil {
				return fmt.Errorf("publish %s: %w", row.ID, err)
			}
			if err := repos.Outbox.MarkPublished(ctx, row.ID); err != nil {
				return err
			}
			sent++
		}
		return nil
	})
	return sent, err
}
