// Command permits-worker runs the River workers and periodic jobs.
package main

import (
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/clients"
	"github.com/civicworks/permits/internal/jobs"
	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/platform/database"
	"github.com/civicworks/permits/internal/platform/logging"
	"github.com/civicworks/permits/internal/platform/metrics"
	"github.com/civicworks/permits/internal/platform/queue"
	"github.com/civicworks/permits/internal/service"
	"github.com/civicworks/permits/internal/store"
)

func main() {
	fx.New(
		config.Module,
		logging.Module,
		metrics.Module,
		database.Module,
		queue.ProducerModule,
		clients.Module,
		store.Module,
		service.Module,
		service.Instrumentation,
		jobs.Module,
		// RunWorkers builds the working client after jobs.Module has
		// registered every worker.
		fx.Invoke(queue.RunWorkers),
	).Run()
}
