// Package httpapi is the public and operator HTTP API.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"github.com/northvault/custody/internal/config"
)

// Routes is implemented by each handler group.
type Routes interface {
	Register(api *gin.RouterGroup)
}

func NewEngine(cfg config.Config, log *slog.Logger) *gin.Engine {
	if cfg.Env != "development" {
		gin.SetMode(gin.ReleaseMode)
	}
	r := gin.New()
	r.Use(gin.Recovery(), RequestID(), AccessLog(log))
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })
	return r
}

type routeParams struct {
	fx.In

	Engine *gin.Engine
	Routes []Routes `group:"routes"`
}

func registerRoutes(p routeParams) {
	api := p.Engine.Group("/v1")
	for _, rt := range p.Routes {
		rt.Register(api)
	}
}

func startServer(lc fx.Lifecycle, cfg config.Config, engine *gin.Engine, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           engine,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server", "err", err)
				}
			}()
			log.Info("http listening", "addr", srv.Addr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
}

func asRoutes(f any) any {
	return fx.Annotate(f, fx.As(new(Routes)), fx.ResultTags(`group:"routes"`))
}

var Module = fx.Module("httpapi",
	fx.Provide(
		NewEngine,
		asRoutes(NewWalletHandler),
		asRoutes(NewWithdrawalHandler),
		asRoutes(NewTransferHandler),
		asRoutes(NewFiatHandler),
		asRoutes(NewWebhookHandler),
		asRoutes(NewComplianceHandler),
	),
	fx.Invoke(registerRoutes, startServer),
)
