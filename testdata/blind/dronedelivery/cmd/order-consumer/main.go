// Command order-consumer processes order lifecycle events.
package main

import (
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/skyhop-logistics/dronedelivery/internal/app"
	"github.com/skyhop-logistics/dronedelivery/internal/config"
	"github.com/skyhop-logistics/dronedelivery/internal/consumer"
	"github.com/skyhop-logistics/dronedelivery/internal/consumer/orderevents"
	"github.com/skyhop-logistics/dronedelivery/internal/metrics"
	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
	"github.com/skyhop-logistics/dronedelivery/internal/service/orders"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		app.Services,
		fx.Invoke(start),
	).Run()
}

func start(lc fx.Lifecycle, sd fx.Shutdowner, cfg *config.Config, log *slog.Logger, m metrics.Recorder,
	st store.Store, bs *billing.Service, pricing *orders.Pricing) {
	group := cfg.KafkaGroup
	if group == "" {
		group = "order-consumer"
	}
	reader := consumer.NewKafkaReader(cfg.KafkaBrokers, group, cfg.OrderTopic)
	h := &orderevents.Handlers{Store: st, Billing: bs, Pricing: pricing, Log: log.With("consumer", orderevents.ConsumerName)}
	runner := consumer.NewRunner(orderevents.ConsumerName, reader, consumer.Dispatch(h.Table()),
		consumer.WithLogger(log), consumer.WithMetrics(m), consumer.WithHandlerTimeout(45*time.Second))
	app.StartRunners(lc, sd, log, []*consumer.Runner{runner}, []consumer.Reader{reader})
}
