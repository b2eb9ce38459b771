// Package config loads freightd configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type ParcelCo struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

type SwiftFreight struct {
	BaseURL  string
	Token    string
	RetryMax int
}

type Stripe struct {
	SecretKey     string
	WebhookSecret string
}

type Queues struct {
	AMQPURL            string
	StatusQueue        string
	ExceptionQueue     string
	PODQueue           string
	DockRequestsURL    string
	DockCheckinsURL    string
	AWSRegion          string
	SQSWaitTimeSeconds int32
}

type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	ParcelCo     ParcelCo
	SwiftFreight SwiftFreight
	Stripe       Stripe
	Queues       Queues
	RiverWorkers int
}

func Load() (*Config, error) {
	cfg := &Config{
		HTTPAddr:    env("FREIGHT_HTTP_ADDR", ":8080"),
		DatabaseURL: os.Getenv("DATABASE_URL"),
		ParcelCo: ParcelCo{
			BaseURL: env("PARCELCO_BASE_URL", "https://api.parcelco.example/v2"),
			APIKey:  os.Getenv("PARCELCO_API_KEY"),
			Timeout: envDuration("PARCELCO_TIMEOUT", 15*time.Second),
		},
		SwiftFreight: SwiftFreight{
			BaseURL:  env("SWIFT_BASE_URL", "https://gateway.swiftfreight.example"),
			Token:    os.Getenv("SWIFT_TOKEN"),
			RetryMax: envInt("SWIFT_RETRY_MAX", 4),
		},
		Stripe: Stripe{
			SecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
			WebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		},
		Queues: Queues{
			AMQPURL:            env("AMQP_URL", "amqp://guest:guest@localhost:5672/"),
			StatusQueue:        env("AMQP_STATUS_QUEUE", "carrier.status"),
			ExceptionQueue:     env("AMQP_EXCEPTION_QUEUE", "carrier.exceptions"),
			PODQueue:           env("AMQP_POD_QUEUE", "carrier.pod"),
			DockRequestsURL:    os.Getenv("SQS_DOCK_REQUESTS_URL"),
			DockCheckinsURL:    os.Getenv("SQS_DOCK_CHECKINS_URL"),
			AWSRegion:          env("AWS_REGION", "eu-west-1"),
			SQSWaitTimeSeconds: int32(envInt("SQS_WAIT_SECONDS", 20)),
		},
		RiverWorkers: envInt("RIVER_MAX_WORKERS", 20),
	}
	if cfg.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
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

func envDuration(key string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return v
	}
	return def
}
