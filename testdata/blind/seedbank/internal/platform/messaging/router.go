package messaging

import (
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/ThreeDotsLabs/watermill/message/router/plugin"
)

// Registration binds one consumer to one topic.
type Registration struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// Registrar contributes registrations to the router.
type Registrar interface {
	Registrations() []Registration
}

// SubscriberFactory returns the subscriber a named handler consumes from.
type SubscriberFactory func(handlerName string) (message.Subscriber, error)

// NewRouter builds a watermill router with the standard middleware stack and
// adds every registration from every registrar. A message whose handler still
// fails after the in-process retries is nacked and redelivered by the broker.
func NewRouter(logger watermill.LoggerAdapter, subscribe SubscriberFactory, registrars ...Registrar) (*message.Router, error) {
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}

	router.AddPlugin(plugin.SignalsHandler)
	router.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     30 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)

	seen := map[string]bool{}
	for _, r := range registrars {
		for _, reg := range r.Registrations() {
			if seen[reg.Name] {
				return nil, fmt.Errorf("messaging: duplicate handler name %q", reg.Name)
			}
			seen[reg.Name] = true

			sub, err := subscribe(reg.Name)
			if err != nil {
				return nil, fmt.Errorf("subscriber for %s: %w", reg.Name, err)
			}
			router.AddNoPublisherHandler(reg.Name, reg.Topic, sub, reg.Handler)
		}
	}
	return router, nil
}
