package app

import (
	"context"
	"fmt"
)

// OutboxRelay publishes rows written to the outbox table. Consumers of the
// published topics must tolerate duplicates: a crash between publish and
// MarkPublished republishes the batch.
type OutboxRelay struct {
	outbox    OutboxRepository
	publisher Publisher
	batch     int
}

func NewOutboxRelay(outbox OutboxRepository, publisher Publisher) *OutboxRelay {
	return &OutboxRelay{outbox: outbox, publisher: publisher, batch: 500}
}

// RelayOnce publishes one batch and returns how many messages were sent.
func (r *OutboxRelay) RelayOnce(ctx context.Context) (int, error) {
	msgs, err := r.outbox.ListUnpublished(ctx, r.batch)
	if err != nil {
		return 0, err
	}
	if len(msgs) == 0 {
		return 0, nil
	}
	bus := make([]BusMessage, len(msgs))
	idList := make([]int64, len(msgs))
	for i, m := range msgs {
		bus[i] = BusMessage{Topic: m.Topic, Key: m.Key, Payload: m.Payload}
		idList[i] = m.ID
	}
	if err := r.publisher.Publish(ctx, bus...); err != nil {
		return 0, fmt.Errorf("publish outbox batch: %w", err)
	}
	if err := r.outbox.MarkPublished(ctx, idList); err != nil {
		return 0, fmt.Errorf("mark outbox published: %w", err)
	}
	return len(msgs), nil
}
