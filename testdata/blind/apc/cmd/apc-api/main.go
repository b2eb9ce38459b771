// Command apc-api serves the APC billing HTTP API and the payments webhook.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/quillpress/apcdesk/internal/commands"
	"github.com/quillpress/apcdesk/internal/gormstore"
	"github.com/quillpress/apcdesk/internal/httpapi"
	"github.com/quillpress/apcdesk/internal/platform/config"
	"github.com/quillpress/apcdesk/internal/providers/payments"
	"github.com/quillpress/apcdesk/internal/services"
)

func main() {
	log := config.Logger("apc-api")
	ctx, stop := config.SignalContext()
	defer stop()

	db, err := gormstore.Open(config.MustString("DATABASE_URL"), gormstore.Options{
		MaxOpenConns:    config.Int("DB_MAX_OPEN", 20),
		ConnMaxLifetime: 30 * time.Minute,
	})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	store := gormstore.New(db)

	paystream := payments.New(
		config.MustString("PAYSTREAM_URL"),
		config.MustString("PAYSTREAM_API_KEY"),
		payments.WithWebhookSecret(config.MustString("PAYSTREAM_WEBHOOK_SECRET")),
	)

	invoices := services.NewInvoiceService(store, services.DefaultPriceList(), log,
		services.WithPaymentTerms(config.Duration("PAYMENT_TERMS", 30*24*time.Hour)))
	paymentSvc := services.NewPaymentService(store, paystream, log)
	waivers := services.NewWaiverService(store, log, config.Int("MAX_EDITOR_WAIVER_PERCENT", 50))
	agreements := services.NewAgreementService(store, log)

	bus := commands.NewBus()
	commands.RegisterBilling(bus, commands.Services{
		Invoices:   invoices,
		Payments:   paymentSvc,
		Waivers:    waivers,
		Agreements: agreements,
	}, log)

	gin.SetMode(config.String("GIN_MODE", gin.ReleaseMode))
	router := httpapi.NewRouter(httpapi.Deps{
		Bus:        bus,
		Invoices:   invoices,
		Payments:   paymentSvc,
		Agreements: agreements,
		Webhooks:   paystream,
		APIKeys:    config.Pairs("API_KEYS"),
		Ready:      store.Ping,
		Log:        log,
	})

	srv := &http.Server{
		Addr:              config.String("LISTEN_ADDR", ":8080"),
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	log.Info("listening", "addr", srv.Addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("http server", "err", err)
		os.Exit(1)
	}
}
