// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by all binaries; each uses the parts it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string

	StripeSecretKey     string
	StripeWebhookSecret string

	SMSBaseURL       string
	SMSAccountSID    string
	SMSAuthToken     string
	SMSFromNumber    string
	SMSCallbackToken string

	MailBaseURL  string
	MailAPIKey   string
	MailFrom     string
	AppBaseURL   string
	APIBaseURL   string
	WebhookAgent string

	WorkerConcurrency int
	JobTimeout        time.Duration
}

// Load reads the configuration and fails on missing required values.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		HTTPAddr:            envOr("HTTP_ADDR", ":8080"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:          envOr("SMS_BASE_URL", "https://api.textrelay.io"),
		SMSAccountSID:       os.Getenv("SMS_ACCOUNT_SID"),
		SMSAuthToken:        os.Getenv("SMS_AUTH_TOKEN"),
		SMSFromNumber:       os.Getenv("SMS_FROM_NUMBER"),
		SMSCallbackToken:    os.Getenv("SMS_CALLBACK_TOKEN"),
		MailBaseURL:         envOr("MAIL_BASE_URL", "https://api.postwire.com"),
		MailAPIKey:          os.Getenv("MAIL_API_KEY"),
		MailFrom:            envOr("MAIL_FROM", "Quillsign <no-reply@quillsign.com>"),
		AppBaseURL:          envOr("APP_BASE_URL", "https://app.quillsign.com"),
		APIBaseURL:          envOr("API_BASE_URL", "https://api.quillsign.com"),
		WebhookAgent:        envOr("WEBHOOK_USER_AGENT", "Quillsign-Webhooks/1.0"),
		WorkerConcurrency:   envInt("WORKER_CONCURRENCY", 20),
		JobTimeout:          envDuration("JOB_TIMEOUT", 2*time.Minute),
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func envOr(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
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

func envDuration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
