// Command escrowd runs the Gigbridge escrow API, webhooks and job workers.
package main

import (
	"go.uber.org/fx"

	"github.com/gigbridge/escrow/internal/app"
)

func main() {
	fx.New(app.Module).Run()
}
