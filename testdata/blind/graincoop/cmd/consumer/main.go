// Command consumer runs the Kafka consumers for grading, deliveries,
// premiums, advance disbursement and grower notifications.
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/shopspring/decimal"
	"gorm.io/gorm/logger"

	"github.com/prairiegold/graincoop/internal/ach"
	appconfig "github.com/prairiegold/graincoop/internal/config"
	"github.com/prairiegold/graincoop/internal/consumers"
	"github.com/prairiegold/graincoop/internal/kafkax"
	"github.com/prairiegold/graincoop/internal/notify"
	"github.com/prairiegold/graincoop/internal/portal"
	"github.com/prairiegold/graincoop/internal/service"
	"github.com/prairiegold/graincoop/internal/store"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	if err := run(log); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("consumer exited", "err", err)
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

	achClient := ach.New(cfg.ACHBaseURL, cfg.ACHAPIKey, cfg.ACHOriginatorID)
	sms := notify.NewSMS(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender)
	mail := notify.NewEmail(cfg.EmailBaseURL, cfg.EmailAPIKey, cfg.EmailFrom)
	portalClient := portal.New(cfg.PortalTimeout, log)
	pub := kafkax.NewPublisher(cfg.KafkaBrokers, "graincoop-consumer")
	defer pub.Close()

	limit, err := decimal.NewFromString(cfg.AdvanceLimit)
	if err != nil {
		return err
	}
	now := service.SystemClock

	grading := service.NewGradingService(st, now)
	contracts := service.NewContractService(st, st.Growers, st.Contracts, st.Tickets, pub, log, now)
	premiums := service.NewPremiumService(st, st.Growers, now)
	advances := service.NewAdvanceService(st, st.Growers, st.BankAccounts, st.Advances, achClient, pub, limit, log, now)
	portalSvc := service.NewPortalService(st.Growers, st.Contracts, st.Amendments, st.Settlements, portalClient, now)
	notifications := service.NewNotificationService(st, st.Growers, st.Contracts, st.Notifications, mail, sms, log, now)

	routes := consumers.Routes(consumers.KafkaDeps{
		Grading:    grading,
		Deliveries: contracts,
		Premiums:   premiums,
		Advances:   advances,
		Portal:     portalSvc,
		Notifier:   notifications,
		Inbox:      st.Events,
		Log:        log,
	})
	runner := kafkax.NewRunner(cfg.KafkaBrokers, cfg.KafkaGroup, log, routes)
	log.Info("consumer starting", "topics", len(routes))
	return runner.Run(ctx)
}
