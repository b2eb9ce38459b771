// Command api serves the cooperative's HTTP API: grower and contract
// administration, manual scale tickets, advances, settlement payouts and
// the Clearwire ACH webhooks.
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

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/gin-gonic/gin"
	"github.com/shopspring/decimal"
	"gorm.io/gorm/logger"

	"github.com/prairiegold/graincoop/internal/ach"
	appconfig "github.com/prairiegold/graincoop/internal/config"
	"github.com/prairiegold/graincoop/internal/httpapi"
	"github.com/prairiegold/graincoop/internal/kafkax"
	"github.com/prairiegold/graincoop/internal/notify"
	"github.com/prairiegold/graincoop/internal/service"
	"github.com/prairiegold/graincoop/internal/store"
	"github.com/prairiegold/graincoop/internal/weighbridge"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(log)
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := appconfig.Load()
	if err != nil {
		return err
	}
	gdb, err := store.Open(cfg.DatabaseURL, logger.Warn)
	if err != nil {
		return err
	}
	st := store.New(gdb)

	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.AWSRegion))
	if err != nil {
		return err
	}
	sqsClient := sqs.NewFromConfig(awsCfg)
	scale := weighbridge.NewCommands(sqsClient, cfg.ScaleCommandsFIFO)

	achClient := ach.New(cfg.ACHBaseURL, cfg.ACHAPIKey, cfg.ACHOriginatorID)
	sms := notify.NewSMS(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender)
	mail := notify.NewEmail(cfg.EmailBaseURL, cfg.EmailAPIKey, cfg.EmailFrom)
	pub := kafkax.NewPublisher(cfg.KafkaBrokers, "graincoop-api")
	defer pub.Close()

	limit, err := decimal.NewFromString(cfg.AdvanceLimit)
	if err != nil {
		return err
	}
	now := service.SystemClock

	growers := service.NewGrowerService(st.Growers, now)
	banking := service.NewBankingService(st.Growers, st.BankAccounts, achClient, now)
	notifications := service.NewNotificationService(st, st.Growers, st.Contracts, st.Notifications, mail, sms, log, now)
	contracts := service.NewContractService(st, st.Growers, st.Contracts, st.Tickets, pub, log, now)
	tickets := service.NewTicketService(st, st.Growers, st.Tickets, notifications, scale, log, now)
	advances := service.NewAdvanceService(st, st.Growers, st.BankAccounts, st.Advances, achClient, pub, limit, log, now)
	settlements := service.NewSettlementService(st, st.Repos, achClient, pub, log, now)
	achEvents := service.NewACHEventService(st, log, now)

	if cfg.Env != "dev" {
		gin.SetMode(gin.ReleaseMode)
	}
	router := httpapi.NewRouter(httpapi.Deps{
		Growers:       growers,
		Banking:       banking,
		Notices:       notifications,
		Contracts:     contracts,
		Tickets:       tickets,
		Advances:      advances,
		Settlements:   settlements,
		SettlementsRO: st.Settlements,
		ACH:           achEvents,
		Idempotency:   st.Idempotency,
		WebhookSecret: cfg.ACHWebhookSecret,
		Health:        st.Ping,
		Log:           log,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
		close(errc)
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
