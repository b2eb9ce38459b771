// Command worker works the river queues: reminders, messages, no-show fees,
// voucher delivery, commission and payouts.
package main

import (
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/adapters/jobs"
	"github.com/velvetchair/salon/internal/app"
)

func main() {
	fx.New(
		app.Core,
		jobs.WorkerModule,
	).Run()
}
