package kafkax

import (
	"context"
	"encoding/json"
	"time"

	"github.com/segmentio/kafka-go"
)

const (
	HeaderEventID   = "event-id"
	HeaderEventType = "event-type"
	HeaderProducer  = "producer"
)

type Publisher struct {
	w        *kafka.Writer
	producer string
}

func NewPublisher(brokers []string, producer string) *Publisher {
	return &Publisher{
		producer: producer,
		w: &kafka.Writer{
			Addr:         kafka.TCP(brokers...),
			Balancer:     &kafka.Hash{},
			RequiredAcks: kafka.RequireAll,
			BatchTimeout: 20 * time.Millisecond,
		},
	}
}

// Publish writes one event. key picks the partition; eventID travels in a
// header so consumers can recognise redeliveries.
func (p *Publisher) Publish(ctx context.Context, topic, key, eventID string, evt any) error {
	b, err := json.Marshal(evt)
	if err != nil {
		return err
	}
	return p.w.WriteMessages(ctx, kafka.Message{
		Topic: topic,
		Key:   []byte(key),
		Value: b,
		Headers: []kafka.Header{
			{Key: HeaderEventID, Value: []byte(eventID)},
			{Key: HeaderEventType, Value: []byte(topic)},
			{Key: HeaderProducer, Value: []byte(p.producer)},
		},
	})
}

func (p *Publisher) Close() error { return p.w.Close() }
