package kafkax

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// ProducerOptions configures the shared writer.
type ProducerOptions struct {
	Brokers      []string
	BatchTimeout time.Duration
}

// Producer publishes outbound events. Topic is chosen per message.
type Producer struct {
	w *kafka.Writer
}

// NewProducer builds a Producer over a kafka-go Writer.
func NewProducer(opts ProducerOptions) *Producer {
	if opts.BatchTimeout == 0 {
		opts.BatchTimeout = 50 * time.Millisecond
	}
	return &Producer{w: &kafka.Writer{
		Addr:                   kafka.TCP(opts.Brokers...),
		Balancer:               &kafka.Hash{},
		RequiredAcks:           kafka.RequireAll,
		BatchTimeout:           opts.BatchTimeout,
		AllowAutoTopicCreation: false,
	}}
}

// Record is one outbound message.
type Record struct {
	Topic   string
	Key     string
	Value   []byte
	Headers map[string]string
}

// Send writes records synchronously.
func (p *Producer) Send(ctx context.Context, recs ...Record) error {
	msgs := make([]kafka.Message, 0, len(recs))
	for _, r := range recs {
		m := kafka.Message{Topic: r.Topic, Key: []byte(r.Key), Value: r.Value}
		for k, v := range r.Headers {
			m.Headers = append(m.Headers, kafka.Header{Key: k, Value: []byte(v)})
		}
		msgs = append(msgs, m)
	}
	return p.w.WriteMessages(ctx, msgs...)
}

// Close flushes and closes the writer.
func (p *Producer) Close() error { return p.w.Close() }
