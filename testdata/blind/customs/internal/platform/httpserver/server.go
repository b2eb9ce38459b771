// Package httpserver runs the gin engine under the fx lifecycle.
package httpserver

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/platform/ids"
)

// NewEngine builds the gin engine with common middleware.
func NewEngine(cfg *config.Config, log *slog.Logger) *gin.Engine {
	if cfg.Env != "development" {
		gin.SetMode(gin.ReleaseMode)
	}
	r := gin.New()
	r.Use(gin.Recovery(), requestLogger(log))
	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })
	return r
}

// requestLogger tags each request with a correlation id and logs it.
func requestLogger(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		rid := c.GetHeader("X-Request-Id")
		if rid == "" {
			rid = ids.New(ids.Request)
		}
		c.Set("request_id", rid)
		c.Header("X-Request-Id", rid)
		start := time.Now()
		c.Next()
		log.Info("http",
			"method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status(),
			"elapsed", time.Since(start), "request_id", rid)
	}
}

// Run starts serving on the configured address.
func Run(lc fx.Lifecycle, cfg *config.Config, r *gin.Engine, log *slog.Logger) {
	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: r, ReadHeaderTimeout: 10 * time.Second}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			log.Info("http listening", "addr", srv.Addr)
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
}

// Module provides the engine and starts the server.
var Module = fx.Module("http", fx.Provide(NewEngine), fx.Invoke(Run))
