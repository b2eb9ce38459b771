// Command reconciler polls Paystream for direct debits whose webhook has
// not arrived and applies their final status.
package main

import (
	"os"
	"time"

	"github.com/quillpress/apcdesk/internal/gormstore"
	"github.com/quillpress/apcdesk/internal/platform/config"
	"github.com/quillpress/apcdesk/internal/platform/schedule"
	"github.com/quillpress/apcdesk/internal/providers/payments"
	"github.com/quillpress/apcdesk/internal/services"
)

func main() {
	log := config.Logger("reconciler")
	ctx, stop := config.SignalContext()
	defer stop()

	db, err := gormstore.Open(config.MustString("DATABASE_URL"), gormstore.Options{MaxOpenConns: 3})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	store := gormstore.New(db)
	paystream := payments.New(config.MustString("PAYSTREAM_URL"), config.MustString("PAYSTREAM_API_KEY"))

	reconciler := services.NewReconciler(store, paystream, services.ReconcileConfig{
		ReconcileBatch: config.Int("RECONCILE_BATCH", 100),
		ReconcileAfter: config.Duration("RECONCILE_AFTER", 6*time.Hour),
	}, log)

	schedule.Every(ctx, config.Duration("RECONCILE_INTERVAL", 30*time.Minute), "reconcile", log, reconciler.Reconcile)
}
