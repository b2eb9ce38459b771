// Package events carries internal domain events over watermill.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

// Topics.
const (
	TopicDonationReleased = "donation.released"
	TopicOrderAllocated   = "order.allocated"
)

// DonationReleased is published once all mandatory screening tests of a
// donation came back negative and its components entered stock.
type DonationReleased struct {
	DonationID     string    `json:"donation_id"`
	DonationNumber string    `json:"donation_number"`
	DonorID        string    `json:"donor_id"`
	ReleasedAt     time.Time `json:"released_at"`
}

// OrderAllocated is published when a hospital order has stock set aside.
type OrderAllocated struct {
	OrderID    string `json:"order_id"`
	HospitalID string `json:"hospital_id"`
	Units      int    `json:"units"`
	Priority   string `json:"priority"`
}

// Bus bundles the in-process pub/sub and its router.
type Bus struct {
	PubSub *gochannel.GoChannel
	Router *message.Router
	Logger watermill.LoggerAdapter
}

// NewBus builds a GoChannel pub/sub with a router that retries failed
// handlers before nacking the message back to the channel.
func NewBus(logger *slog.Logger) (*Bus, error) {
	wl := watermill.NewSlogLogger(logger)
	ps := gochannel.NewGoChannel(gochannel.Config{
		OutputChannelBuffer:            256,
		BlockPublishUntilSubscriberAck: false,
	}, wl)
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, wl)
	if err != nil {
		return nil, fmt.Errorf("watermill router: %w", err)
	}
	router.AddMiddleware(
		middleware.Recoverer,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     30 * time.Second,
			Multiplier:      2,
			Logger:          wl,
		}.Middleware,
	)
	return &Bus{PubSub: ps, Router: router, Logger: wl}, nil
}

// Publisher publishes typed events.
type Publisher interface {
	Publish(ctx context.Context, topic, messageID string, payload any) error
}

type publisher struct{ pub message.Publisher }

// NewPublisher wraps a watermill publisher.
func NewPublisher(pub message.Publisher) Publisher { return &publisher{pub: pub} }

// Publish marshals payload and publishes it with the given message ID.
// Consumers deduplicate on the message ID, so callers pass one derived from
// the business event.
func (p *publisher) Publish(ctx context.Context, topic, messageID string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", topic, err)
	}
	msg := message.NewMessageWithContext(ctx, messageID, body)
	msg.Metadata.Set("published_at", time.Now().UTC().Format(time.RFC3339Nano))
	return p.pub.Publish(topic, msg)
}

// Handler is a typed consumer registered on the router.
type Handler struct {
	Name  string
	Topic string
	Fn    message.NoPublishHandlerFunc
}

// Register adds each handler to the bus router.
func (b *Bus) Register(handlers ...Handler) {
	for _, h := range handlers {
		b.Router.AddConsumerHandler(h.Name, h.Topic, b.PubSub, h.Fn)
	}
}

// Decode unmarshals a message payload into T.
func Decode[T any](msg *message.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Payload, &v); err != nil {
		return v, fmt.Errorf("decode %s: %w", msg.UUID, err)
	}
	return v, nil
}
