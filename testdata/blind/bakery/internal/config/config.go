// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every Ovenline binary; each binary only reads the
// parts it needs.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	NATSURL         string
	TemporalHost    string
	TemporalNS      string
	TaskQueue       string
	ShutdownTimeout time.Duration

	DirectDebit ProviderConfig
	CardPay     ProviderConfig
	Mailer      ProviderConfig
	Mill        ProviderConfig

	WebhookSecret string
	APIToken      string
	DriverToken   string
	FromAddress   string
	Timezone      string
}

// ProviderConfig holds the base URL and credentials of an outbound HTTP provider.
type ProviderConfig struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

// Load reads configuration from environment variables.
func Load() (Config, error) {
	cfg := Config{
		HTTPAddr:        env("OVENLINE_HTTP_ADDR", ":8080"),
		DatabaseURL:     os.Getenv("OVENLINE_DATABASE_URL"),
		NATSURL:         env("OVENLINE_NATS_URL", "nats://127.0.0.1:4222"),
		TemporalHost:    env("OVENLINE_TEMPORAL_HOST", "127.0.0.1:7233"),
		TemporalNS:      env("OVENLINE_TEMPORAL_NAMESPACE", "ovenline"),
		TaskQueue:       env("OVENLINE_TASK_QUEUE", "order-fulfilment"),
		ShutdownTimeout: envDuration("OVENLINE_SHUTDOWN_TIMEOUT", 20*time.Second),
		WebhookSecret:   os.Getenv("OVENLINE_DD_WEBHOOK_SECRET"),
		APIToken:        os.Getenv("OVENLINE_API_TOKEN"),
		DriverToken:     os.Getenv("OVENLINE_DRIVER_TOKEN"),
		FromAddress:     env("OVENLINE_FROM_ADDRESS", "accounts@crumbworks.co.uk"),
		Timezone:        env("OVENLINE_TZ", "Europe/London"),
	}
	cfg.DirectDebit = provider("OVENLINE_DD", "https://api.debitline.example/v1")
	cfg.CardPay = provider("OVENLINE_CARD", "https://api.cardpay.example/v2")
	cfg.Mailer = provider("OVENLINE_MAIL", "https://api.postbox.example")
	cfg.Mill = provider("OVENLINE_MILL", "https://trade.harrowmills.example/api")

	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: OVENLINE_DATABASE_URL is required")
	}
	return cfg, nil
}

// Location returns the bakery's local time zone; bake and delivery dates
// are always calendar days in this zone.
func (c Config) Location() *time.Location {
	loc, err := time.LoadLocation(c.Timezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

func provider(prefix, defaultURL string) ProviderConfig {
	return ProviderConfig{
		BaseURL: env(prefix+"_BASE_URL", defaultURL),
		APIKey:  os.Getenv(prefix + "_API_KEY"),
		Timeout: envDuration(prefix+"_TIMEOUT", 15*time.Second),
	}
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return time.Duration(secs) * time.Second
	}
	return def
}
