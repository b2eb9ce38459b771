package main

import (
	"os"
	"strconv"
	"time"

	"go.uber.org/fx"

	"github.com/acme/escrow/internal/escrow"
	"github.com/acme/escrow/internal/events"
	"github.com/acme/escrow/internal/ledger"
	"github.com/acme/escrow/internal/provider/notify"
	"github.com/acme/escrow/internal/provider/payments"
	"github.com/acme/escrow/internal/provider/shipping"
	"github.com/acme/escrow/internal/store"
	"github.com/acme/escrow/internal/transport/webhook"
)

// Config is the process configuration, read from the environment.
type Config struct {
	APIAddr     string
	WebhookAddr string

	Store    store.Config
	NATS     events.Config
	Stripe   payments.Config
	Shipping shipping.Config
	SMS      notify.Config
	Escrow   escrow.Config
	Ledger   ledger.Config
	Webhooks webhook.Secrets
}

func loadConfig() Config {
	return Config{
		APIAddr:     env("API_ADDR", ":8080"),
		WebhookAddr: env("WEBHOOK_ADDR", ":8081"),
		Store: store.Config{
			DSN:      env("DATABASE_URL", "postgres://escrow@localhost:5432/escrow"),
			MaxConns: int32(envInt("DATABASE_MAX_CONNS", 20)),
		},
		NATS:   events.Config{URL: env("NATS_URL", "nats://localhost:4222")},
		Stripe: payments.Config{SecretKey: os.Getenv("STRIPE_SECRET_KEY")},
		Shipping: shipping.Config{
			BaseURL: env("SHIPPING_API_URL", "https://api.parcelpartner.example"),
			APIKey:  os.Getenv("SHIPPING_API_KEY"),
			Timeout: 15 * time.Second,
		},
		SMS: notify.Config{
			BaseURL: env("SMS_API_URL", "https://sms.vendor.example"),
			Token:   os.Getenv("SMS_API_TOKEN"),
			Sender:  env("SMS_SENDER", "Marketplace"),
		},
		Escrow: escrow.Config{
			PlatformFeeBps: int64(envInt("PLATFORM_FEE_BPS", 800)),
			ReleaseHold:    time.Duration(envInt("RELEASE_HOLD_HOURS", 72)) * time.Hour,
		},
		Ledger: ledger.Config{SettlementCurrency: env("SETTLEMENT_CURRENCY", "USD")},
		Webhooks: webhook.Secrets{
			Stripe:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
			Shipping: os.Getenv("SHIPPING_WEBHOOK_SECRET"),
		},
	}
}

// supply makes each configuration section injectable on its own.
func (c Config) supply() fx.Option {
	return fx.Supply(c, c.Store, c.NATS, c.Stripe, c.Shipping, c.SMS, c.Escrow, c.Ledger, c.Webhooks)
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return v
	}
	return def
}
