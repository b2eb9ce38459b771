// Command events consumes domain events from Kafka.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/ThreeDotsLabs/watermill"
	"go.uber.org/dig"

	"github.com/nimbusrack/hosting/internal/app"
	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/eventhandlers"
	"github.com/nimbusrack/hosting/internal/notify"
	"github.com/nimbusrack/hosting/internal/platform/config"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
)

func main() {
	c := dig.New()
	app.Must(app.ProvideCore(c))
	for _, ctor := range []any{
		app.NewWatermillLogger,
		app.NewEventPublisher,
		app.NewPaymentGateway,
		app.NewMailer,
		app.NewNotifier,
		app.NewSubscriptionService,
		app.NewCollector,
		newHandlers,
	} {
		app.Must(c.Provide(ctor))
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("events exited", "error", err)
		os.Exit(1)
	}
}

func newHandlers(subs *billing.SubscriptionService, col *billing.Collector, n *notify.Notifier,
	cust *customers.Repository, log *slog.Logger) *eventhandlers.Handlers {
	return &eventhandlers.Handlers{
		Subscriptions: subs,
		Collector:     col,
		Notifier:      n,
		Customers:     cust,
		Log:           log,
	}
}

func run(cfg *config.Config, log *slog.Logger, wl watermill.LoggerAdapter, h *eventhandlers.Handlers, pub *messaging.EventPublisher) error {
	defer pub.Close()

	sub, err := messaging.NewSubscriber(cfg, wl)
	if err != nil {
		return err
	}
	router, err := messaging.NewRouter(wl, log)
	if err != nil {
		return err
	}
	h.Register(router, sub)

	log.Info("event router starting", "group", cfg.KafkaConsumerGroup)
	return router.Run(context.Background())
}
