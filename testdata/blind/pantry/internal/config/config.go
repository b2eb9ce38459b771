// Package config loads service configuration from the environment.
package config

import (
	"os"
	"strconv"
	"time"
)

// Config is the flat configuration for the fulfilment service.
type Config struct {
	DatabaseURL      string
	DatabaseMaxConns int32

	GRPCAddr string
	HTTPAddr string

	NATSURL       string
	StoreStream   string
	ConsumerBatch int

	StripeSecretKey string

	SMSBaseURL string
	SMSAPIKey  string
	SMSSender  string

	CourierBaseURL string
	CourierAPIKey  string

	RetailerWebhookSecret string
	RetailerHTTPTimeout   time.Duration

	RiverMaxWorkers int

	GoodwillCreditCents int64
}

// Load reads the configuration, applying defaults suitable for local runs.
func Load() Config {
	return Config{
		DatabaseURL:           env("DATABASE_URL", "postgres://fulfilment:fulfilment@localhost:5432/fulfilment?sslmode=disable"),
		DatabaseMaxConns:      int32(envInt("DATABASE_MAX_CONNS", 20)),
		GRPCAddr:              env("GRPC_ADDR", ":9090"),
		HTTPAddr:              env("HTTP_ADDR", ":8080"),
		NATSURL:               env("NATS_URL", "nats://localhost:4222"),
		StoreStream:           env("STORE_STREAM", "STORE_EVENTS"),
		ConsumerBatch:         envInt("CONSUMER_BATCH", 32),
		StripeSecretKey:       env("STRIPE_SECRET_KEY", ""),
		SMSBaseURL:            env("SMS_BASE_URL", "https://sms.example.invalid"),
		SMSAPIKey:             env("SMS_API_KEY", ""),
		SMSSender:             env("SMS_SENDER", "Pantry"),
		CourierBaseURL:        env("COURIER_BASE_URL", "https://courier.example.invalid"),
		CourierAPIKey:         env("COURIER_API_KEY", ""),
		RetailerWebhookSecret: env("RETAILER_WEBHOOK_SECRET", ""),
		RetailerHTTPTimeout:   envDuration("RETAILER_HTTP_TIMEOUT", 10*time.Second),
		RiverMaxWorkers:       envInt("RIVER_MAX_WORKERS", 20),
		GoodwillCreditCents:   int64(envInt("GOODWILL_CREDIT_CENTS", 500)),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, ok := os.LookupEnv(key); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
