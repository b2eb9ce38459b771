// Command consumer runs the watermill event handlers.
package main

import (
	"github.com/ThreeDotsLabs/watermill/message"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/app"
	"github.com/larchway/hoaops/internal/consumers"
)

func routes(ctor any) any {
	return fx.Annotate(ctor, fx.ResultTags(`group:"routes,flatten"`))
}

func main() {
	fx.New(
		app.Core,
		app.Repositories,
		app.Providers,
		app.Services,
		fx.Provide(
			consumers.NewSubscriber,
			routes(consumers.PaymentRoutes),
			routes(consumers.OperationsRoutes),
			routes(consumers.NoticeRoutes),
			consumers.NewRouter,
		),
		fx.Invoke(func(*message.Router) {}),
	).Run()
}
