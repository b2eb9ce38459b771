// Command dunning-cron sends reminder e-mails for overdue invoices. It runs
// once per invocation (Kubernetes CronJob, daily).
package main

import (
	"context"
	"os"
	"time"

	"github.com/quillpress/apcdesk/internal/gormstore"
	"github.com/quillpress/apcdesk/internal/platform/config"
	"github.com/quillpress/apcdesk/internal/providers/mailer"
	"github.com/quillpress/apcdesk/internal/services"
)

func main() {
	log := config.Logger("dunning-cron")
	ctx, stop := config.SignalContext()
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, config.Duration("RUN_TIMEOUT", 20*time.Minute))
	defer cancel()

	db, err := gormstore.Open(config.MustString("DATABASE_URL"), gormstore.Options{MaxOpenConns: 2})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	store := gormstore.New(db)

	mail := mailer.New(
		config.MustString("POSTWIRE_URL"),
		config.MustString("POSTWIRE_TOKEN"),
		config.String("MAIL_FROM", "QuillPress Author Services <apc@quillpress.org>"),
	)
	notifications := services.NewNotificationService(store, mail, services.NotificationConfig{
		PayBaseURL:   config.String("PAY_BASE_URL", "https://pay.quillpress.org"),
		RemindEvery:  config.Duration("REMIND_EVERY", 7*24*time.Hour),
		MaxReminders: config.Int("MAX_REMINDERS", 4),
	}, log)

	sent, err := notifications.SendReminders(ctx, time.Now().UTC())
	if err != nil {
		// Non-zero exit makes the CronJob retry the run.
		log.Error("dunning run failed", "sent", sent, "err", err)
		os.Exit(1)
	}
	log.Info("dunning run complete", "sent", sent)
}
