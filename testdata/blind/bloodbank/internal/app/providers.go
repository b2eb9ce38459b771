// Package app holds the constructors shared by the binaries' dig
// containers.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/hemolink-systems/bloodbank/internal/config"
	"github.com/hemolink-systems/bloodbank/internal/deliveries"
	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/donations"
	"github.com/hemolink-systems/bloodbank/internal/donors"
	"github.com/hemolink-systems/bloodbank/internal/inventory"
	"github.com/hemolink-systems/bloodbank/internal/jobs"
	"github.com/hemolink-systems/bloodbank/internal/lab"
	"github.com/hemolink-systems/bloodbank/internal/notify"
	"github.com/hemolink-systems/bloodbank/internal/orders"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
	"github.com/hemolink-systems/bloodbank/internal/providers/courier"
	"github.com/hemolink-systems/bloodbank/internal/providers/labapi"
	"github.com/hemolink-systems/bloodbank/internal/providers/letters"
	"github.com/hemolink-systems/bloodbank/internal/providers/partners"
	"github.com/hemolink-systems/bloodbank/internal/providers/sms"
	"github.com/hemolink-systems/bloodbank/internal/providers/vouchers"
	"github.com/hemolink-systems/bloodbank/internal/rewards"
	"github.com/hemolink-systems/bloodbank/internal/transfers"
)

// Provide registers every constructor with the container, stopping at the
// first error.
func Provide(c *dig.Container, ctors ...any) error {
	for _, ctor := range ctors {
		if err := c.Provide(ctor); err != nil {
			return fmt.Errorf("provide %T: %w", ctor, err)
		}
	}
	return nil
}

// Core lists the constructors every binary needs.
func Core() []any {
	return []any{
		config.Load,
		NewLogger,
		OpenDB,
		database.NewTxRunner,
		NewRedisOpt,
		NewAsynqClient,
		jobs.NewEnqueuer,
		donors.NewRepository,
		donations.NewRepository,
		inventory.NewRepository,
		orders.NewRepository,
		deliveries.NewRepository,
		rewards.NewRepository,
		lab.NewRepository,
		transfers.NewRepository,
	}
}

func NewLogger() *slog.Logger {
	l := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(l)
	return l
}

func OpenDB(cfg config.Config) (*sqlx.DB, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return database.Open(ctx, database.Options{
		DSN:             cfg.DatabaseURL,
		MaxOpenConns:    20,
		MaxIdleConns:    5,
		ConnMaxLifetime: 30 * time.Minute,
	})
}

func NewRedisOpt(cfg config.Config) asynq.RedisConnOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

func NewAsynqClient(opt asynq.RedisConnOpt) *asynq.Client {
	return asynq.NewClient(opt)
}

func NewTemporalClient(cfg config.Config, logger *slog.Logger) (client.Client, error) {
	return client.NewLazyClient(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    logger,
	})
}

// Provider clients.

func NewSMSGateway(cfg config.Config) *sms.Client {
	return sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, "HemoLink", cfg.HTTPTimeout)
}

func NewNotifySender(gw *sms.Client) *notify.Sender { return notify.NewSender(gw) }

func NewCourier(cfg config.Config) deliveries.Courier {
	return courier.New(cfg.CourierBaseURL, cfg.CourierAPIKey, cfg.HTTPTimeout)
}

func NewTexter(s *notify.Sender) deliveries.Texter { return s }

func NewDeliveryOptions() deliveries.Options {
	return deliveries.Options{
		PickupSite: "HQ-DISPATCH",
		Bands: map[domain.ComponentKind]string{
			domain.RedCells:  "2-6C",
			domain.Plasma:    "FROZEN",
			domain.Platelets: "20-24C",
		},
	}
}

func NewLetters(cfg config.Config) lab.LetterSender {
	return letters.New(cfg.LettersBaseURL, cfg.LettersAPIKey, cfg.HTTPTimeout)
}

func NewVoucherPartner(cfg config.Config) rewards.VoucherPartner {
	return vouchers.New(cfg.VoucherBaseURL, cfg.VoucherAPIKey, cfg.HTTPTimeout)
}

func NewLabAPI(cfg config.Config) lab.ManifestClient {
	return labapi.New(cfg.LabAPIBaseURL, cfg.LabAPIKey, cfg.HTTPTimeout)
}

func NewPartnerAPI(cfg config.Config) transfers.PartnerAPI {
	return partners.New(cfg.PartnerAPIToken, "AT-HEMOLINK", cfg.HTTPTimeout)
}

// Adapters between packages.

func NewSiteCodeFunc(repo donations.Repository) lab.SiteCodeFunc {
	return func(ctx context.Context, d domain.Donation) (string, error) {
		return repo.SiteCode(ctx, d.SiteID)
	}
}

func NewDonationLookup(repo donations.Repository) lab.DonationLookup { return repo }

func NewDonorLookup(repo donors.Repository) lab.DonorLookup { return repo }

func NewRewardsDonorLookup(repo donors.Repository) rewards.DonorLookup { return repo }

func NewReminderSender(gw *sms.Client) donors.TextSender { return gw }
