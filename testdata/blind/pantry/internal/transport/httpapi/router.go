package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/pantryco/fulfilment/internal/config"
	"github.com/pantryco/fulfilment/internal/platform/obs"
)

// Routes registers the picker endpoints on a Go 1.22 ServeMux.
func Routes(h *Handlers) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	mux.HandleFunc("POST /v1/picks/{orderID}/lines/{lineNo}/picked", h.recordPick)
	mux.HandleFunc("POST /v1/picks/{orderID}/substitutions", h.proposeSubstitution)
	mux.HandleFunc("POST /v1/picks/{orderID}/bags", h.addBag)
	mux.HandleFunc("POST /v1/picks/{orderID}/shortages", h.reportShortage)
	mux.HandleFunc("POST /v1/picks/{orderID}/complete", h.completePicking)
	mux.HandleFunc("POST /v1/picks/{orderID}/handover", h.handover)
	return mux
}

// NewHTTPServer builds the picker API server and ties it to the lifecycle.
func NewHTTPServer(lc fx.Lifecycle, cfg config.Config, h *Handlers, log *slog.Logger, m obs.Metrics) *http.Server {
	handler := Chain(Routes(h),
		Recover(log),
		RequestID(),
		AccessLog(log, m),
		PickerAuth(),
	)
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			lis, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			log.Info("http listening", "addr", srv.Addr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
	return srv
}
