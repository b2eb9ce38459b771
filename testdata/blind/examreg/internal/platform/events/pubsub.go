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

// Bus bundles the gochannel pub/sub and the router that drives subscribers.
type Bus struct {
	PubSub *gochannel.GoChannel
	Router *message.Router
	logger watermill.LoggerAdapter
}

// BusOptions configures the in-process bus.
type BusOptions struct {
	OutputBuffer  int64
	MaxRetries    int
	RetryInterval time.Duration
	Logger        *slog.Logger
}

// NewBus builds a gochannel pub/sub and a router with retry and recovery.
// A handler that returns an error is retried by the middleware and then
// nacked, which makes gochannel redeliver the message.
func NewBus(opts BusOptions) (*Bus, error) {
	if opts.OutputBuffer == 0 {
		opts.OutputBuffer = 256
	}
	if opts.MaxRetries == 0 {
		opts.MaxRetries = 5
	}
	if opts.RetryInterval == 0 {
		opts.RetryInterval = 500 * time.Millisecond
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	wlog := watermill.NewSlogLogger(opts.Logger)
	ps := gochannel.NewGoChannel(gochannel.Config{
		OutputChannelBuffer:            opts.OutputBuffer,
		BlockPublishUntilSubscriberAck: false,
	}, wlog)
	r, err := message.NewRouter(message.RouterConfig{}, wlog)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      opts.MaxRetries,
			InitialInterval: opts.RetryInterval,
			Multiplier:      2,
			MaxInterval:     30 * time.Second,
			Logger:          wlog,
		}.Middleware,
	)
	return &Bus{PubSub: ps, Router: r, logger: wlog}, nil
}

// Publisher is what services depend on.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}

// Publish marshals payload and publishes it on topic.
func (b *Bus) Publish(ctx context.Context, topic string, payload any) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("events: marshal %s: %w", topic, err)
	}
	msg := message.NewMessage(watermill.NewUUID(), data)
	msg.SetContext(ctx)
	return b.PubSub.Publish(topic, msg)
}

// Subscribe registers a typed handler for topic on the router.
func Subscribe[T any](b *Bus, name, topic string, fn func(ctx context.Context, evt T, msg *message.Message) error) {
	b.Router.AddNoPublisherHandler(name, topic, b.PubSub, func(msg *message.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			// Undecodable payloads would loop forever; drop them loudly.
			b.logger.Error("dropping undecodable event", err, watermill.LogFields{"topic": topic, "uuid": msg.UUID})
			return nil
		}
		return fn(msg.Context(), evt, msg)
	})
}

// Run starts the router and blocks until ctx is done.
func (b *Bus) Run(ctx context.Context) error { return b.Router.Run(ctx) }

// Close stops the router and the pub/sub.
func (b *Bus) Close() error {
	rerr := b.Router.Close()
	perr := b.PubSub.Close()
	if rerr != nil {
		return rerr
	}
	return perr
}
