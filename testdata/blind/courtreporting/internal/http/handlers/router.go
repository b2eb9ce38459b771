// Package handlers exposes the firm API, the reporter API and the partner
// webhooks over gin.
package handlers

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/config"
	"github.com/stenoline-legal/depobook/internal/platform/httpx"
)

// Registrar is implemented by each handler group.
type Registrar interface {
	Register(firm, reporter, hooks *gin.RouterGroup)
}

type RouterParams struct {
	fx.In

	Resolver   httpx.TokenResolver
	Registrars []Registrar `group:"routes"`
}

func NewRouter(p RouterParams) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery())

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })
	r.GET("/metrics", gin.WrapH(promhttp.Handler()))

	v1 := r.Group("/v1")
	firm := v1.Group("/", httpx.Auth(firmOnly(p.Resolver)))
	reporter := v1.Group("/reporter", httpx.Auth(reporterOnly(p.Resolver)))
	hooks := v1.Group("/webhooks")
	for _, reg := range p.Registrars {
		reg.Register(firm, reporter, hooks)
	}
	return r
}

func firmOnly(next httpx.TokenResolver) httpx.TokenResolver {
	return func(tok string) (httpx.Principal, bool) {
		p, ok := next(tok)
		return p, ok && p.FirmID != ""
	}
}

func reporterOnly(next httpx.TokenResolver) httpx.TokenResolver {
	return func(tok string) (httpx.Principal, bool) {
		p, ok := next(tok)
		return p, ok && p.ReporterID != ""
	}
}

// StaticTokens resolves API tokens of the form "firm:<id>:<secret>" or
// "reporter:<id>:<secret>". The real deployment puts the auth gateway in
// front and forwards these.
func StaticTokens() httpx.TokenResolver {
	return func(tok string) (httpx.Principal, bool) {
		parts := strings.SplitN(tok, ":", 3)
		if len(parts) != 3 || parts[2] == "" {
			return httpx.Principal{}, false
		}
		switch parts[0] {
		case "firm":
			return httpx.Principal{FirmID: parts[1], Subject: tok}, true
		case "reporter":
			return httpx.Principal{ReporterID: parts[1], Subject: tok}, true
		}
		return httpx.Principal{}, false
	}
}

// Serve starts the HTTP server with the fx lifecycle.
func Serve(lc fx.Lifecycle, cfg config.Config, r *gin.Engine, log *zap.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           r,
		ReadHeaderTimeout: 10 * time.Second,
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
					log.Error("http server stopped", zap.Error(err))
				}
			}()
			log.Info("listening", zap.String("addr", srv.Addr))
			return nil
		},
		OnStop: srv.Shutdown,
	})
}

// AsRegistrar annotates a handler constructor for the routes group.
func AsRegistrar(f any) any {
	return fx.Annotate(f, fx.As(new(Registrar)), fx.ResultTags(`group:"routes"`))
}

var Module = fx.Module("http",
	fx.Provide(
		StaticTokens,
		NewRouter,
		AsRegistrar(NewBookings),
		AsRegistrar(NewTranscripts),
		AsRegistrar(NewInvoices),
		AsRegistrar(NewWebhooks),
	),
	fx.Invoke(Serve),
)
