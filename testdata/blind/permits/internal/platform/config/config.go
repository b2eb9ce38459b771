// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"go.uber.org/fx"
)

// Config is shared by every binary; each binary reads only what it needs.
type Config struct {
	Env         string
	HTTPAddr    string
	DatabaseURL string
	DBMaxConns  int32

	StripeSecretKey     string
	StripeWebhookSecret string

	InspectionsBaseURL       string
	InspectionsAPIKey        string
	InspectionsWebhookSecret string

	MessagingAccountID string
	MessagingToken     string
	MessagingSenderID  string
	MessagingFrom      string
	MessagingStatusURL string

	DocscanBaseURL       string
	DocscanAPIKey        string
	DocscanCallbackURL   string
	DocscanWebhookSecret string

	GCPProject           string
	RegistrySubscription string
	RegistryMaxInFlight  int

	WorkerConcurrency int
	ShutdownTimeout   time.Duration
	PublicBaseURL     string
}

// Load reads the configuration from environment variables.
func Load() (*Config, error) {
	c := &Config{
		Env:                      getenv("APP_ENV", "development"),
		HTTPAddr:                 getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:              os.Getenv("DATABASE_URL"),
		DBMaxConns:               int32(getint("DB_MAX_CONNS", 20)),
		StripeSecretKey:          os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:      os.Getenv("STRIPE_WEBHOOK_SECRET"),
		InspectionsBaseURL:       getenv("INSPECTIONS_BASE_URL", "https://api.inspectnow.example"),
		InspectionsAPIKey:        os.Getenv("INSPECTIONS_API_KEY"),
		InspectionsWebhookSecret: os.Getenv("INSPECTIONS_WEBHOOK_SECRET"),
		MessagingAccountID:       os.Getenv("MESSAGING_ACCOUNT_ID"),
		MessagingToken:           os.Getenv("MESSAGING_TOKEN"),
		MessagingSenderID:        getenv("MESSAGING_SENDER_ID", "CITYPERMIT"),
		MessagingFrom:            getenv("MESSAGING_FROM", "permits@city.example"),
		MessagingStatusURL:       os.Getenv("MESSAGING_STATUS_URL"),
		DocscanBaseURL:           getenv("DOCSCAN_BASE_URL", "https://api.docscan.example"),
		DocscanAPIKey:            os.Getenv("DOCSCAN_API_KEY"),
		DocscanCallbackURL:       os.Getenv("DOCSCAN_CALLBACK_URL"),
		DocscanWebhookSecret:     os.Getenv("DOCSCAN_WEBHOOK_SECRET"),
		GCPProject:               os.Getenv("GCP_PROJECT"),
		RegistrySubscription:     getenv("REGISTRY_SUBSCRIPTION", "permits-registry-status"),
		RegistryMaxInFlight:      getint("REGISTRY_MAX_IN_FLIGHT", 16),
		WorkerConcurrency:        getint("WORKER_CONCURRENCY", 10),
		ShutdownTimeout:          getduration("SHUTDOWN_TIMEOUT", 20*time.Second),
		PublicBaseURL:            getenv("PUBLIC_BASE_URL", "https://permits.city.example"),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

// Module provides *Config.
var Module = fx.Module("config", fx.Provide(Load))

func getenv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func getint(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func getduration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
