package kafka

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Publisher publishes events synchronously.
type Publisher interface {
	Publish(ctx context.Context, topic string, evt Event) error
}

// Producer is a franz-go backed Publisher.
type Producer struct {
	cl     *kgo.Client
	source string
}

// NewProducer connects a producer. The franz-go idempotent producer is on by
// default, which protects against duplicates from its own internal retries.
func NewProducer(brokers []string, source string) (*Producer, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ClientID(source),
		kgo.RequiredAcks(kgo.AllISRAcks()),
		kgo.ProducerLinger(5*time.Millisecond),
	)
	if err != nil {
		return nil, fmt.Errorf("kafka producer: %w", err)
	}
	return &Producer{cl: cl, source: source}, nil
}

func (p *Producer) Publish(ctx context.Context, topic string, evt Event) error {
	value, err := json.Marshal(evt)
	if err != nil {
		return err
	}
	rec := &kgo.Record{
		Topic: topic,
		Key:   []byte(evt.Key),
		Value: value,
		Headers: []kgo.RecordHeader{
			{Key: HeaderEventID, Value: []byte(evt.ID)},
			{Key: HeaderEventType, Value: []byte(evt.Type)},
			{Key: HeaderSource, Value: []byte(p.source)},
		},
		Timestamp: evt.OccurredAt,
	}
	if err := p.cl.ProduceSync(ctx, rec).FirstErr(); err != nil {
		return fmt.Errorf("publish %s to %s: %w", evt.Type, topic, err)
	}
	return nil
}

// Close flushes and closes the client.
func (p *Producer) Close() {
	_ = p.cl.Flush(context.Background())
	p.cl.Close()
}
