// Package config loads process configuration from the environment. Every
// binary shares the same struct; fields a binary does not need are simply
// left at their defaults.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	DatabaseURL string
	HTTPAddr    string

	KafkaBrokers      []string
	KafkaGroupID      string
	FlightTopic       string
	ConsumerMaxErrors int

	StripeSecretKey     string
	StripeWebhookSecret string

	FuelSupplierBaseURL string
	FuelSupplierAPIKey  string
	FuelWebhookSecret   string

	DeiceVendorBaseURL string
	DeiceVendorToken   string

	PagerBaseURL string
	PagerAPIKey  string

	PartnerTimeout  time.Duration
	PartnerAttempts uint

	WorkerConcurrency int
	WorkerLease       time.Duration

	HomeStation string
}

func Load() (*Config, error) {
	c := &Config{
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		KafkaBrokers:        splitList(env("KAFKA_BROKERS", "localhost:9092")),
		KafkaGroupID:        env("KAFKA_GROUP_ID", "groundops-flight-consumer"),
		FlightTopic:         env("FLIGHT_TOPIC", "ops.flight-movements.v1"),
		ConsumerMaxErrors:   envInt("CONSUMER_MAX_ERRORS", 5),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		FuelSupplierBaseURL: env("FUEL_SUPPLIER_URL", "https://api.jetfuel-partner.example/v2"),
		FuelSupplierAPIKey:  os.Getenv("FUEL_SUPPLIER_API_KEY"),
		FuelWebhookSecret:   os.Getenv("FUEL_WEBHOOK_SECRET"),
		DeiceVendorBaseURL:  env("DEICE_VENDOR_URL", "https://fluids.glycol-vendor.example/api"),
		DeiceVendorToken:    os.Getenv("DEICE_VENDOR_TOKEN"),
		PagerBaseURL:        env("PAGER_URL", "https://sms.pager-gateway.example"),
		PagerAPIKey:         os.Getenv("PAGER_API_KEY"),
		PartnerTimeout:      envDuration("PARTNER_TIMEOUT", 10*time.Second),
		PartnerAttempts:     uint(envInt("PARTNER_ATTEMPTS", 4)),
		WorkerConcurrency:   envInt("WORKER_CONCURRENCY", 4),
		WorkerLease:         envDuration("WORKER_LEASE", 2*time.Minute),
		HomeStation:         env("HOME_STATION", "ARN"),
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
	v, err := strconv.Atoi(os.Getenv(key))
	if err != nil {
		return def
	}
	return v
}

func envDuration(key string, def time.Duration) time.Duration {
	v, err := time.ParseDuration(os.Getenv(key))
	if err != nil {
		return def
	}
	return v
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
