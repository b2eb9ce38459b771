// Command api serves the staff, public and webhook HTTP API.
package main

import (
	"context"
	"errors"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/haulright/movers/internal/api"
	"github.com/haulright/movers/internal/app"
	"github.com/haulright/movers/internal/config"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/platform/database"
	"github.com/haulright/movers/internal/service"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	logger := app.Logger("api")

	db, err := database.Open(cfg.DatabaseURL)
	if err != nil {
		log.Fatal(err)
	}
	repos := app.NewRepos(db)

	queue := asynq.NewClient(app.RedisOpt(cfg))
	defer queue.Close()
	enqueuer := jobs.NewEnqueuer(queue, logger)

	gateway := app.NewPayments(cfg, logger)
	texts := app.NewSMS(cfg, os.Getenv("PUBLIC_URL")+"/webhooks/sms/status")
	mailer := app.NewMailer(cfg)
	trucksAPI := app.NewFleet(cfg)

	quotes := service.NewQuoteService(db, repos.Quotes, repos.Bookings, repos.Customers,
		repos.Idempotency, repos.Notifications, enqueuer, service.DefaultPricing(), logger)
	paymentsSvc := service.NewPaymentService(db, gateway, repos.Payments, repos.Bookings, repos.Customers,
		repos.Invoices, repos.Events, repos.Notifications, enqueuer, logger)
	bookings := service.NewBookingService(db, repos.Bookings, repos.Crew, repos.Customers, repos.Trucks,
		repos.Notifications, paymentsSvc, trucksAPI, enqueuer,
		service.RescheduleFees{Under48hCents: 15000, Under7dCents: 5000}, logger)
	crew := service.NewCrewService(db, repos.Crew, repos.Bookings, texts, logger)
	trucks := service.NewTruckService(db, trucksAPI, repos.Trucks, repos.Bookings, logger)
	notify := service.NewNotificationService(db, repos.Notifications, repos.Bookings, repos.Customers,
		texts, mailer, enqueuer, logger)
	storage := service.NewStorageService(db, repos.Storage, repos.Bookings, repos.Customers,
		repos.Notifications, gateway, enqueuer, logger)
	claims := service.NewClaimService(db, repos.Claims, repos.Bookings, repos.Customers,
		repos.Notifications, gateway, enqueuer, logger)
	surveys := service.NewSurveyService(db, repos.Surveys, repos.Customers, repos.Notifications,
		texts, enqueuer, cfg.SweepInterval, logger)

	router := api.NewRouter(api.Handlers{
		Quotes:   api.NewQuoteHandler(quotes),
		Bookings: api.NewBookingHandler(bookings, crew, trucks, paymentsSvc, notify),
		Invoices: api.NewInvoiceHandler(paymentsSvc),
		Storage:  api.NewStorageHandler(storage),
		Claims:   api.NewClaimHandler(claims),
		Surveys:  api.NewSurveyHandler(surveys, repos.Idempotency),
		Webhooks: api.NewWebhookHandler(paymentsSvc, notify, cfg.WebhookSecretPayments, cfg.SMSToken),
	}, api.RouterConfig{
		StaffTokens:    parseTokens(os.Getenv("STAFF_TOKENS")),
		AdjusterTokens: parseTokens(os.Getenv("ADJUSTER_TOKENS")),
		Log:            logger,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go func() {
		logger.Info("listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Fatal(err)
		}
	}()
	<-ctx.Done()
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = srv.Shutdown(shutdown)
}

// parseTokens reads "token:name,token:name".
func parseTokens(s string) map[string]string {
	out := map[string]string{}
	for _, pair := range strings.Split(s, ",") {
		tok, name, ok := strings.Cut(strings.TrimSpace(pair), ":")
		if ok && tok != "" {
			out[tok] = name
		}
	}
	return out
}
