// Command api serves the public and back-office HTTP API.
package main

import (
	"net/http"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/http/api"
	"github.com/forkandfeast/catering/internal/app"
	"github.com/forkandfeast/catering/internal/config"
)

func main() {
	fx.New(
		fx.Supply(app.ServiceName("catering-api")),
		app.Base,
		app.Postgres,
		app.Migrate,
		app.Providers,
		app.Queue,
		app.Services,
		fx.Provide(api.NewRouter),
		fx.Invoke(func(lc fx.Lifecycle, cfg config.Config, h http.Handler, log *zap.Logger) {
			app.RunHTTPServer(lc, &http.Server{
				Addr:              cfg.HTTPAddr,
				Handler:           h,
				ReadHeaderTimeout: 5 * time.Second,
				WriteTimeout:      45 * time.Second,
			}, log.Named("http"))
		}),
	).Run()
}
