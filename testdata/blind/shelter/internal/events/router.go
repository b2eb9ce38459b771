package events

import (
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

// Consumer is one row of the subscription table.
type Consumer struct {
	Name   string
	Topic  string
	Handle message.NoPublishHandlerFunc
}

// NewBus returns the in-process pub/sub shared by the relay, the webhook
// handlers and the router.
func NewBus(log *slog.Logger) *gochannel.GoChannel {
	return gochannel.NewGoChannel(gochannel.Config{
		OutputChannelBuffer: 256,
	}, watermill.NewSlogLogger(log))
}

// NewRouter subscribes every consumer with the standard middleware stack:
// panics become errors, errors are retried with backoff, and a message that
// still fails is nacked so the bus redelivers it.
func NewRouter(log *slog.Logger, sub message.Subscriber, consumers []Consumer) (*message.Router, error) {
	logger := watermill.NewSlogLogger(log)
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      6,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     30 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)
	for _, c := range consumers {
		r.AddNoPublisherHandler(c.Name, c.Topic, sub, c.Handle)
	}
	return r, nil
}
