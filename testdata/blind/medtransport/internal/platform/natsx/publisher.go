package natsx

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Publisher publishes JSON payloads to JetStream.
type Publisher struct {
	js jetstream.JetStream
}

func NewPublisher(js jetstream.JetStream) *Publisher {
	return &Publisher{js: js}
}

// PublishJSON marshals v and publishes it. msgID, when set, is used as the
// Nats-Msg-Id so the stream drops duplicates inside its window.
func (p *Publisher) PublishJSON(ctx context.Context, subject, msgID string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", subject, err)
	}
	return p.PublishRaw(ctx, subject, msgID, data)
}

// PublishRaw publishes an already encoded payload.
func (p *Publisher) PublishRaw(ctx context.Context, subject, msgID string, data []byte) error {
	var opts []jetstream.PublishOpt
	if msgID != "" {
		opts = append(opts, jetstream.WithMsgID(msgID))
	}
	if _, err := p.js.Publish(ctx, subject, data, opts...); err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	return nil
}

// EnsureStreams creates or updates the streams the platform relies on.
func EnsureStreams(ctx context.Context, js jetstream.JetStream) error {
	streams := []jetstream.StreamConfig{
		{Name: "RIDES", Subjects: []string{"rides.>"}, Duplicates: 10 * time.Minute, MaxAge: 14 * 24 * time.Hour},
		{Name: "TRIPS", Subjects: []string{"trips.>"}, Duplicates: 10 * time.Minute, MaxAge: 30 * 24 * time.Hour},
	}
	for _, cfg := range streams {
		if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("stream %s: %w", cfg.Name, err)
		}
	}
	return nil
}
