// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"time"

	"go.uber.org/fx"
)

type Config struct {
	Env              string
	HTTPAddr         string
	DatabaseURL      string
	DatabaseMaxConns int

	NATSURL        string
	NATSStream     string
	NATSDuplicates time.Duration

	TillpointBaseURL       string
	TillpointAPIKey        string
	TillpointWebhookSecret string

	SendwellBaseURL       string
	SendwellAPIKey        string
	SendwellWebhookSecret string
	SendwellSenderEmail   string

	FairpayBaseURL  string
	FairpayClientID string
	FairpaySecret   string

	WorkerConcurrency int
	SchedulerInterval time.Duration
}

// Load reads Config from environment variables.
func Load() (Config, error) {
	c := Config{
		Env:              env("SALON_ENV", "development"),
		HTTPAddr:         env("HTTP_ADDR", ":8080"),
		DatabaseURL:      os.Getenv("DATABASE_URL"),
		DatabaseMaxConns: envInt("DATABASE_MAX_CONNS", 20),

		NATSURL:        env("NATS_URL", "nats://127.0.0.1:4222"),
		NATSStream:     env("NATS_STREAM", "SALON"),
		NATSDuplicates: envDuration("NATS_DUPLICATE_WINDOW", 2*time.Hour),

		TillpointBaseURL:       env("TILLPOINT_BASE_URL", "https://api.tillpoint.example/v1"),
		TillpointAPIKey:        os.Getenv("TILLPOINT_API_KEY"),
		TillpointWebhookSecret: os.Getenv("TILLPOINT_WEBHOOK_SECRET"),

		SendwellBaseURL:       env("SENDWELL_BASE_URL", "https://api.sendwell.example/v2"),
		SendwellAPIKey:        os.Getenv("SENDWELL_API_KEY"),
		SendwellWebhookSecret: os.Getenv("SENDWELL_WEBHOOK_SECRET"),
		SendwellSenderEmail:   env("SENDWELL_SENDER_EMAIL", "hello@velvetchair.example"),

		FairpayBaseURL:  env("FAIRPAY_BASE_URL", "https://payouts.fairpay.example"),
		FairpayClientID: os.Getenv("FAIRPAY_CLIENT_ID"),
		FairpaySecret:   os.Getenv("FAIRPAY_CLIENT_SECRET"),

		WorkerConcurrency: envInt("WORKER_CONCURRENCY", 20),
		SchedulerInterval: envDuration("SCHEDULER_INTERVAL", 10*time.Minute),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

// NewLogger builds the process logger.
func NewLogger(c Config) *slog.Logger {
	level := slog.LevelInfo
	if c.Env == "development" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

// Module provides Config and the logger.
var Module = fx.Module("config",
	fx.Provide(Load, NewLogger),
)
