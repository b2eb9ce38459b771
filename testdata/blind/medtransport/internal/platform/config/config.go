// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr       string
	DatabaseURL    string
	MigrateOnStart bool

	NATSURL      string
	ConsumerName string

	TemporalHostPort  string
	TemporalNamespace string
	BillingTaskQueue  string

	InsurerBaseURL string
	InsurerAPIKey  string
	InsurerSecret  string

	StripeSecretKey     string
	StripeWebhookSecret string

	PayRailBaseURL string
	PayRailToken   string

	ClinicLinkBaseURL string
	ClinicLinkToken   string

	MileageRateCents int
	ShutdownTimeout  time.Duration
}

func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		MigrateOnStart:      env("MIGRATE_ON_START", "false") == "true",
		NATSURL:             env("NATS_URL", "nats://127.0.0.1:4222"),
		ConsumerName:        env("CONSUMER_NAME", "nemt-workers"),
		TemporalHostPort:    env("TEMPORAL_HOSTPORT", "127.0.0.1:7233"),
		TemporalNamespace:   env("TEMPORAL_NAMESPACE", "default"),
		BillingTaskQueue:    env("BILLING_TASK_QUEUE", "trip-billing"),
		InsurerBaseURL:      os.Getenv("INSURER_BASE_URL"),
		InsurerAPIKey:       os.Getenv("INSURER_API_KEY"),
		InsurerSecret:       os.Getenv("INSURER_WEBHOOK_SECRET"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PayRailBaseURL:      os.Getenv("PAYRAIL_BASE_URL"),
		PayRailToken:        os.Getenv("PAYRAIL_TOKEN"),
		ClinicLinkBaseURL:   os.Getenv("CLINICLINK_BASE_URL"),
		ClinicLinkToken:     os.Getenv("CLINICLINK_TOKEN"),
		ShutdownTimeout:     15 * time.Second,
	}
	rate, err := strconv.Atoi(env("MILEAGE_RATE_CENTS", "67"))
	if err != nil {
		return nil, fmt.Errorf("MILEAGE_RATE_CENTS: %w", err)
	}
	c.MileageRateCents = rate
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}
