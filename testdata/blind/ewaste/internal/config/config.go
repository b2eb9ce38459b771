// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by the api and worker binaries; each reads what it needs.
type Config struct {
	HTTPAddr      string
	DatabaseURL   string
	MigrationsDir string
	RunMigrations bool

	AWSRegion string

	// SNS topics. The domain events topic is FIFO; the SMS channel is direct publish.
	EventsTopicARN        string
	NotificationsTopicARN string

	// SQS queues consumed by the worker.
	EventsQueueURL    string
	ListingQueueURL   string
	PollWaitSeconds   int32
	PollMaxMessages   int32
	VisibilityTimeout int32

	TemporalHostPort  string
	TemporalNamespace string
	TemporalTaskQueue string

	CarrierBaseURL       string
	CarrierAPIKey        string
	CarrierWebhookSecret string
	CarrierAccount       string

	PayoutsBaseURL       string
	PayoutsAPIKey        string
	PayoutsWebhookSecret string

	MarketplaceBaseURL       string
	MarketplaceSellerID      string
	MarketplaceAPIKey        string
	MarketplaceWebhookSecret string

	WipeCertBaseURL string
	WipeCertAPIKey  string

	WarehouseAddress string
	QuoteTTL         time.Duration
	OutboxInterval   time.Duration
}

// Load reads configuration from the environment, applying defaults that are
// sensible for local development.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:                 env("HTTP_ADDR", ":8080"),
		DatabaseURL:              os.Getenv("DATABASE_URL"),
		MigrationsDir:            env("MIGRATIONS_DIR", "db/migrations"),
		RunMigrations:            envBool("RUN_MIGRATIONS", false),
		AWSRegion:                env("AWS_REGION", "us-east-1"),
		EventsTopicARN:           os.Getenv("EVENTS_TOPIC_ARN"),
		NotificationsTopicARN:    os.Getenv("NOTIFICATIONS_TOPIC_ARN"),
		EventsQueueURL:           os.Getenv("EVENTS_QUEUE_URL"),
		ListingQueueURL:          os.Getenv("LISTING_QUEUE_URL"),
		PollWaitSeconds:          int32(envInt("SQS_WAIT_SECONDS", 20)),
		PollMaxMessages:          int32(envInt("SQS_MAX_MESSAGES", 10)),
		VisibilityTimeout:        int32(envInt("SQS_VISIBILITY_TIMEOUT", 120)),
		TemporalHostPort:         env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace:        env("TEMPORAL_NAMESPACE", "default"),
		TemporalTaskQueue:        env("TEMPORAL_TASK_QUEUE", "grading-payout"),
		CarrierBaseURL:           env("CARRIER_BASE_URL", "https://api.parcelroute.example/v2"),
		CarrierAPIKey:            os.Getenv("CARRIER_API_KEY"),
		CarrierWebhookSecret:     os.Getenv("CARRIER_WEBHOOK_SECRET"),
		CarrierAccount:           env("CARRIER_ACCOUNT", "circuitback-main"),
		PayoutsBaseURL:           env("PAYOUTS_BASE_URL", "https://api.remitly-payouts.example/v1"),
		PayoutsAPIKey:            os.Getenv("PAYOUTS_API_KEY"),
		PayoutsWebhookSecret:     os.Getenv("PAYOUTS_WEBHOOK_SECRET"),
		MarketplaceBaseURL:       env("MARKETPLACE_BASE_URL", "https://partners.refurbmart.example/api"),
		MarketplaceSellerID:      os.Getenv("MARKETPLACE_SELLER_ID"),
		MarketplaceAPIKey:        os.Getenv("MARKETPLACE_API_KEY"),
		MarketplaceWebhookSecret: os.Getenv("MARKETPLACE_WEBHOOK_SECRET"),
		WipeCertBaseURL:          env("WIPECERT_BASE_URL", "https://api.erasecert.example/v3"),
		WipeCertAPIKey:           os.Getenv("WIPECERT_API_KEY"),
		WarehouseAddress:         env("WAREHOUSE_ADDRESS_ID", "addr_whse_reno_01"),
		QuoteTTL:                 envDuration("QUOTE_TTL", 14*24*time.Hour),
		OutboxInterval:           envDuration("OUTBOX_INTERVAL", 2*time.Second),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
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
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envBool(key string, def bool) bool {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return def
	}
	return b
}

func envDuration(key string, def time.Duration) time.Duration {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
