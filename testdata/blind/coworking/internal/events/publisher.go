package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/deskhive/coworking/internal/retry"
)

// Publisher publishes envelopes.
type Publisher interface {
	Publish(ctx context.Context, subject string, env Envelope) error
	PublishRaw(ctx context.Context, subject, msgID string, data []byte) error
}

// JetStreamPublisher implements Publisher on JetStream.
type JetStreamPublisher struct {
	js jetstream.JetStream
}

// NewJetStreamPublisher wraps a JetStream context.
func NewJetStreamPublisher(js jetstream.JetStream) *JetStreamPublisher {
	return &JetStreamPublisher{js: js}
}

// Publish marshals env and publishes it with env.ID as the message ID.
func (p *JetStreamPublisher) Publish(ctx context.Context, subject string, env Envelope) error {
	data, err := json.Marshal(env)
	if err != nil {
		return fmt.Errorf("marshal envelope: %w", err)
	}
	return p.PublishRaw(ctx, subject, env.ID, data)
}

// PublishRaw publishes pre-encoded data with the given message ID, retrying
// transient failures with the same ID.
func (p *JetStreamPublisher) PublishRaw(ctx context.Context, subject, msgID string, data []byte) error {
	_, err := retry.Do(ctx, func(ctx context.Context) (*jetstream.PubAck, error) {
		return p.js.Publish(ctx, subject, data, jetstream.WithMsgID(msgID))
	}, retry.WithMaxRetries(3))
	if err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	return nil
}

// EnsureStreams creates or updates the streams this service owns.
func EnsureStreams(ctx context.Context, js jetstream.JetStream) error {
	cfgs := []jetstream.StreamConfig{
		{Name: StreamBookings, Subjects: []string{"bookings.>"}, Duplicates: 10 * time.Minute},
		{Name: StreamAccess, Subjects: []string{"access.>"}, Duplicates: 10 * time.Minute},
	}
	for _, cfg := range cfgs {
		if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("ensure stream %s: %w", cfg.Name, err)
		}
	}
	return nil
}
