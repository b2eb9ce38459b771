// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads the parts it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string

	PaymentsBaseURL       string
	PaymentsAPIKey        string
	PaymentsWebhookSecret string

	SMSBaseURL       string
	SMSAccountID     string
	SMSAuthToken     string
	SMSFromNumber    string
	SMSWebhookSecret string
	SMSStatusURL     string

	DisposalBaseURL  string
	DisposalAPIKey   string
	DisposalHaulerID string

	ScaleBaseURL       string
	ScaleAPIKey        string
	ScaleWebhookSecret string
	ScaleVendor        string

	WorkerConcurrency int
	HTTPTimeout       time.Duration
	Timezone          string
}

// Load reads the environment. Missing secrets are reported together so a
// misconfigured deploy fails with one readable message.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:           os.Getenv("DATABASE_URL"),
		HTTPAddr:              envOr("HTTP_ADDR", ":8080"),
		PaymentsBaseURL:       envOr("PAYSTREAM_BASE_URL", "https://api.paystream.example/v1"),
		PaymentsAPIKey:        os.Getenv("PAYSTREAM_API_KEY"),
		PaymentsWebhookSecret: os.Getenv("PAYSTREAM_WEBHOOK_SECRET"),
		SMSBaseURL:            envOr("TEXTWIRE_BASE_URL", "https://api.textwire.example"),
		SMSAccountID:          os.Getenv("TEXTWIRE_ACCOUNT_ID"),
		SMSAuthToken:          os.Getenv("TEXTWIRE_AUTH_TOKEN"),
		SMSFromNumber:         os.Getenv("TEXTWIRE_FROM"),
		SMSWebhookSecret:      os.Getenv("TEXTWIRE_WEBHOOK_SECRET"),
		SMSStatusURL:          os.Getenv("TEXTWIRE_STATUS_CALLBACK"),
		DisposalBaseURL:       envOr("RIDGELINE_BASE_URL", "https://partners.ridgeline-landfill.example/api"),
		DisposalAPIKey:        os.Getenv("RIDGELINE_API_KEY"),
		DisposalHaulerID:      os.Getenv("RIDGELINE_HAULER_ID"),
		ScaleBaseURL:          envOr("SCALEHOUSE_BASE_URL", "https://api.scalehouse.example"),
		ScaleAPIKey:           os.Getenv("SCALEHOUSE_API_KEY"),
		ScaleWebhookSecret:    os.Getenv("SCALEHOUSE_WEBHOOK_SECRET"),
		ScaleVendor:           envOr("SCALEHOUSE_VENDOR", "scalehouse"),
		Timezone:              envOr("OPS_TIMEZONE", "America/Chicago"),
	}

	var err error
	if c.WorkerConcurrency, err = envInt("WORKER_CONCURRENCY", 20); err != nil {
		return Config{}, err
	}
	timeout, err := envInt("HTTP_CLIENT_TIMEOUT_SECONDS", 15)
	if err != nil {
		return Config{}, err
	}
	c.HTTPTimeout = time.Duration(timeout) * time.Second

	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

// Location returns the operations timezone used for service dates.
func (c Config) Location() *time.Location {
	loc, err := time.LoadLocation(c.Timezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return n, nil
}
