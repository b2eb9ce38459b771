// Command doi-worker deposits queued DOIs with the registry in batches and
// collects deposit outcomes.
package main

import (
	"os"
	"time"

	"github.com/quillpress/apcdesk/internal/gormstore"
	"github.com/quillpress/apcdesk/internal/platform/config"
	"github.com/quillpress/apcdesk/internal/platform/schedule"
	"github.com/quillpress/apcdesk/internal/providers/doireg"
	"github.com/quillpress/apcdesk/internal/services"
)

func main() {
	log := config.Logger("doi-worker")
	ctx, stop := config.SignalContext()
	defer stop()

	db, err := gormstore.Open(config.MustString("DATABASE_URL"), gormstore.Options{MaxOpenConns: 3})
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
	dois := services.NewDOIService(store, registry, services.DOIConfig{
		LandingBase: config.String("LANDING_BASE_URL", "https://journals.quillpress.org"),
		NotifyEmail: config.String("DOI_NOTIFY_EMAIL", "doi-ops@quillpress.org"),
		BatchSize:   config.Int("DOI_BATCH_SIZE", 100),
	}, log)

	schedule.Every(ctx, config.Duration("DOI_INTERVAL", 10*time.Minute), "doi-batch", log, dois.RunBatch)
}
