// Command api serves the booking API and the provider webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/adapters/httpapi"
	"github.com/velvetchair/salon/internal/adapters/jobs"
	"github.com/velvetchair/salon/internal/adapters/postgres"
	"github.com/velvetchair/salon/internal/app"
)

func main() {
	fx.New(
		app.Core,
		postgres.MigrateOnStart,
		jobs.MigrateOnStart,
		httpapi.Module,
	).Run()
}
