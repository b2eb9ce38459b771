package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/fieldday/leagues/internal/config"
)

// Handlers groups every route handler for wiring.
type Handlers struct {
	Households    *HouseholdHandler
	Registrations *RegistrationHandler
	Waitlist      *WaitlistHandler
	Teams         *TeamHandler
	Coaches       *CoachHandler
	Reminders     *ReminderHandler
	Webhooks      *WebhookHandler
}

// NewRouter builds the gin engine with every route registered.
func NewRouter(h *Handlers) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestID(), accessLog())
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	for _, reg := range []interface{ register(gin.IRoutes) }{
		h.Households, h.Registrations, h.Waitlist, h.Teams, h.Coaches, h.Reminders, h.Webhooks,
	} {
		reg.register(r)
	}
	return r
}

// Server is the HTTP server process.
type Server struct {
	srv *http.Server
}

// NewServer wraps the router in an http.Server.
func NewServer(cfg *config.Config, engine *gin.Engine) *Server {
	return &Server{srv: &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           engine,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
	}}
}

// Run serves until SIGINT/SIGTERM, then drains in-flight requests.
func (s *Server) Run() error {
	errc := make(chan error, 1)
	go func() {
		slog.Info("http: listening", "addr", s.srv.Addr)
		if err := s.srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
		close(errc)
	}()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	select {
	case err := <-errc:
		return err
	case <-sig:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return s.srv.Shutdown(ctx)
}
