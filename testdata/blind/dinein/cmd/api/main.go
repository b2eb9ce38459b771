// Command api serves the public REST API for the customer, restaurant and
// support apps.
package main

import (
	"go.uber.org/fx"

	"github.com/dinein/platform/internal/app"
	"github.com/dinein/platform/internal/httpapi"
)

func main() {
	fx.New(
		app.Base,
		app.Repositories,
		app.Providers,
		app.Queue,
		app.Services,
		fx.Provide(httpapi.NewRouter),
		app.Serve,
	).Run()
}
