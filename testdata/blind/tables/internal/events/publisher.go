package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Publisher emits domain events.
type Publisher interface {
	BookingConfirmed(ctx context.Context, evt BookingConfirmed) error
}

// JetStreamPublisher publishes with a Nats-Msg-Id derived from the event so
// the stream's duplicate window absorbs re-publishes.
type JetStreamPublisher struct {
	js jetstream.JetStream
}

func NewJetStreamPublisher(js jetstream.JetStream) *JetStreamPublisher {
	return &JetStreamPublisher{js: js}
}

func (p *JetStreamPublisher) BookingConfirmed(ctx context.Context, evt BookingConfirmed) error {
	data, err := json.Marshal(evt)
	if err != nil {
		return err
	}
	_, err = p.js.Publish(ctx, SubjectOutboundConfirmed, data,
		jetstream.WithMsgID("booking-confirmed:"+evt.BookingID))
	if err != nil {
		return fmt.Errorf("events: publish %s: %w", SubjectOutboundConfirmed, err)
	}
	return nil
}
