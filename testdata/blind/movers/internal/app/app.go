// Package app holds the constructors shared by the binaries in cmd/.
package app

import (
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/config"
	"github.com/haulright/movers/internal/provider/email"
	"github.com/haulright/movers/internal/provider/fleet"
	"github.com/haulright/movers/internal/provider/payments"
	"github.com/haulright/movers/internal/provider/sms"
	"github.com/haulright/movers/internal/repository"
)

func Logger(service string) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})).
		With("service", service)
}

// Repos bundles one repository per aggregate.
type Repos struct {
	Customers     repository.CustomerRepository
	Quotes        repository.QuoteRepository
	Bookings      repository.BookingRepository
	Crew          repository.CrewRepository
	Trucks        repository.TruckRepository
	Payments      repository.PaymentRepository
	Invoices      repository.InvoiceRepository
	Storage       repository.StorageRepository
	Claims        repository.ClaimRepository
	Surveys       repository.SurveyRepository
	Notifications repository.NotificationRepository
	Events        repository.EventRepository
	Idempotency   repository.IdempotencyRepository
}

func NewRepos(db *gorm.DB) Repos {
	return Repos{
		Customers:     repository.NewCustomerRepository(db),
		Quotes:        repository.NewQuoteRepository(db),
		Bookings:      repository.NewBookingRepository(db),
		Crew:          repository.NewCrewRepository(db),
		Trucks:        repository.NewTruckRepository(db),
		Payments:      repository.NewPaymentRepository(db),
		Invoices:      repository.NewInvoiceRepository(db),
		Storage:       repository.NewStorageRepository(db),
		Claims:        repository.NewClaimRepository(db),
		Surveys:       repository.NewSurveyRepository(db),
		Notifications: repository.NewNotificationRepository(db),
		Events:        repository.NewEventRepository(db),
		Idempotency:   repository.NewIdempotencyRepository(db),
	}
}

func httpClient(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
		},
	}
}

func NewPayments(cfg config.Config, log *slog.Logger) payments.Client {
	c := payments.New(cfg.PaymentsAPIKey,
		payments.WithBaseURL(cfg.PaymentsBaseURL),
		payments.WithHTTPClient(httpClient(20*time.Second)),
		payments.WithUserAgent("haulright-movers/"+Version),
	)
	return payments.WithLogging(c, log)
}

func NewSMS(cfg config.Config, statusCallback string) sms.Sender {
	base := sms.New(
		sms.WithBaseURL(cfg.SMSBaseURL),
		sms.WithCredentials(cfg.SMSAccount, cfg.SMSToken),
		sms.WithFrom(cfg.SMSSender),
		sms.WithHTTPClient(httpClient(10*time.Second)),
		sms.WithStatusCallback(statusCallback),
	)
	loc, err := time.LoadLocation("America/Chicago")
	if err != nil {
		loc = time.UTC
	}
	return sms.WithQuietHours(base, loc, 21, 8)
}

func NewMailer(cfg config.Config) email.Mailer {
	return email.New(
		email.WithBaseURL(cfg.EmailBaseURL),
		email.WithAPIKey(cfg.EmailAPIKey),
		email.WithFrom(cfg.EmailFrom),
		email.WithHTTPClient(httpClient(10*time.Second)),
	)
}

func NewFleet(cfg config.Config) fleet.Client {
	return fleet.New(
		fleet.WithBaseURL(cfg.FleetBaseURL),
		fleet.WithAPIKey(cfg.FleetAPIKey),
		fleet.WithAccountID(cfg.FleetAccountID),
		fleet.WithHTTPClient(httpClient(20*time.Second)),
	)
}

func RedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword}
}

// Version is set with -ldflags at build time.
var Version = "dev"
