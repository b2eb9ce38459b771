package app

import (
	"context"

	"github.com/northvault/custody/internal/ports"
)

// OutboxRelay publishes committed outbox events to the stream.
type OutboxRelay struct {
	uow   ports.UnitOfWork
	pub   ports.Publisher
	batch int
}

func NewOutboxRelay(uow ports.UnitOfWork, pub ports.Publisher) *OutboxRelay {
	return &OutboxRelay{uow: uow, pub: pub, batch: 200}
}

// Relay publishes one batch and reports how many events were sent.
func (o *OutboxRelay) Relay(ctx context.Context) (int, error) {
	sent := 0
	err := o.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		msgs, err := r.Outbox().ListPending(ctx, o.batch)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if err := o.pub.Publish(ctx, m.Subject, m.ID.String(), m.Payload); err != nil {
				return err
			}
			if err := r.Outbox().MarkPublished(ctx, m.ID); err != nil {
				return err
			}
			sent++
		}
		return nil
	})
	return sent, err
}
