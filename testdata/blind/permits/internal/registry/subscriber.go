// Package registry consumes status events published by the state permit
// registry on Google Pub/Sub.
package registry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"cloud.google.com/go/pubsub/v2"
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/service"
)

// Envelope is a decoded registry message.
type Envelope struct {
	EventID     string
	Type        string
	Data        []byte
	PublishTime time.Time
	Attempt     int
}

// Handler processes one event type.
type Handler func(ctx context.Context, env Envelope) error

// errMalformed marks messages that can never be processed.
var errMalformed = errors.New("malformed registry event")

// typed adapts a service method taking a decoded payload into a Handler.
func typed[T any](fn func(ctx context.Context, eventID string, payload T) error) Handler {
	return func(ctx context.Context, env Envelope) error {
		var payload T
		if err := json.Unmarshal(env.Data, &payload); err != nil {
			return fmt.Errorf("%w: %s: %v", errMalformed, env.Type, err)
		}
		return fn(ctx, env.EventID, payload)
	}
}

// Handlers is the dispatch table keyed by the event_type attribute.
type Handlers map[string]Handler

// NewHandlers builds the dispatch table.
func NewHandlers(svc service.Registry, log *slog.Logger) Handlers {
	return Handlers{
		"contractor_license.revoked": typed(func(ctx context.Context, eventID string, ev service.LicenseRevoked) error {
			held, err := svc.HoldForRevokedLicense(ctx, eventID, ev)
			if err == nil && held > 0 {
				log.InfoContext(ctx, "applications held", "license", ev.LicenseNumber, "count", held)
			}
			return err
		}),
		"parcel.updated":        typed(svc.RecordParcelChange),
		"permit.status_changed": typed(svc.ApplyPermitStatus),
	}
}

// NewClient opens the Pub/Sub client.
func NewClient(lc fx.Lifecycle, cfg *config.Config) (*pubsub.Client, error) {
	client, err := pubsub.NewClient(context.Background(), cfg.GCPProject)
	if err != nil {
		return nil, fmt.Errorf("pubsub client: %w", err)
	}
	lc.Append(fx.StopHook(client.Close))
	return client, nil
}

// Consumer runs the receive loop.
type Consumer struct {
	sub      *pubsub.Subscriber
	handlers Handlers
	log      *slog.Logger
}

// NewConsumer builds the consumer for the configured subscription.
func NewConsumer(client *pubsub.Client, cfg *config.Config, handlers Handlers, log *slog.Logger) *Consumer {
	sub := client.Subscriber(cfg.RegistrySubscription)
	sub.ReceiveSettings.MaxOutstandingMessages = cfg.RegistryMaxInFlight
	return &Consumer{sub: sub, handlers: handlers, log: log.With("component", "registry-consumer")}
}

func (c *Consumer) receive(ctx context.Context, m *pubsub.Message) {
	env := Envelope{
		EventID:     m.Attributes["event_id"],
		Type:        m.Attributes["event_type"],
		Data:        m.Data,
		PublishTime: m.PublishTime,
	}
	if m.DeliveryAttempt != nil {
		env.Attempt = *m.DeliveryAttempt
	}
	if env.EventID == "" {
		env.EventID = m.ID
	}
	handle, ok := c.handlers[env.Type]
	if !ok {
		c.log.DebugContext(ctx, "ignoring registry event", "type", env.Type)
		m.Ack()
		return
	}
	err := handle(ctx, env)
	switch {
	case err == nil:
		m.Ack()
	case errors.Is(err, errMalformed):
		c.log.ErrorContext(ctx, "dropping malformed registry event", "event_id", env.EventID, "err", err)
		m.Ack()
	default:
		c.log.WarnContext(ctx, "registry event failed", "event_id", env.EventID, "type", env.Type,
			"attempt", env.Attempt, "err", err)
		m.Nack()
	}
}

// Run ties the receive loop to the app lifecycle and shuts the app down if
// the loop ends on its own.
func Run(lc fx.Lifecycle, sd fx.Shutdowner, c *Consumer) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				if err := c.sub.Receive(ctx, c.receive); err != nil && !errors.Is(err, context.Canceled) {
					c.log.Error("receive loop stopped", "err", err)
					_ = sd.Shutdown(fx.ExitCode(1))
				}
			}()
			return nil
		},
		OnStop: func(stopCtx context.Context) error {
			cancel()
			select {
			case <-done:
				return nil
			case <-stopCtx.Done():
				return stopCtx.Err()
			}
		},
	})
}

// Module wires the subscriber.
var Module = fx.Module("registry",
	fx.Provide(NewClient, NewHandlers, NewConsumer),
	fx.Invoke(Run),
)
