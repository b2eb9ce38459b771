// Command api serves the ferrydesk HTTP API: bookings, payments, check-in,
// loyalty, operations and the Stripe webhook.
package main

import (
	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/app"
	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/httpapi"
	"github.com/northsound/ferrydesk/internal/platform/logging"
	"github.com/northsound/ferrydesk/internal/platform/pgdb"
	"github.com/northsound/ferrydesk/internal/platform/queue"
	"github.com/northsound/ferrydesk/internal/provider"
	"github.com/northsound/ferrydesk/internal/store/pg"
)

func main() {
	fx.New(
		logging.Module("api"),
		fx.Provide(config.Load),
		pgdb.Module,
		queue.Module,
		pg.Module,
		provider.Module,
		app.Module,
		httpapi.Module,
	).Run()
}
