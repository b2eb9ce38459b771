// Package telemetry sets up logging, tracing and metrics.
package telemetry

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"

	"github.com/northmill/procure/internal/platform/config"
)

// NewLogger returns the process logger.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// NewTracerProvider returns the global tracer provider. Exporters are
// configured by the OTEL_* environment in the sidecar.
func NewTracerProvider() trace.TracerProvider {
	return otel.GetTracerProvider()
}

// NewRegistry returns a Prometheus registry with the Go collectors.
func NewRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

// MetricsServer serves /metrics on its own port.
type MetricsServer struct {
	srv *http.Server
}

// NewMetricsServer builds the metrics endpoint.
func NewMetricsServer(cfg config.Config, reg *prometheus.Registry) *MetricsServer {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	return &MetricsServer{srv: &http.Server{Addr: cfg.MetricsAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}}
}

// Start serves in the background.
func (m *MetricsServer) Start(log *slog.Logger) {
	go func() {
		if err := m.srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server stopped", "err", err)
		}
	}()
}

// Shutdown stops the server.
func (m *MetricsServer) Shutdown(ctx context.Context) error { return m.srv.Shutdown(ctx) }
