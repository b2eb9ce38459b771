// Command pilotage-worker runs the Kafka consumers. (outbox_events is
// streamed to Kafka by the CDC connector, not by this process.)
package main

import (
	"go.uber.org/fx"

	"github.com/harbourline-systems/pilotage/internal/billing"
	"github.com/harbourline-systems/pilotage/internal/config"
	"github.com/harbourline-systems/pilotage/internal/consumer"
	"github.com/harbourline-systems/pilotage/internal/mailer"
	"github.com/harbourline-systems/pilotage/internal/outbox"
	"github.com/harbourline-systems/pilotage/internal/platform"
	"github.com/harbourline-systems/pilotage/internal/portfeed"
	"github.com/harbourline-systems/pilotage/internal/store"
	"github.com/harbourline-systems/pilotage/internal/tugs"
)

func main() {
	fx.New(
		fx.Provide(
			config.Load,
			platform.NewLogger,
			store.NewPool,
			store.NewQueries,
			fx.Annotate(store.NewUnitOfWork, fx.As(new(store.UnitOfWork))),
			fx.Annotate(store.NewConsumedMessages, fx.As(new(consumer.ProcessedStore))),
			outbox.NewWriter,
			fx.Annotate(mailer.NewClient, fx.As(new(billing.Mailer))),
		),
		fx.Provide(
			billing.NewPaymentService,
			billing.NewStatementLineHandler,
			portfeed.NewMovementHandler,
			portfeed.NewEtaHandler,
			tugs.NewConfirmationHandler,
			newHandlers,
			consumer.NewRunner,
		),
		fx.Invoke(runConsumers),
	).Run()
}

// newHandlers is the topic table for the consumer group.
func newHandlers(
	movements *portfeed.MovementHandler,
	etas *portfeed.EtaHandler,
	confirmations *tugs.ConfirmationHandler,
	lines *billing.StatementLineHandler,
	processed consumer.ProcessedStore,
) consumer.Handlers {
	return consumer.Handlers{
		portfeed.MovementsTopic:     consumer.Deduplicate(processed, "movements", portfeed.MovementKey, movements.Handle),
		portfeed.EtaTopic:           etas.Handle,
		tugs.ConfirmationsTopic:     confirmations.Handle,
		billing.StatementLinesTopic: lines.Handle,
	}.Chain(consumer.Recover())
}

func runConsumers(lc fx.Lifecycle, r *consumer.Runner) {
	lc.Append(fx.Hook{OnStart: r.Start, OnStop: r.Stop})
}
