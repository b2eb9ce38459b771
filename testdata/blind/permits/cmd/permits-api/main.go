// Command permits-api serves the resident and staff HTTP API and the
// provider webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/api"
	"github.com/civicworks/permits/internal/clients"
	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/platform/database"
	"github.com/civicworks/permits/internal/platform/httpserver"
	"github.com/civicworks/permits/internal/platform/logging"
	"github.com/civicworks/permits/internal/platform/metrics"
	"github.com/civicworks/permits/internal/platform/queue"
	"github.com/civicworks/permits/internal/service"
	"github.com/civicworks/permits/internal/store"
	"github.com/civicworks/permits/internal/webhooks"
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
		api.Module,
		webhooks.Module,
		httpserver.Module,
	).Run()
}
