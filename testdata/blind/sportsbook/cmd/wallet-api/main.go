// Command wallet-api serves the player gRPC API (wallet and betting) and the
// back-office admin HTTP API.
package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/kickoffbet/sportsbook/internal/admin"
	"github.com/kickoffbet/sportsbook/internal/audit"
	"github.com/kickoffbet/sportsbook/internal/betting"
	"github.com/kickoffbet/sportsbook/internal/config"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/grpcapi"
	"github.com/kickoffbet/sportsbook/internal/httpx"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/ids"
	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/payments"
	"github.com/kickoffbet/sportsbook/internal/pb"
	"github.com/kickoffbet/sportsbook/internal/providers/payout"
	"github.com/kickoffbet/sportsbook/internal/providers/psp"
	"github.com/kickoffbet/sportsbook/internal/telemetry"
	"github.com/kickoffbet/sportsbook/internal/wallet"
	"github.com/kickoffbet/sportsbook/internal/withdrawals"
)

func main() {
	log := config.Logger("wallet-api")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, config.Database())
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	metrics := telemetry.NewMetrics(reg, "sportsbook")

	txr := db.NewTxRunner(conn)
	walletStore := wallet.NewStore()
	ob := outbox.NewWriter()
	keys := idem.NewKeys()
	auditLog := audit.NewLog()
	lim := limits.NewService(conn, txr, ob)

	walletSvc := wallet.WithTracing(wallet.WithMetrics(wallet.NewService(conn, txr, walletStore), metrics))

	pspClient := psp.New(psp.Config{
		BaseURL: config.Must("PSP_BASE_URL"),
		APIKey:  config.Must("PSP_API_KEY"),
		Timeout: config.Duration("PSP_TIMEOUT", 15*time.Second),
		Retry:   httpx.DefaultPolicy,
	})
	paymentsSvc := payments.Observe(payments.NewService(payments.Deps{
		DB:      conn,
		Tx:      txr,
		PSP:     pspClient,
		Wallet:  walletStore,
		Limits:  lim,
		Outbox:  ob,
		IDs:     ids.UUID,
		Log:     log.With("component", "payments"),
		BaseURL: config.String("PUBLIC_BASE_URL", "https://www.kickoffbet.example"),
	}), metrics)

	payoutClient := payout.New(
		config.Must("PAYOUT_BASE_URL"),
		config.Must("PAYOUT_CLIENT_ID"),
		config.Must("PAYOUT_CLIENT_SECRET"),
		httpx.Policy{Attempts: 3, Delay: time.Second, MaxDelay: 5 * time.Second},
	)
	withdrawalSvc := withdrawals.NewService(conn, txr, walletStore, keys, lim, ob, auditLog, payoutClient,
		withdrawals.Config{
			Brand:       config.String("BRAND", "KickoffBet"),
			CallbackURL: config.String("PAYOUT_CALLBACK_URL", ""),
		},
		withdrawals.WithLogger(log.With("component", "withdrawals")),
	)

	betStore := betting.NewStore()
	betSvc := betting.WithMetrics(betting.NewService(betting.Deps{
		DB:       conn,
		Tx:       txr,
		Store:    betStore,
		Wallet:   walletStore,
		Keys:     keys,
		Limits:   lim,
		Outbox:   ob,
		Audit:    auditLog,
		Log:      log.With("component", "betting"),
		MaxStake: config.Int64("MAX_STAKE", 500_000),
	}), metrics)

	adjuster := wallet.NewAdjuster(txr, walletStore, auditLog, ob, ids.UUID)

	// gRPC
	grpcServer := grpc.NewServer(
		grpc.ForceServerCodec(pb.Codec{}),
		grpc.ChainUnaryInterceptor(
			grpcapi.Recovery(log),
			grpcapi.Logging(log),
			grpcapi.Auth(grpcapi.HMACTokens{Secret: []byte(config.Must("SESSION_SECRET"))}),
		),
	)
	pb.RegisterWalletServiceServer(grpcServer, &grpcapi.WalletServer{
		Payments:    paymentsSvc,
		Withdrawals: withdrawalSvc,
		Limits:      lim,
		Wallet:      walletSvc,
		MaxDeposit:  config.Int64("MAX_DEPOSIT", 1_000_000),
	})
	pb.RegisterBettingServiceServer(grpcServer, &grpcapi.BettingServer{Bets: betSvc})
	hs := health.NewServer()
	healthpb.RegisterHealthServer(grpcServer, hs)

	lis, err := net.Listen("tcp", config.String("GRPC_ADDR", ":9090"))
	if err != nil {
		log.Error("listen", "err", err)
		os.Exit(1)
	}
	go func() {
		if err := grpcServer.Serve(lis); err != nil {
			log.Error("grpc server stopped", "err", err)
			stop()
		}
	}()

	// Admin HTTP
	api := &admin.API{
		Payments:    paymentsSvc,
		Withdrawals: withdrawalSvc,
		Bets:        betSvc,
		Adjuster:    adjuster,
		Wallet:      walletSvc,
		Operators:   config.Operators(),
		Log:         log.With("component", "admin"),
	}
	mux := http.NewServeMux()
	mux.Handle("/admin/", api.Routes())
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	adminSrv := &http.Server{
		Addr:              config.String("ADMIN_ADDR", ":8080"),
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
	}
	go func() {
		if err := adminSrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("admin server stopped", "err", err)
			stop()
		}
	}()

	log.Info("wallet-api started", "grpc", lis.Addr().String(), "admin", adminSrv.Addr)
	<-ctx.Done()

	hs.Shutdown()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = adminSrv.Shutdown(shutdownCtx)
	grpcServer.GracefulStop()
	log.Info("wallet-api stopped")
}
