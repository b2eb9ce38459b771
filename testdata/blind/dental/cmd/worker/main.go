// Command worker runs the background job queue: reminder texts, patient
// notices and statement mailing.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/brightsmile-dental/practiceops/internal/billing"
	"github.com/brightsmile-dental/practiceops/internal/config"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/jobqueue"
	"github.com/brightsmile-dental/practiceops/internal/providers/postal"
	"github.com/brightsmile-dental/practiceops/internal/providers/sms"
	"github.com/brightsmile-dental/practiceops/internal/reminders"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	db, err := database.Open(cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}

	smsClient := sms.New(cfg.SMSURL, cfg.SMSAPIKey)
	mailer := billing.NewStatementMailer(db, postal.New(cfg.PostalURL, cfg.PostalAPIKey), cfg.StatementTemplateID,
		func(statementID string) string { return "https://pay.brightsmile.example.com/s/" + statementID })

	handlers := map[string]jobqueue.HandlerFunc{
		reminders.KindReminder:    reminders.NewReminderSender(db, smsClient).Handle,
		reminders.KindNotice:      reminders.NewNoticeSender(db, smsClient).Handle,
		billing.KindMailStatement: mailer.Handle,
	}
	runner := jobqueue.NewRunner(jobqueue.New(db), jobqueue.WithLease(cfg.JobLease), jobqueue.WithLogger(log))
	for kind, h := range handlers {
		runner.Handle(kind, h)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := runner.Run(ctx); err != nil && ctx.Err() == nil {
		log.Error("runner", "err", err)
		os.Exit(1)
	}
}
