// Command telemetry-consumer processes drone telemetry and airspace authority
// decisions.
package main

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/skyhop-logistics/dronedelivery/internal/app"
	"github.com/skyhop-logistics/dronedelivery/internal/config"
	"github.com/skyhop-logistics/dronedelivery/internal/consumer"
	airspacec "github.com/skyhop-logistics/dronedelivery/internal/consumer/airspace"
	"github.com/skyhop-logistics/dronedelivery/internal/consumer/telemetry"
	"github.com/skyhop-logistics/dronedelivery/internal/metrics"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/airspace"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/sms"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(newTelemetryHandlers),
		fx.Invoke(start),
	).Run()
}

func newTelemetryHandlers(st store.Store, sc *sms.Client, ac *airspace.Client, cfg *config.Config, log *slog.Logger) *telemetry.Handlers {
	return telemetry.New(st, sc, ac,
		telemetry.WithLogger(log.With("consumer", "telemetry")),
		telemetry.WithTrackingBase(cfg.TrackingBaseURL))
}

func start(lc fx.Lifecycle, sd fx.Shutdowner, cfg *config.Config, log *slog.Logger, m metrics.Recorder, st store.Store, th *telemetry.Handlers) {
	group := cfg.KafkaGroup
	if group == "" {
		group = "telemetry-consumer"
	}
	telemetryReader := consumer.NewKafkaReader(cfg.KafkaBrokers, group, cfg.TelemetryTopic)
	decisionsReader := consumer.NewKafkaReader(cfg.KafkaBrokers, group+"-decisions", cfg.DecisionsTopic)

	decisions := &airspacec.DecisionHandler{Store: st, Log: log.With("consumer", "airspace-decisions")}
	runners := []*consumer.Runner{
		consumer.NewRunner("telemetry", telemetryReader, consumer.Dispatch(th.Table()),
			consumer.WithLogger(log), consumer.WithMetrics(m)),
		consumer.NewRunner("airspace-decisions", decisionsReader, decisions.Handle,
			consumer.WithLogger(log), consumer.WithMetrics(m)),
	}
	app.StartRunners(lc, sd, log, runners, []consumer.Reader{telemetryReader, decisionsReader})
}
