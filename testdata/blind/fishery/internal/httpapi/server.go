// Package httpapi is the registry's REST API: the vessel owners' portal, the
// port terminals, observers' tablets and exporters all call it.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

type Server struct {
	srv *http.Server
	log *slog.Logger
	cfg config.HTTP
}

// Handlers collects every handler group mounted by the router.
type Handlers struct {
	Vessels      *VesselHandlers
	Quota        *QuotaHandlers
	Landings     *LandingHandlers
	PortCalls    *PortCallHandlers
	Observers    *ObserverHandlers
	Certificates *CertificateHandlers
	Webhooks     *WebhookHandlers
}

func NewServer(cfg config.HTTP, h Handlers, log *slog.Logger) *Server {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestLog(log))

	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })

	v1 := r.Group("/v1")
	h.Vessels.Register(v1)
	h.Quota.Register(v1)
	h.Landings.Register(v1)
	h.PortCalls.Register(v1)
	h.Observers.Register(v1)
	h.Certificates.Register(v1)
	h.Webhooks.Register(r.Group("/webhooks"))

	return &Server{
		srv: &http.Server{Addr: cfg.Addr, Handler: r, ReadHeaderTimeout: 10 * time.Second},
		log: log,
		cfg: cfg,
	}
}

func (s *Server) Run(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.srv.ListenAndServe() }()
	s.log.Info("http listening", "addr", s.cfg.Addr)
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
		shutdownCtx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
		defer cancel()
		return s.srv.Shutdown(shutdownCtx)
	}
}

func requestLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("request", "method", c.Request.Method, "path", c.FullPath(),
			"status", c.Writer.Status(), "dur", time.Since(start))
	}
}

// fail maps service errors to HTTP statuses.
func fail(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, ports.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, ports.ErrConflict):
		status = http.StatusConflict
	case errors.Is(err, ports.ErrInsufficientQuota), errors.Is(err, ports.ErrVesselInactive):
		status = http.StatusUnprocessableEntity
	}
	c.AbortWithStatusJSON(status, gin.H{"error": err.Error()})
}

func badRequest(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
}
