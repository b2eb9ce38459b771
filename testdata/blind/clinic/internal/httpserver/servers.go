// Package httpserver runs the public (gin) and admin (echo) listeners.
package httpserver

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
	"go.uber.org/fx"

	"github.com/acme/clinic/internal/config"
)

// PublicRoutes is implemented by every package exposing public endpoints.
type PublicRoutes interface {
	RegisterPublic(r gin.IRouter)
}

type PublicParams struct {
	fx.In

	Config config.Config
	Log    *slog.Logger
	Routes []PublicRoutes `group:"public_routes"`
}

func NewPublicEngine(p PublicParams) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestLogger(p.Log))
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })
	for _, rt := range p.Routes {
		rt.RegisterPublic(r)
	}
	return r
}

func requestLogger(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		attrs := []any{"method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status(), "duration", time.Since(start)}
		if len(c.Errors) > 0 {
			attrs = append(attrs, "errors", c.Errors.String())
		}
		log.Info("http", attrs...)
	}
}

// ServePublic runs the gin engine for the app lifetime.
func ServePublic(lc fx.Lifecycle, cfg config.Config, engine *gin.Engine, log *slog.Logger) {
	serve(lc, &http.Server{Addr: cfg.HTTPAddr, Handler: engine, ReadHeaderTimeout: 5 * time.Second}, log)
}

// ServeAdmin runs the echo server for the app lifetime.
func ServeAdmin(lc fx.Lifecycle, cfg config.Config, e *echo.Echo, log *slog.Logger) {
	serve(lc, &http.Server{Addr: cfg.AdminAddr, Handler: e, ReadHeaderTimeout: 5 * time.Second}, log)
}

func serve(lc fx.Lifecycle, srv *http.Server, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "addr", srv.Addr, "err", err)
				}
			}()
			log.Info("listening", "addr", srv.Addr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
}
