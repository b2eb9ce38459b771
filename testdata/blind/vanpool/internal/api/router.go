package api

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"

	"github.com/pooltrack/vanpool/internal/config"
)

// Routes is implemented by every handler group; fx collects them in the
// "routes" value group.
type Routes interface {
	Mount(r chi.Router)
}

type routerParams struct {
	fx.In
	Log    *slog.Logger
	Groups []Routes `group:"routes"`
}

// NewRouter builds the chi router with every handler group mounted.
func NewRouter(p routerParams) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger(p.Log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	for _, g := range p.Groups {
		g.Mount(r)
	}
	return r
}

func requestLogger(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			log.Info("http",
				"method", r.Method, "path", r.URL.Path, "status", ww.Status(),
				"dur_ms", time.Since(start).Milliseconds(), "req_id", middleware.GetReqID(r.Context()))
		})
	}
}

// NewServer starts the HTTP server with the fx lifecycle.
func NewServer(lc fx.Lifecycle, cfg *config.Config, h http.Handler, log *slog.Logger) *http.Server {
	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
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
	return srv
}

func asRoutes(f any) any {
	return fx.Annotate(f, fx.As(new(Routes)), fx.ResultTags(`group:"routes"`))
}

// Module wires the handlers, router and server.
var Module = fx.Module("api",
	fx.Provide(
		asRoutes(NewMembersHandler),
		asRoutes(NewVanpoolsHandler),
		asRoutes(NewCreditsHandler),
		asRoutes(NewFaresHandler),
		asRoutes(NewLeasesHandler),
		asRoutes(NewReimbursementsHandler),
		asRoutes(NewMessagingHandler),
		asRoutes(NewWebhooksHandler),
		NewRouter,
		NewServer,
	),
	fx.Invoke(func(*http.Server) {}),
)
