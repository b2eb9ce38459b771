// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the full runtime configuration shared by every binary.
type Config struct {
	Env          string
	HTTPAddr     string
	DatabaseURL  string
	AWSRegion    string
	TemporalHost string
	TemporalNS   string

	DeclarationTaskQueue string
	BillingTaskQueue     string

	Customs     CustomsConfig
	Payments    PaymentsConfig
	Inspections InspectionsConfig
	Queues      QueueConfig
	Topics      TopicConfig

	WebhookSecrets WebhookSecrets
}

// CustomsConfig configures the government customs authority client.
type CustomsConfig struct {
	BaseURL       string
	DeclarantEORI string
	APIKey        string
	Timeout       time.Duration
	MaxRetries    int
}

// PaymentsConfig configures the payments provider client.
type PaymentsConfig struct {
	BaseURL   string
	SecretKey string
	Timeout   time.Duration
}

// InspectionsConfig configures the inspection partner client.
type InspectionsConfig struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

// QueueConfig holds the SQS queue URLs this service consumes.
type QueueConfig struct {
	InspectionEvents string
	CarrierArrivals  string
	TariffUpdates    string
	WaitSeconds      int32
	MaxMessages      int32
	VisibilitySecs   int32
}

// TopicConfig holds SNS topic ARNs this service publishes to.
type TopicConfig struct {
	ImporterNotifications string // FIFO
	ShipmentEvents        string // standard
}

// WebhookSecrets holds the shared secrets used to verify inbound webhooks.
type WebhookSecrets struct {
	Customs  string
	Payments string
}

// Load reads configuration from the process environment.
func Load() (*Config, error) {
	c := &Config{
		Env:                  env("APP_ENV", "development"),
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		DatabaseURL:          env("DATABASE_URL", ""),
		AWSRegion:            env("AWS_REGION", "eu-west-1"),
		TemporalHost:         env("TEMPORAL_HOST", "localhost:7233"),
		TemporalNS:           env("TEMPORAL_NAMESPACE", "brokerage"),
		DeclarationTaskQueue: env("DECLARATION_TASK_QUEUE", "declarations"),
		BillingTaskQueue:     env("BILLING_TASK_QUEUE", "billing"),
		Customs: CustomsConfig{
			BaseURL:       env("CUSTOMS_BASE_URL", "https://api.customs.example.gov"),
			DeclarantEORI: env("CUSTOMS_DECLARANT_EORI", ""),
			APIKey:        env("CUSTOMS_API_KEY", ""),
			Timeout:       envDuration("CUSTOMS_TIMEOUT", 20*time.Second),
			MaxRetries:    envInt("CUSTOMS_MAX_RETRIES", 4),
		},
		Payments: PaymentsConfig{
			BaseURL:   env("PAYMENTS_BASE_URL", "https://api.payments.example.com"),
			SecretKey: env("PAYMENTS_SECRET_KEY", ""),
			Timeout:   envDuration("PAYMENTS_TIMEOUT", 15*time.Second),
		},
		Inspections: InspectionsConfig{
			BaseURL: env("INSPECTIONS_BASE_URL", "https://partners.inspect.example.com"),
			APIKey:  env("INSPECTIONS_API_KEY", ""),
			Timeout: envDuration("INSPECTIONS_TIMEOUT", 10*time.Second),
		},
		Queues: QueueConfig{
			InspectionEvents: env("SQS_INSPECTION_EVENTS_URL", ""),
			CarrierArrivals:  env("SQS_CARRIER_ARRIVALS_URL", ""),
			TariffUpdates:    env("SQS_TARIFF_UPDATES_URL", ""),
			WaitSeconds:      int32(envInt("SQS_WAIT_SECONDS", 20)),
			MaxMessages:      int32(envInt("SQS_MAX_MESSAGES", 10)),
			VisibilitySecs:   int32(envInt("SQS_VISIBILITY_SECONDS", 60)),
		},
		Topics: TopicConfig{
			ImporterNotifications: env("SNS_IMPORTER_NOTIFICATIONS_ARN", ""),
			ShipmentEvents:        env("SNS_SHIPMENT_EVENTS_ARN", ""),
		},
		WebhookSecrets: WebhookSecrets{
			Customs:  env("CUSTOMS_WEBHOOK_SECRET", ""),
			Payments: env("PAYMENTS_WEBHOOK_SECRET", ""),
		},
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envDuration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
