// Command scheduler enqueues periodic work: reminders, weekly payouts,
// payment reconciliation and loyalty expiry.
package main

import (
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/adapters/cron"
	"github.com/velvetchair/salon/internal/app"
)

func main() {
	fx.New(
		app.Core,
		cron.Module,
	).Run()
}
