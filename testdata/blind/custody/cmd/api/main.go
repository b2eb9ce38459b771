// Command api serves the custody HTTP API: customer wallets, withdrawals,
// fiat on-ramp, operator approvals and provider webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/northvault/custody/internal/adapters"
	"github.com/northvault/custody/internal/adapters/natsbus"
	"github.com/northvault/custody/internal/adapters/pg"
	"github.com/northvault/custody/internal/adapters/riverq"
	"github.com/northvault/custody/internal/app"
	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/platform/logx"
	"github.com/northvault/custody/internal/transport/httpapi"
)

func main() {
	fx.New(
		config.Module,
		logx.Module,
		pg.Module,
		riverq.InsertOnlyModule,
		natsbus.Module,
		adapters.ProvidersModule,
		app.Module,
		httpapi.Module,
	).Run()
}
