// Package api holds the operator and customer-portal HTTP handlers.
package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
)

// Routes is implemented by every handler group; fx collects them into the
// "routes" value group and Mount registers them.
type Routes interface {
	Register(r chi.Router)
}

// NewRouter builds the root router with shared middleware.
func NewRouter(log *slog.Logger) chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(httpx.AccessLog(log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
	})
	return r
}

// Mount registers every route group on r.
func Mount(r chi.Router, groups []Routes) {
	for _, g := range groups {
		g.Register(r)
	}
}
