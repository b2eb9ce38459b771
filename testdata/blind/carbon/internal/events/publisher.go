// Package events publishes domain events to NATS JetStream and defines the
// registry partner's inbound event payloads.
package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Outbound subjects.
const (
	SubjectCertificateReady = "carbon.certificate.ready"
	SubjectTransferSettled  = "carbon.transfer.settled"
)

// Publisher publishes events. msgID is the JetStream de-duplication ID: the
// stream drops a second message with the same ID inside its duplicate window.
type Publisher interface {
	Publish(ctx context.Context, subject, msgID string, v any) error
}

// JetStream is the NATS Publisher.
type JetStream struct {
	js jetstream.JetStream
}

// NewJetStream wraps js.
func NewJetStream(js jetstream.JetStream) *JetStream { return &JetStream{js: js} }

func (p *JetStream) Publish(ctx context.Context, subject, msgID string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	msg := nats.NewMsg(subject)
	msg.Data = data
	msg.Header.Set("Content-Type", "application/json")
	if _, err := p.js.PublishMsg(ctx, msg, jetstream.WithMsgID(msgID)); err != nil {
		return fmt.Errorf("events: publish %s: %w", subject, err)
	}
	return nil
}
