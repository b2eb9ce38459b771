// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by all binaries; each uses the parts it needs.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	AppURL      string

	StripeSecretKey            string
	StripeWebhookSecret        string
	StripeConnectWebhookSecret string

	PrintLabURL           string
	PrintLabAPIKey        string
	PrintLabWebhookSecret string

	NotifyURL       string
	NotifyAPIKey    string
	NotifyFromPhone string
	NotifyFromEmail string

	AWSRegion          string
	UploadsQueueURL    string
	RenderJobsQueueURL string
	RenderResultsURL   string
	OriginalsCDN       string

	SQSConcurrency    int
	SQSVisibility     time.Duration
	BalanceWindowDays int
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

// Load reads the configuration and checks the required values.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		DatabaseURL: os.Getenv("DATABASE_URL"),
		AppURL:      env("APP_URL", "https://app.photomarket.example"),

		StripeSecretKey:            os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:        os.Getenv("STRIPE_WEBHOOK_SECRET"),
		StripeConnectWebhookSecret: os.Getenv("STRIPE_CONNECT_WEBHOOK_SECRET"),

		PrintLabURL:           env("PRINTLAB_URL", "https://api.printlab.example"),
		PrintLabAPIKey:        os.Getenv("PRINTLAB_API_KEY"),
		PrintLabWebhookSecret: os.Getenv("PRINTLAB_WEBHOOK_SECRET"),

		NotifyURL:       env("NOTIFY_URL", "https://api.notify.example"),
		NotifyAPIKey:    os.Getenv("NOTIFY_API_KEY"),
		NotifyFromPhone: env("NOTIFY_FROM_PHONE", "+15550100"),
		NotifyFromEmail: env("NOTIFY_FROM_EMAIL", "hello@photomarket.example"),

		AWSRegion:          env("AWS_REGION", "us-east-1"),
		UploadsQueueURL:    os.Getenv("UPLOADS_QUEUE_URL"),
		RenderJobsQueueURL: os.Getenv("RENDER_JOBS_QUEUE_URL"),
		RenderResultsURL:   os.Getenv("RENDER_RESULTS_QUEUE_URL"),
		OriginalsCDN:       env("ORIGINALS_CDN", "https://originals.photomarket.example"),

		SQSConcurrency:    envInt("SQS_CONCURRENCY", 8),
		SQSVisibility:     time.Duration(envInt("SQS_VISIBILITY_SECONDS", 120)) * time.Second,
		BalanceWindowDays: envInt("BALANCE_WINDOW_DAYS", 7),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}
