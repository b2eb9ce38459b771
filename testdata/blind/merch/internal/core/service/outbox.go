package service

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/ports"
)

// OutboxRelay publishes committed outbox rows to Kafka. Delivery is
// at-least-once: a batch whose publish succeeded but whose "published"
// mark did not commit goes out again, with the same message-id header,
// and every consumer of our topics dedups on it.
type OutboxRelay struct {
	base
	tx    ports.TxRunner
	pub   ports.Publisher
	batch int32
}

func NewOutboxRelay(tx ports.TxRunner, pub ports.Publisher, batch int32, log *slog.Logger, opts ...Option) *OutboxRelay {
	return &OutboxRelay{base: newBase(log.With("svc", "outbox"), opts), tx: tx, pub: pub, batch: batch}
}

func (r *OutboxRelay) RelayOnce(ctx context.Context) (int, error) {
	sent := 0
	err := r.tx.InTx(ctx, func(st ports.Store) error {
		msgs, err := st.ClaimOutbox(ctx, r.batch)
		if err != nil || len(msgs) == 0 {
			return err
		}
		byTopic := map[string][]ports.Message{}
		ids := make([]uuid.UUID, 0, len(msgs))
		for _, m := range msgs {
			byTopic[m.Topic] = append(byTopic[m.Topic], ports.Message{
				Key:   m.Key,
				Value: m.Payload,
				Headers: map[string]string{
					"message-id": m.ID.String(),
					"dedup-key":  m.DedupKey,
				},
			})
			ids = append(ids, m.ID)
		}
		for topic, batch := range byTopic {
			if err := r.pub.Publish(ctx, topic, batch...); err != nil {
				return err
			}
		}
		sent = len(msgs)
		return st.MarkOutboxPublished(ctx, ids, r.now())
	})
	return sent, err
}
