// Command billing-consumer handles the platform's own billing events
// (invoice e-mails, receipts, DOI queueing) and agreement updates from the
// CRM.
package main

import (
	"os"

	"github.com/quillpress/apcdesk/internal/domain"
	"github.com/quillpress/apcdesk/internal/events"
	"github.com/quillpress/apcdesk/internal/gormstore"
	"github.com/quillpress/apcdesk/internal/platform/config"
	"github.com/quillpress/apcdesk/internal/providers/doireg"
	"github.com/quillpress/apcdesk/internal/providers/mailer"
	"github.com/quillpress/apcdesk/internal/services"
)

func main() {
	log := config.Logger("billing-consumer")
	ctx, stop := config.SignalContext()
	defer stop()

	db, err := gormstore.Open(config.MustString("DATABASE_URL"), gormstore.Options{MaxOpenConns: 5})
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
	registry := doireg.New(
		config.MustString("DOI_REGISTRY_URL"),
		config.MustString("DOI_REGISTRY_USER"),
		config.MustString("DOI_REGISTRY_PASSWORD"),
		config.String("DOI_DEPOSITOR", "QuillPress Ltd"),
	)

	notifications := services.NewNotificationService(store, mail, services.NotificationConfig{
		PayBaseURL: config.String("PAY_BASE_URL", "https://pay.quillpress.org"),
	}, log)
	dois := services.NewDOIService(store, registry, services.DOIConfig{
		LandingBase: config.String("LANDING_BASE_URL", "https://journals.quillpress.org"),
		NotifyEmail: config.String("DOI_NOTIFY_EMAIL", "doi-ops@quillpress.org"),
	}, log)
	agreements := services.NewAgreementService(store, log)

	handlers := events.BillingHandlers(events.BillingDeps{
		Notifications: notifications,
		DOIs:          dois,
		Agreements:    agreements,
		Processed:     store.ProcessedEvents(),
		Log:           log,
	})
	consumer := events.NewConsumer(events.ConsumerConfig{
		Brokers: config.List("KAFKA_BROKERS", "localhost:9092"),
		GroupID: config.String("KAFKA_GROUP", "apcdesk-billing"),
		Topics:  []string{domain.TopicBilling, domain.TopicAgreements},
	}, handlers, log)
	defer consumer.Close()

	log.Info("consuming")
	if err := consumer.Run(ctx); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
