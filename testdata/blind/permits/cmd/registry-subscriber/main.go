// Command registry-subscriber consumes state registry status events from
// Pub/Sub.
package main

import (
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/clients"
	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/platform/database"
	"github.com/civicworks/permits/internal/platform/logging"
	"github.com/civicworks/permits/internal/registry"
	"github.com/civicworks/permits/internal/service"
	"github.com/civicworks/permits/internal/store"
)

func main() {
	fx.New(
		config.Module,
		logging.Module,
		database.Module,
		clients.Module,
		store.Module,
		service.Module,
		registry.Module,
	).Run()
}
