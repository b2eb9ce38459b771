// Command webhooks receives provider callbacks from Stripe, AuctionHub and
// Textline. It runs separately from the counter API so partner traffic and
// counter traffic scale and fail independently.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"github.com/ironvault/pawnline/internal/config"
	"github.com/ironvault/pawnline/internal/httpapi"
	"github.com/ironvault/pawnline/internal/jobs"
	"github.com/ironvault/pawnline/internal/postgres"
	"github.com/ironvault/pawnline/internal/providers/auctionhub"
	"github.com/ironvault/pawnline/internal/providers/stripepay"
	"github.com/ironvault/pawnline/internal/providers/textline"
	"github.com/ironvault/pawnline/internal/service"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	if err := run(log); err != nil {
		log.Error("webhooks exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := postgres.Open(ctx, cfg.DatabaseURL, postgres.Options{MaxOpenConns: cfg.MaxOpenConns})
	if err != nil {
		return err
	}
	defer db.Close()

	riverClient, err := river.NewClient(riverdatabasesql.New(db.DB), &river.Config{Logger: log})
	if err != nil {
		return err
	}
	queue := jobs.NewQueue(riverClient)

	now := service.Clock(time.Now)
	tx := postgres.NewTransactor(db)
	loans := postgres.NewLoanRepo(db)
	items := postgres.NewItemRepo(db)
	payments := postgres.NewPaymentRepo(db)
	customers := postgres.NewCustomerRepo(db)
	auctionPartner := auctionhub.New(cfg.AuctionHubBaseURL, cfg.AuctionHubAPIKey, cfg.AuctionHubConsignorID)
	sms := textline.New(cfg.TextlineBaseURL, cfg.TextlineAPIKey, textline.WithSender(cfg.TextlineSender))

	stripeEvents := service.NewStripeEventService(tx, postgres.NewWebhookEventRepo(db), loans, payments, log, now)
	auctions := service.NewAuctionService(tx, postgres.NewAuctionRepo(db), items, loans, postgres.NewCreditRepo(db), auctionPartner, queue, now)
	messaging := service.NewMessagingService(tx, loans, customers, postgres.NewBranchRepo(db), postgres.NewMessageRepo(db), sms, queue, log, now)

	handler := httpapi.NewWebhookRouter(httpapi.Webhooks{
		StripeParser:    stripepay.NewEventParser(cfg.StripeWebhookSecret),
		Stripe:          stripeEvents,
		AuctionVerifier: auctionhub.NewVerifier(cfg.AuctionHubWebhookSecret),
		Auction:         auctions,
		SMSVerifier:     textline.NewVerifier(cfg.TextlineWebhookSecret),
		SMS:             messaging,
		Log:             log,
	})

	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Info("webhooks listening", "addr", cfg.HTTPAddr)
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
