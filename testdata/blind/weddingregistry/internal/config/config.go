// Package config loads registryd's configuration from the environment.
package config

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/tiedknot/registry/internal/providers/mailer"
	"github.com/tiedknot/registry/internal/providers/retailer"
	"github.com/tiedknot/registry/internal/providers/stripepay"
)

// Config is the full service configuration.
type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	PublicURL    string
	DashboardURL string
	LogLevel     string
	RunWorkers   bool
	CheckoutTTL  time.Duration

	Stripe    stripepay.Config
	Mailer    mailer.Config
	Retailers []retailer.PartnerConfig

	MinPayoutCents     int64
	MinAutoPayoutCents int64
}

// Load reads the configuration.
func Load() (Config, error) {
	cfg := Config{
		HTTPAddr:     getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:  os.Getenv("DATABASE_URL"),
		PublicURL:    getenv("PUBLIC_URL", "https://tiedknot.example"),
		DashboardURL: getenv("DASHBOARD_URL", "https://app.tiedknot.example"),
		LogLevel:     getenv("LOG_LEVEL", "info"),
		RunWorkers:   getenv("RUN_WORKERS", "true") == "true",
		Stripe: stripepay.Config{
			SecretKey:       os.Getenv("STRIPE_SECRET_KEY"),
			WebhookSecret:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
			PlatformCountry: getenv("STRIPE_PLATFORM_COUNTRY", "US"),
		},
		Mailer: mailer.Config{
			BaseURL:       getenv("MAILER_BASE_URL", "https://api.mailer.example"),
			APIKey:        os.Getenv("MAILER_API_KEY"),
			WebhookSecret: os.Getenv("MAILER_WEBHOOK_SECRET"),
			From:          getenv("MAILER_FROM", "Tiedknot <hello@tiedknot.example>"),
		},
	}
	var err error
	if cfg.CheckoutTTL, err = time.ParseDuration(getenv("CHECKOUT_TTL", "30m")); err != nil {
		return cfg, fmt.Errorf("CHECKOUT_TTL: %w", err)
	}
	if cfg.MinPayoutCents, err = strconv.ParseInt(getenv("MIN_PAYOUT_CENTS", "100"), 10, 64); err != nil {
		return cfg, fmt.Errorf("MIN_PAYOUT_CENTS: %w", err)
	}
	if cfg.MinAutoPayoutCents, err = strconv.ParseInt(getenv("MIN_AUTO_PAYOUT_CENTS", "2500"), 10, 64); err != nil {
		return cfg, fmt.Errorf("MIN_AUTO_PAYOUT_CENTS: %w", err)
	}
	// RETAILERS is a JSON array of partner configs.
	if raw := os.Getenv("RETAILERS"); raw != "" {
		if err := json.Unmarshal([]byte(raw), &cfg.Retailers); err != nil {
			return cfg, fmt.Errorf("RETAILERS: %w", err)
		}
	}
	if cfg.DatabaseURL == "" {
		return cfg, fmt.Errorf("DATABASE_URL is required")
	}
	return cfg, nil
}

func getenv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
