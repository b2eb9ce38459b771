package events

import (
	"context"
	"fmt"

	"github.com/IBM/sarama"
)

// SaramaPublisher publishes through a sarama.SyncProducer.
type SaramaPublisher struct {
	producer sarama.SyncProducer
}

func NewSaramaPublisher(p sarama.SyncProducer) *SaramaPublisher {
	return &SaramaPublisher{producer: p}
}

func (p *SaramaPublisher) Publish(ctx context.Context, msgs ...Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	batch := make([]*sarama.ProducerMessage, 0, len(msgs))
	for _, m := range msgs {
		batch = append(batch, &sarama.ProducerMessage{
			Topic: m.Topic,
			Key:   sarama.StringEncoder(m.Key),
			Value: sarama.ByteEncoder(m.Payload),
			Headers: []sarama.RecordHeader{
				{Key: []byte(HeaderEventID), Value: []byte(m.ID)},
			},
		})
	}
	if len(batch) == 1 {
		if _, _, err := p.producer.SendMessage(batch[0]); err != nil {
			return fmt.Errorf("publish %s: %w", batch[0].Topic, err)
		}
		return nil
	}
	if err := p.producer.SendMessages(batch); err != nil {
		return fmt.Errorf("publish batch: %w", err)
	}
	return nil
}

func (p *SaramaPublisher) Close() error { return p.producer.Close() }
