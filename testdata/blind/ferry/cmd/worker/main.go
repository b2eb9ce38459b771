// Command worker runs the river job workers: refunds, loyalty accrual,
// boarding passes, notifications and port-authority manifests.
package main

import (
	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/app"
	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/platform/logging"
	"github.com/northsound/ferrydesk/internal/platform/pgdb"
	"github.com/northsound/ferrydesk/internal/platform/queue"
	"github.com/northsound/ferrydesk/internal/provider"
	"github.com/northsound/ferrydesk/internal/store/pg"
	"github.com/northsound/ferrydesk/internal/worker"
)

func main() {
	fx.New(
		logging.Module("worker"),
		fx.Provide(config.Load),
		pgdb.Module,
		queue.Module,
		pg.Module,
		provider.Module,
		app.Module,
		worker.Module,
	).Run()
}
