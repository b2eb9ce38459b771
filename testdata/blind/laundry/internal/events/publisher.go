package events

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, key string, env Envelope) error
}

type KafkaPublisher struct {
	w *kafka.Writer
}

func NewKafkaPublisher(w *kafka.Writer) *KafkaPublisher { return &KafkaPublisher{w: w} }

func (p *KafkaPublisher) Publish(ctx context.Context, topic, key string, env Envelope) error {
	body, err := json.Marshal(env)
	if err != nil {
		return err
	}
	return p.w.WriteMessages(ctx, kafka.Message{
		Topic: topic,
		Key:   []byte(key),
		Value: body,
		Headers: []kafka.Header{
			{Key: "event-id", Value: []byte(env.ID)},
			{Key: "event-type", Value: []byte(env.Type)},
		},
	})
}

func (p *KafkaPublisher) Close() error { return p.w.Close() }
