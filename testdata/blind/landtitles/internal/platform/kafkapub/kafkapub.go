// Package kafkapub publishes domain events to Kafka.
package kafkapub

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// Message is one event ready to publish.
type Message struct {
	Topic   string
	Key     string
	Value   []byte
	Headers map[string]string
}

// Producer wraps a kafka-go Writer. Topics are chosen per message.
type Producer struct {
	w *kafka.Writer
}

// NewProducer returns a producer for the given brokers.
func NewProducer(brokers []string) *Producer {
	return &Producer{w: &kafka.Writer{
		Addr:                   kafka.TCP(brokers...),
		Balancer:               &kafka.Hash{},
		RequiredAcks:           kafka.RequireAll,
		AllowAutoTopicCreation: false,
		BatchTimeout:           50 * time.Millisecond,
		WriteTimeout:           10 * time.Second,
	}}
}

// Publish writes the messages synchronously.
func (p *Producer) Publish(ctx context.Context, msgs ...Message) error {
	out := make([]kafka.Message, 0, len(msgs))
	for _, m := range msgs {
		km := kafka.Message{Topic: m.Topic, Key: []byte(m.Key), Value: m.Value}
		for k, v := range m.Headers {
			km.Headers = append(km.Headers, kafka.Header{Key: k, Value: []byte(v)})
		}
		out = append(out, km)
	}
	return p.w.WriteMessages(ctx, out...)
}

// Close flushes and closes the writer.
func (p *Producer) Close() error { return p.w.Close() }
