// Package app wires the dependencies shared by every binary.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"go.uber.org/dig"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/courier"
	"github.com/gearloop/rentals/internal/events"
	"github.com/gearloop/rentals/internal/kyc"
	"github.com/gearloop/rentals/internal/payments"
	"github.com/gearloop/rentals/internal/platform"
	"github.com/gearloop/rentals/internal/service"
	"github.com/gearloop/rentals/internal/sms"
	"github.com/gearloop/rentals/internal/store"
	"github.com/gearloop/rentals/internal/tasks"
)

type provider struct {
	ctor any
	opts []dig.ProvideOption
}

// NewContainer returns a container with the infrastructure, providers and
// services registered.
func NewContainer(component string) (*dig.Container, error) {
	c := dig.New()
	providers := []provider{
		{ctor: config.Load},
		{ctor: func() *slog.Logger { return newLogger(component) }},
		{ctor: platform.OpenMySQL},
		{ctor: platform.NewRedis},
		{ctor: platform.NewAsynqClient},
		{ctor: store.NewUnitOfWork},
		{ctor: store.NewRepos},
		{ctor: newPaymentGateway},
		{ctor: kyc.NewClient, opts: []dig.ProvideOption{dig.As(new(service.KYCVendor))}},
		{ctor: courier.NewClient, opts: []dig.ProvideOption{dig.As(new(service.CourierAPI))}},
		{ctor: sms.NewClient, opts: []dig.ProvideOption{dig.As(new(sms.Sender))}},
		{ctor: tasks.NewEnqueuer},
		{ctor: events.NewPublisher},
		{ctor: service.NewClock},
		{ctor: service.NewReviewerPool},
		{ctor: service.NewListings},
		{ctor: service.NewBookings},
		{ctor: service.NewCancellations},
		{ctor: service.NewDeposits},
		{ctor: service.NewClaims},
		{ctor: service.NewMessaging},
		{ctor: service.NewIdentity},
		{ctor: service.NewDeliveries},
		{ctor: service.NewPayouts},
		{ctor: service.NewPaymentEvents},
	}
	for _, p := range providers {
		if err := c.Provide(p.ctor, p.opts...); err != nil {
			return nil, fmt.Errorf("provide: %w", err)
		}
	}
	return c, nil
}

func newPaymentGateway(cfg *config.Config, repos store.Repos, log *slog.Logger) payments.Gateway {
	return payments.WithAudit(payments.NewStripeGateway(cfg), repos.Audit, log)
}

func newLogger(component string) *slog.Logger {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})
	return slog.New(h).With("component", component)
}

// SignalContext is cancelled on SIGINT or SIGTERM.
func SignalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
}
