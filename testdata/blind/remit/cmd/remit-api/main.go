// Command remit-api serves the customer/agent gRPC API and the admin and
// webhook HTTP endpoints.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gorilla/mux"
	"go.uber.org/dig"
	"google.golang.org/grpc"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/admin"
	"github.com/sendhome/remit/internal/app"
	"github.com/sendhome/remit/internal/auth"
	"github.com/sendhome/remit/internal/config"
	"github.com/sendhome/remit/internal/funding"
	"github.com/sendhome/remit/internal/grpcapi"
	"github.com/sendhome/remit/internal/httpx"
	"github.com/sendhome/remit/internal/pickup"
	"github.com/sendhome/remit/internal/quote"
	"github.com/sendhome/remit/internal/refund"
	"github.com/sendhome/remit/internal/store"
	"github.com/sendhome/remit/internal/transfer"
	"github.com/sendhome/remit/internal/webhooks"
)

func main() {
	c := dig.New()
	app.Must(app.Provide(c))
	for _, ctor := range []any{
		auth.NewVerifier,
		quote.NewRedisRates,
		store.NewQuoteRepo,
		store.NewRateLockRepo,
		quote.NewService,
		transfer.NewService,
		funding.NewStripeGateway,
		funding.NewBankDebitFromConfig,
		funding.NewCustomerDirectory,
		funding.NewService,
		refund.NewService,
		pickup.NewService,
		grpcapi.NewServer,
		admin.NewHandler,
		webhooks.NewStripeHandler,
		webhooks.NewPartnerHandler,
		newGRPCServer,
		newHTTPHandler,
	} {
		app.Must(c.Provide(ctor))
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("remit-api exited", "err", err)
		os.Exit(1)
	}
}

func newGRPCServer(impl grpcapi.RemittanceServer, v auth.Verifier, log *slog.Logger) *grpc.Server {
	s := grpc.NewServer(
		grpc.ChainUnaryInterceptor(
			grpcapi.LoggingInterceptor(log),
			grpcapi.AuthInterceptor(v),
		),
		grpc.ConnectionTimeout(10*time.Second),
	)
	grpcapi.Register(s, impl)
	return s
}

func newHTTPHandler(a *admin.Handler, sw *webhooks.StripeHandler, pw *webhooks.PartnerHandler, log *slog.Logger) http.Handler {
	r := mux.NewRouter()
	r.Use(httpx.Logging(log))
	r.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	a.Mount(r)
	sw.Mount(r)
	pw.Mount(r)
	return r
}

func run(cfg *config.Config, gs *grpc.Server, h http.Handler, client *ent.Client, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer client.Close()

	lis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		return err
	}
	hs := &http.Server{Addr: cfg.AdminAddr, Handler: h, ReadHeaderTimeout: 5 * time.Second}

	errc := make(chan error, 2)
	go func() { errc <- gs.Serve(lis) }()
	go func() {
		if err := hs.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()
	log.Info("remit-api listening", "grpc", cfg.GRPCAddr, "http", cfg.AdminAddr)

	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	_ = hs.Shutdown(shutdownCtx)
	gs.GracefulStop()
	return err
}
