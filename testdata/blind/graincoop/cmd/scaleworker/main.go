// Command scaleworker consumes weighbridge scale-ticket events from SQS.
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"gorm.io/gorm/logger"

	appconfig "github.com/prairiegold/graincoop/internal/config"
	"github.com/prairiegold/graincoop/internal/consumers"
	"github.com/prairiegold/graincoop/internal/notify"
	"github.com/prairiegold/graincoop/internal/service"
	"github.com/prairiegold/graincoop/internal/sqsx"
	"github.com/prairiegold/graincoop/internal/store"
	"github.com/prairiegold/graincoop/internal/weighbridge"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	if err := run(log); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("scaleworker exited", "err", err)
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

	mail := notify.NewEmail(cfg.EmailBaseURL, cfg.EmailAPIKey, cfg.EmailFrom)
	sms := notify.NewSMS(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender)
	now := service.SystemClock

	notifications := service.NewNotificationService(st, st.Growers, st.Contracts, st.Notifications, mail, sms, log, now)
	tickets := service.NewTicketService(st, st.Growers, st.Tickets, notifications,
		weighbridge.NewCommands(sqsClient, cfg.ScaleCommandsFIFO), log, now)

	c := sqsx.NewConsumer(sqsClient, cfg.ScaleEventsQueue, consumers.ScaleHandlers(tickets), log)
	log.Info("scaleworker starting", "queue", cfg.ScaleEventsQueue)
	return c.Run(ctx)
}
