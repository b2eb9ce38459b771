// Command charterd serves the charterhub gRPC API and consumes the marina
// and weather feeds.
package main

import (
	"log/slog"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/saltline-charters/charterhub/internal/app"
	"github.com/saltline-charters/charterhub/internal/events"
	"github.com/saltline-charters/charterhub/internal/rpc"
	"github.com/saltline-charters/charterhub/internal/store"
)

func main() {
	fx.New(
		app.Core,
		app.Services,
		fx.Provide(
			events.NewClient,
			fx.Annotate(func(q *store.Queries) *store.Queries { return q }, fx.As(new(rpc.ReplayStore))),
		),
		rpc.Module,
		events.Module,
		fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
			return &fxevent.SlogLogger{Logger: log}
		}),
	).Run()
}
