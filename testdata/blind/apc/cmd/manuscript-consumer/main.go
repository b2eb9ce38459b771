// Command manuscript-consumer reacts to editorial and production events:
// acceptances raise APC invoices, withdrawals and transfers adjust them,
// corrections redeposit DOI metadata.
package main

import (
	"os"

	"github.com/quillpress/apcdesk/internal/domain"
	"github.com/quillpress/apcdesk/internal/events"
	"github.com/quillpress/apcdesk/internal/gormstore"
	"github.com/quillpress/apcdesk/internal/platform/config"
	"github.com/quillpress/apcdesk/internal/providers/doireg"
	"github.com/quillpress/apcdesk/internal/services"
)

func main() {
	log := config.Logger("manuscript-consumer")
	ctx, stop := config.SignalContext()
	defer stop()

	db, err := gormstore.Open(config.MustString("DATABASE_URL"), gormstore.Options{MaxOpenConns: 5})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	store := gormstore.New(db)

	registry := doireg.New(
		config.MustString("DOI_REGISTRY_URL"),
		config.MustString("DOI_REGISTRY_USER"),
		config.MustString("DOI_REGISTRY_PASSWORD"),
		config.String("DOI_DEPOSITOR", "QuillPress Ltd"),
	)
	invoices := services.NewInvoiceService(store, services.DefaultPriceList(), log)
	dois := services.NewDOIService(store, registry, services.DOIConfig{
		LandingBase: config.String("LANDING_BASE_URL", "https://journals.quillpress.org"),
		NotifyEmail: config.String("DOI_NOTIFY_EMAIL", "doi-ops@quillpress.org"),
	}, log)

	consumer := events.NewConsumer(events.ConsumerConfig{
		Brokers: config.List("KAFKA_BROKERS", "localhost:9092"),
		GroupID: config.String("KAFKA_GROUP", "apcdesk-manuscripts"),
		Topics:  []string{domain.TopicManuscripts, domain.TopicArticles},
	}, events.ManuscriptHandlers(invoices, dois), log)
	defer consumer.Close()

	log.Info("consuming")
	if err := consumer.Run(ctx); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
