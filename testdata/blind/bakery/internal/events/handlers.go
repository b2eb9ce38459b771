// Package events publishes and consumes delivery events on JetStream.
package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/service"
)

// HandlerFunc applies one delivery event.
type HandlerFunc func(ctx context.Context, env domain.DeliveryEnvelope) error

// Handlers holds the function applied for each delivery event type. A nil
// field means the consumer acknowledges that event type without acting.
type Handlers struct {
	Dispatched     HandlerFunc
	Delivered      HandlerFunc
	Short          HandlerFunc
	Failed         HandlerFunc
	CratesReturned HandlerFunc
}

// NewHandlers wires the event handlers to the services that implement them.
func NewHandlers(deliveries *service.Deliveries, credits *service.Credits) Handlers {
	return Handlers{
		Dispatched:     deliveries.OnDispatched,
		Delivered:      deliveries.OnDelivered,
		Short:          credits.FromShortDelivery,
		Failed:         deliveries.OnFailed,
		CratesReturned: deliveries.OnCratesReturned,
	}
}

// byType indexes the handlers by event type.
func (h Handlers) byType() map[string]HandlerFunc {
	return map[string]HandlerFunc{
		domain.EventDispatched:     h.Dispatched,
		domain.EventDelivered:      h.Delivered,
		domain.EventShort:          h.Short,
		domain.EventFailed:         h.Failed,
		domain.EventCratesReturned: h.CratesReturned,
	}
}

// withLogging wraps every handler so failures are logged with the message
// metadata before the consumer naks them.
func (h Handlers) withLogging(log func(ctx context.Context, env domain.DeliveryEnvelope, err error)) Handlers {
	wrap := func(next HandlerFunc) HandlerFunc {
		if next == nil {
			return nil
		}
		return func(ctx context.Context, env domain.DeliveryEnvelope) error {
			err := next(ctx, env)
			if err != nil {
				log(ctx, env, err)
			}
			return err
		}
	}
	return Handlers{
		Dispatched:     wrap(h.Dispatched),
		Delivered:      wrap(h.Delivered),
		Short:          wrap(h.Short),
		Failed:         wrap(h.Failed),
		CratesReturned: wrap(h.CratesReturned),
	}
}

// Publisher publishes JSON events to JetStream.
type Publisher struct {
	js jetstream.JetStream
}

// NewPublisher builds a Publisher.
func NewPublisher(js jetstream.JetStream) *Publisher { return &Publisher{js: js} }

// Publish sends v on subject. msgID is set as Nats-Msg-Id so the stream
// drops a repeat published within its duplicate window.
func (p *Publisher) Publish(ctx context.Context, subject, msgID string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("events: encode %s: %w", subject, err)
	}
	ack, err := p.js.Publish(ctx, subject, data, jetstream.WithMsgID(msgID))
	if err != nil {
		return fmt.Errorf("events: publish %s: %w", subject, err)
	}
	_ = ack.Duplicate
	return nil
}
