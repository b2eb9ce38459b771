// Command worker runs the River workers: invitations, reminders, envelope
// billing, completion fan-out, webhook deliveries, void notices and invoices.
package main

import (
	"go.uber.org/fx"

	"github.com/quillsign/esign/internal/jobs"
	"github.com/quillsign/esign/internal/platform/fxapp"
	"github.com/quillsign/esign/internal/providers"
)

func main() {
	fx.New(
		fxapp.Base,
		fxapp.DB,
		providers.Module,
		jobs.WorkerModule,
	).Run()
}
