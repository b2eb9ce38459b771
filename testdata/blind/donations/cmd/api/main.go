// Command api serves the public donation API, staff endpoints and provider
// webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/kindredgive/donations/internal/app"
)

func main() {
	fx.New(
		app.Platform,
		app.Repositories,
		app.Providers,
		app.Services,
		app.HTTP,
	).Run()
}
