package bus

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Publisher publishes JSON events to JetStream.
type Publisher interface {
	Publish(ctx context.Context, subject string, v any, msgID string) error
}

// JetStreamPublisher is the production Publisher.
type JetStreamPublisher struct {
	js jetstream.JetStream
}

func NewPublisher(js jetstream.JetStream) *JetStreamPublisher {
	return &JetStreamPublisher{js: js}
}

// Publish marshals v and publishes it. When msgID is set it is sent as
// Nats-Msg-Id so the stream drops repeats inside its duplicate window.
func (p *JetStreamPublisher) Publish(ctx context.Context, subject string, v any, msgID string) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("bus: marshal %s: %w", subject, err)
	}
	var opts []jetstream.PublishOpt
	if msgID != "" {
		opts = append(opts, jetstream.WithMsgID(msgID))
	}
	if _, err := p.js.Publish(ctx, subject, data, opts...); err != nil {
		return fmt.Errorf("bus: publish %s: %w", subject, err)
	}
	return nil
}

// EnsureStream creates or updates the stream that carries the given subjects.
func EnsureStream(ctx context.Context, js jetstream.JetStream, name string, subjects []string) error {
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       name,
		Subjects:   subjects,
		Storage:    jetstream.FileStorage,
		Retention:  jetstream.LimitsPolicy,
		MaxAge:     30 * 24 * time.Hour,
		Duplicates: 10 * time.Minute,
	})
	if err != nil {
		return fmt.Errorf("bus: ensure stream %s: %w", name, err)
	}
	return nil
}
