package kafkax

import (
	"context"
	"encoding/json"
	"time"

	"github.com/segmentio/kafka-go"
)

// Publisher writes envelopes to one topic.
type Publisher struct {
	w *kafka.Writer
}

// NewPublisher creates a publisher that hashes on the message key so events
// for one session stay ordered.
func NewPublisher(brokers []string, topic string) *Publisher {
	return &Publisher{w: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        topic,
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 20 * time.Millisecond,
	}}
}

// Publish writes env keyed by key.
func (p *Publisher) Publish(ctx context.Context, key string, env Envelope) error {
	body, err := json.Marshal(env)
	if err != nil {
		return err
	}
	return p.w.WriteMessages(ctx, kafka.Message{
		Key:   []byte(key),
		Value: body,
		Headers: []kafka.Header{
			{Key: HeaderEventID, Value: []byte(env.ID)},
			{Key: HeaderEventType, Value: []byte(env.Type)},
			{Key: HeaderSource, Value: []byte(env.Source)},
		},
	})
}

// Forward writes an already-encoded message body, preserving its headers.
func (p *Publisher) Forward(ctx context.Context, m kafka.Message) error {
	return p.w.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value, Headers: m.Headers})
}

func (p *Publisher) Close() error { return p.w.Close() }
