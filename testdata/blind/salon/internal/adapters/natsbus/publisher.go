package natsbus

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/velvetchair/salon/internal/core/ports"
)

// Publisher implements ports.EventPublisher. The message ID, when set, is
// sent as Nats-Msg-Id so the stream drops duplicates inside its window.
type Publisher struct {
	js jetstream.JetStream
}

func NewPublisher(js jetstream.JetStream) *Publisher { return &Publisher{js: js} }

func (p *Publisher) Publish(ctx context.Context, subject string, payload any, opts ...ports.PublishOption) error {
	var o ports.PublishOptions
	for _, fn := range opts {
		fn(&o)
	}
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s: %w", subject, err)
	}
	msg := &nats.Msg{Subject: subject, Data: data, Header: nats.Header{}}
	msg.Header.Set("Content-Type", "application/json")
	for k, v := range o.Headers {
		msg.Header.Set(k, v)
	}
	var pubOpts []jetstream.PublishOpt
	if o.MessageID != "" {
		pubOpts = append(pubOpts, jetstream.WithMsgID(o.MessageID))
	}
	if _, err := p.js.PublishMsg(ctx, msg, pubOpts...); err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	return nil
}
