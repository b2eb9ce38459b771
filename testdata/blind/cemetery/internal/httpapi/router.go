package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"
	"go.uber.org/zap"
)

// Routes is implemented by each handler group; groups are collected through
// the fx "routes" value group.
type Routes interface {
	Mount(r chi.Router)
}

// AsRoutes annotates a handler constructor for the routes group.
func AsRoutes(f any) any {
	return fx.Annotate(f, fx.As(new(Routes)), fx.ResultTags(`group:"routes"`))
}

type RouterParams struct {
	fx.In

	Logger *zap.Logger
	Routes []Routes `group:"routes"`
}

// NewRouter builds the chi router with the shared middleware stack.
func NewRouter(p RouterParams) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger(p.Logger))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	for _, g := range p.Routes {
		g.Mount(r)
	}
	return r
}

type staffKey struct{}

// requireStaff reads the staff identity set by the gateway in front of the
// api. Requests without it are rejected.
func requireStaff(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user := r.Header.Get("X-Staff-User")
		if user == "" {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "staff identity required", Code: "unauthorized"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), staffKey{}, user)))
	})
}

func staffUser(r *http.Request) string {
	u, _ := r.Context().Value(staffKey{}).(string)
	return u
}

func requestLogger(log *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			log.Info("http",
				zap.String("method", r.Method),
				zap.String("path", r.URL.Path),
				zap.Int("status", ww.Status()),
				zap.Duration("elapsed", time.Since(start)),
				zap.String("request_id", middleware.GetReqID(r.Context())),
				zap.String("idempotency_key", r.Header.Get("Idempotency-Key")),
			)
		})
	}
}
