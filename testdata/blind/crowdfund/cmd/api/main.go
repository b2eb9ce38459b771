// Command api serves the BrightFund REST API for creators, backers and
// admins.
package main

import (
	"go.uber.org/fx"

	"github.com/brightfund/crowdfund/internal/app"
)

func main() {
	fx.New(
		app.Base,
		app.InsertOnly,
		app.Storage,
		app.Providers,
		app.Services,
		app.API,
	).Run()
}
