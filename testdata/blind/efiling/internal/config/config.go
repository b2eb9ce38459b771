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
	HTTPAddr    string
	DatabaseURL string

	StripeSecretKey     string
	StripeWebhookSecret string

	GatewayBaseURL       string
	GatewayFilerID       string
	GatewayAPIKey        string
	GatewayWebhookSecret string

	ServeNetBaseURL       string
	ServeNetToken         string
	ServeNetWebhookSecret string

	MailBaseURL string
	MailAPIKey  string
	MailFrom    string

	SMSBaseURL    string
	SMSAccountSID string
	SMSAuthToken  string
	SMSFrom       string

	DocsBaseURL    string
	DocsSignSecret string

	ProviderTimeout   time.Duration
	ProviderAttempts  int
	WorkerConcurrency int
}

// Load reads the environment.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:              env("HTTP_ADDR", ":8080"),
		DatabaseURL:           os.Getenv("DATABASE_URL"),
		StripeSecretKey:       os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
		GatewayBaseURL:        env("GATEWAY_BASE_URL", "https://efm.courts.example.gov"),
		GatewayFilerID:        os.Getenv("GATEWAY_FILER_ID"),
		GatewayAPIKey:         os.Getenv("GATEWAY_API_KEY"),
		GatewayWebhookSecret:  os.Getenv("GATEWAY_WEBHOOK_SECRET"),
		ServeNetBaseURL:       env("SERVENET_BASE_URL", "https://api.servenet.example.com"),
		ServeNetToken:         os.Getenv("SERVENET_TOKEN"),
		ServeNetWebhookSecret: os.Getenv("SERVENET_WEBHOOK_SECRET"),
		MailBaseURL:           env("MAIL_BASE_URL", "https://api.relaymail.example.com"),
		MailAPIKey:            os.Getenv("MAIL_API_KEY"),
		MailFrom:              env("MAIL_FROM", "Docketly <notices@docketly.example.com>"),
		SMSBaseURL:            env("SMS_BASE_URL", "https://api.telesend.example.com"),
		SMSAccountSID:         os.Getenv("SMS_ACCOUNT_SID"),
		SMSAuthToken:          os.Getenv("SMS_AUTH_TOKEN"),
		SMSFrom:               os.Getenv("SMS_FROM"),
		DocsBaseURL:           env("DOCS_BASE_URL", "https://docs.docketly.example.com"),
		DocsSignSecret:        os.Getenv("DOCS_SIGN_SECRET"),
		ProviderTimeout:       envDuration("PROVIDER_TIMEOUT", 20*time.Second),
		ProviderAttempts:      envInt("PROVIDER_ATTEMPTS", 3),
		WorkerConcurrency:     envInt("WORKER_CONCURRENCY", 10),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
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
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(k)); err == nil {
		return v
	}
	return def
}
