// Command api serves the owner/manager portal API and the provider webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/app"
	"github.com/larchway/hoaops/internal/httpapi"
)

func asMounter(ctor any) any {
	return fx.Annotate(ctor, fx.As(new(httpapi.Mounter)), fx.ResultTags(`group:"mounters"`))
}

func main() {
	fx.New(
		app.Core,
		app.Repositories,
		app.Providers,
		app.Services,
		fx.Provide(
			asMounter(httpapi.NewAccountsHandler),
			asMounter(httpapi.NewOperationsHandler),
			asMounter(httpapi.NewAmenitiesHandler),
			asMounter(httpapi.NewWebhooksHandler),
			fx.Annotate(httpapi.NewRouter, fx.ParamTags(``, ``, `group:"mounters"`)),
		),
		fx.Invoke(httpapi.RunServer),
	).Run()
}
