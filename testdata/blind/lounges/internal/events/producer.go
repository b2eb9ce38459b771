package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/segmentio/kafka-go"
)

// Publisher sends envelopes to a topic.
type Publisher interface {
	Publish(ctx context.Context, envs ...Envelope) error
}

// KafkaProducer publishes envelopes with kafka-go. Messages carry event_id,
// event_type and schema_version headers.
type KafkaProducer struct {
	w *kafka.Writer
}

func NewKafkaProducer(brokers []string, topic string) *KafkaProducer {
	return &KafkaProducer{w: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        topic,
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 50 * time.Millisecond,
		WriteTimeout: 10 * time.Second,
	}}
}

func (p *KafkaProducer) Publish(ctx context.Context, envs ...Envelope) error {
	if len(envs) == 0 {
		return nil
	}
	msgs := make([]kafka.Message, 0, len(envs))
	for _, e := range envs {
		body, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("encode %s: %w", e.EventType, err)
		}
		msgs = append(msgs, kafka.Message{
			Key:   []byte(e.Key),
			Value: body,
			Time:  e.OccurredAt,
			Headers: []kafka.Header{
				{Key: "event_id", Value: []byte(e.EventID)},
				{Key: "event_type", Value: []byte(e.EventType)},
				{Key: "schema_version", Value: []byte(SchemaVersion)},
			},
		})
	}
	if err := p.w.WriteMessages(ctx, msgs...); err != nil {
		return fmt.Errorf("kafka write: %w", err)
	}
	return nil
}

func (p *KafkaProducer) Close() error { return p.w.Close() }
