package httpserver

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/config"
)

// NewEngine builds the gin engine with the global middleware chain.
func NewEngine(log *zap.Logger) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(TraceID(), Recovery(log), AccessLog(log))
	e.GET("/healthz", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) })
	return e
}

// NewServer wraps the engine in an http.Server bound to the fx lifecycle.
func NewServer(cfg config.Config, e *gin.Engine, lc fx.Lifecycle, log *zap.Logger) *http.Server {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", zap.Error(err))
				}
			}()
			log.Info("http listening", zap.String("addr", srv.Addr))
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
	return srv
}

// Module wires the HTTP server. Feature modules contribute routes with
// AsRouteRegistrar.
var Module = fx.Module("http",
	fx.Provide(NewEngine, NewServer, NewAuthenticator),
	fx.Invoke(Register),
	fx.Invoke(func(*http.Server) {}),
)
