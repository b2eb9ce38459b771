// Command telemetry consumes machine telemetry from Kafka: sales, vend
// failures, faults, cash counters and heartbeats.
package main

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/vendgrid/fleetops/internal/adapters/kafka"
	"github.com/vendgrid/fleetops/internal/adapters/postgres"
	"github.com/vendgrid/fleetops/internal/adapters/providers"
	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/config"
	"github.com/vendgrid/fleetops/internal/platform/logging"
)

type telemetryParams struct {
	fx.In

	Tx       app.TxRunner
	Machines app.MachineRepository
	Sales    app.SaleRepository
	Payments app.PaymentRepository
	Refunds  app.RefundRepository
	Faults   app.FaultRepository
	Counters app.CounterRepository
	Outbox   app.OutboxRepository
	Card     app.CardProcessor
	Log      *slog.Logger
}

func newTelemetryService(p telemetryParams) *app.TelemetryService {
	return app.NewTelemetryService(app.TelemetryDeps{
		Tx:       p.Tx,
		Machines: p.Machines,
		Sales:    p.Sales,
		Payments: p.Payments,
		Refunds:  p.Refunds,
		Faults:   p.Faults,
		Counters: p.Counters,
		Outbox:   p.Outbox,
		Card:     p.Card,
		Log:      p.Log,
	})
}

func main() {
	fx.New(
		config.Module("telemetry"),
		logging.Module,
		postgres.Module,
		providers.CardPay,
		fx.Provide(
			newTelemetryService,
			kafka.TelemetrySubscriptions,
		),
		fx.Invoke(kafka.RunSubscriptions),
	).Run()
}
