// Package kafka holds the segmentio/kafka-go producer and the consumer
// loop the worker runs per topic.
package kafka

import (
	"context"
	"time"

	kafkago "github.com/segmentio/kafka-go"

	"github.com/merchline/preorders/internal/core/ports"
)

// Producer publishes to any topic through one writer. kafka-go's writer
// does not deduplicate: a retried write can land twice, so every message we
// publish carries a stable message id for consumers to dedup on.
type Producer struct {
	w *kafkago.Writer
}

var _ ports.Publisher = (*Producer)(nil)

func NewProducer(brokers []string) *Producer {
	return &Producer{w: &kafkago.Writer{
		Addr:         kafkago.TCP(brokers...),
		Balancer:     &kafkago.Hash{},
		RequiredAcks: kafkago.RequireAll,
		BatchTimeout: 20 * time.Millisecond,
		MaxAttempts:  5,
	}}
}

func (p *Producer) Publish(ctx context.Context, topic string, msgs ...ports.Message) error {
	out := make([]kafkago.Message, 0, len(msgs))
	for _, m := range msgs {
		km := kafkago.Message{Topic: topic, Key: []byte(m.Key), Value: m.Value}
		for k, v := range m.Headers {
			km.Headers = append(km.Headers, kafkago.Header{Key: k, Value: []byte(v)})
		}
		out = append(out, km)
	}
	return p.w.WriteMessages(ctx, out...)
}

func (p *Producer) Close() error { return p.w.Close() }
