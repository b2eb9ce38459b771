// Command api runs the payroll HTTP API together with its background
// consumers and job workers.
package main

import (
	"go.uber.org/fx"

	"github.com/acme/payroll/internal/app"
)

func main() {
	fx.New(
		app.Infra,
		app.Repositories,
		app.Providers,
		app.Messaging,
		app.Services,
		app.HTTP,
	).Run()
}
