// Command psp-webhooks receives callbacks from the card PSP and the payout
// partner.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/kickoffbet/sportsbook/internal/audit"
	"github.com/kickoffbet/sportsbook/internal/config"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/ids"
	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/payments"
	"github.com/kickoffbet/sportsbook/internal/players"
	"github.com/kickoffbet/sportsbook/internal/providers/affiliate"
	"github.com/kickoffbet/sportsbook/internal/providers/notify"
	"github.com/kickoffbet/sportsbook/internal/providers/payout"
	"github.com/kickoffbet/sportsbook/internal/providers/psp"
	"github.com/kickoffbet/sportsbook/internal/telemetry"
	"github.com/kickoffbet/sportsbook/internal/wallet"
	"github.com/kickoffbet/sportsbook/internal/webhooks"
	"github.com/kickoffbet/sportsbook/internal/withdrawals"
)

func main() {
	log := config.Logger("psp-webhooks")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, config.Database())
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	reg := prometheus.NewRegistry()
	metrics := telemetry.NewMetrics(reg, "sportsbook")

	txr := db.NewTxRunner(conn)
	walletStore := wallet.NewStore()
	ob := outbox.NewWriter()
	lim := limits.NewService(conn, txr, ob)

	paymentsSvc := payments.Observe(payments.NewService(payments.Deps{
		DB:     conn,
		Tx:     txr,
		PSP:    psp.New(psp.Config{BaseURL: config.Must("PSP_BASE_URL"), APIKey: config.Must("PSP_API_KEY")}),
		Wallet: walletStore,
		Limits: lim,
		Outbox: ob,
		IDs:    ids.UUID,
		Log:    log.With("component", "payments"),
	}), metrics)

	var tracker affiliate.Tracker = affiliate.Disabled{}
	if base := config.String("AFFILIATE_POSTBACK_URL", ""); base != "" {
		tracker = affiliate.New(base, config.Must("AFFILIATE_SECRET"))
	}
	conversions := &payments.ConversionReporter{DB: conn, Tracker: tracker}

	withdrawalSvc := withdrawals.NewService(conn, txr, walletStore, idem.NewKeys(), lim, ob, audit.NewLog(),
		payout.New(config.Must("PAYOUT_BASE_URL"), config.Must("PAYOUT_CLIENT_ID"), config.Must("PAYOUT_CLIENT_SECRET"), payout.DefaultPolicy()),
		withdrawals.Config{Brand: config.String("BRAND", "KickoffBet")},
		withdrawals.WithLogger(log.With("component", "withdrawals")),
	)

	var notifier notify.Notifier = notify.Noop{}
	if base := config.String("NOTIFY_BASE_URL", ""); base != "" {
		notifier = notify.Instrument(notify.New(base, config.Must("NOTIFY_TOKEN")), metrics, log)
	}

	mux := http.NewServeMux()
	mux.Handle("POST /webhooks/psp", webhooks.NewPSPReceiver(paymentsSvc, conversions, []byte(config.Must("PSP_WEBHOOK_SECRET")), log))
	mux.Handle("POST /webhooks/payouts", &webhooks.PayoutReceiver{
		Withdrawals: withdrawalSvc,
		Phones:      players.NewDirectory(conn),
		Notifier:    notifier,
		Secret:      []byte(config.Must("PAYOUT_WEBHOOK_SECRET")),
		Log:         log,
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))

	srv := &http.Server{
		Addr:              config.String("HTTP_ADDR", ":8081"),
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	go func() {
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("http server stopped", "err", err)
			stop()
		}
	}()
	log.Info("psp-webhooks started", "addr", srv.Addr)
	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	_ = srv.Shutdown(shutdownCtx)
}
