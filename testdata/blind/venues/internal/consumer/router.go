// Package consumer runs the watermill handlers for provider webhooks,
// vendor confirmations and booking events.
package consumer

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/events"
)

// route binds a handler to the topic it consumes.
type route struct {
	name    string
	topic   string
	handler message.NoPublishHandlerFunc
}

type RouterParams struct {
	dig.In

	Subscriber message.Subscriber
	Payments   *PaymentHandlers
	Contracts  *ContractHandlers
	Vendors    *VendorHandlers
	Dispatch   *DispatchHandlers
	Logger     *slog.Logger
	WMLogger   watermill.LoggerAdapter
}

func routes(p RouterParams) []route {
	return []route{
		{name: "charge_succeeded", topic: events.TopicChargeSucceeded, handler: p.Payments.ChargeSucceeded},
		{name: "charge_failed", topic: events.TopicChargeFailed, handler: p.Payments.ChargeFailed},
		{name: "charge_refunded", topic: events.TopicChargeRefunded, handler: p.Payments.ChargeRefunded},
		{name: "envelope_completed", topic: events.TopicEnvelopeCompleted, handler: p.Contracts.EnvelopeCompleted},
		{name: "vendor_confirmations", topic: events.TopicVendorConfirmations, handler: p.Vendors.Confirmation},
		{name: "dispatch_purchase_orders", topic: events.TopicBookingConfirmed, handler: p.Dispatch.BookingConfirmed},
	}
}

// NewRouter builds the router. Handlers run inside, from outermost:
// logging, dropping of invalid messages, retry with backoff, and panic
// recovery. A message that still fails after the retries is nacked and
// redelivered by the subscriber.
func NewRouter(p RouterParams) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, p.WMLogger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		logging(p.Logger),
		dropInvalid(p.Logger),
		middleware.Retry{
			MaxRetries:          5,
			InitialInterval:     500 * time.Millisecond,
			MaxInterval:         30 * time.Second,
			Multiplier:          2,
			RandomizationFactor: 0.3,
			ResetContextOnRetry: true,
			Logger:              p.WMLogger,
			ShouldRetry: func(rp middleware.RetryParams) bool {
				return !errors.Is(rp.Err, domain.ErrInvalid)
			},
		}.Middleware,
		middleware.Recoverer,
	)
	for _, rt := range routes(p) {
		r.AddConsumerHandler(rt.name, rt.topic, p.Subscriber, rt.handler)
	}
	return r, nil
}

// logging logs every handled message with its outcome and duration.
func logging(log *slog.Logger) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			start := time.Now()
			out, err := h(msg)
			ctx := msg.Context()
			attrs := []any{
				"message_uuid", msg.UUID,
				"handler", message.HandlerNameFromCtx(ctx),
				"topic", message.SubscribeTopicFromCtx(ctx),
				"took", time.Since(start),
			}
			if err != nil {
				log.ErrorContext(ctx, "message failed", append(attrs, "err", err)...)
			} else {
				log.DebugContext(ctx, "message handled", attrs...)
			}
			return out, err
		}
	}
}

// dropInvalid acks messages that can never succeed instead of cycling them
// through redelivery forever.
func dropInvalid(log *slog.Logger) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			out, err := h(msg)
			if errors.Is(err, domain.ErrInvalid) {
				log.WarnContext(msg.Context(), "dropping invalid message",
					"message_uuid", msg.UUID, "handler", message.HandlerNameFromCtx(msg.Context()), "err", err)
				return nil, nil
			}
			return out, err
		}
	}
}

// decode unmarshals a message payload; a payload that does not decode is
// invalid and will be dropped.
func decode[T any](msg *message.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Payload, &v); err != nil {
		return v, fmt.Errorf("%w: decode %T: %v", domain.ErrInvalid, v, err)
	}
	return v, nil
}
