// Command worker runs the River job workers and, on the elected leader,
// the periodic schedule (reminder scans, lab status polling, nightly
// settlement).
package main

import (
	"go.uber.org/fx"

	"github.com/pawpath/vetclinic/internal/app"
)

func main() {
	fx.New(
		app.Core,
		app.WorkerQueue,
	).Run()
}
