// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads only what it needs.
type Config struct {
	HTTPAddr     string
	GateAddr     string
	DatabaseURL  string
	RedisAddr    string
	RedisDB      int
	Resort       string
	Currency     string
	Timezone     *time.Location
	WorkerConcur int

	StripeSecretKey     string
	StripeWebhookSecret string

	CardIssuerURL    string
	CardIssuerToken  string
	CardIssuerSecret string

	InvoicingURL   string
	InvoicingToken string

	SMSURL    string
	SMSToken  string
	SMSSender string

	MailerURL   string
	MailerToken string

	GateSharedKey string
	AdminToken    string
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	var missing []string
	req := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			missing = append(missing, k)
		}
		return v
	}
	opt := func(k, def string) string {
		if v := os.Getenv(k); v != "" {
			return v
		}
		return def
	}

	cfg := Config{
		HTTPAddr:            opt("HTTP_ADDR", ":8080"),
		GateAddr:            opt("GATE_ADDR", ":8090"),
		DatabaseURL:         req("DATABASE_URL"),
		RedisAddr:           opt("REDIS_ADDR", "127.0.0.1:6379"),
		Resort:              opt("RESORT_CODE", "SUMMIT"),
		Currency:            opt("CURRENCY", "eur"),
		StripeSecretKey:     req("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: opt("STRIPE_WEBHOOK_SECRET", ""),
		CardIssuerURL:       opt("CARD_ISSUER_URL", "https://api.cardpartner.example/v2"),
		CardIssuerToken:     opt("CARD_ISSUER_TOKEN", ""),
		CardIssuerSecret:    opt("CARD_ISSUER_WEBHOOK_SECRET", ""),
		InvoicingURL:        opt("INVOICING_URL", "https://api.ledgerly.example/v1"),
		InvoicingToken:      opt("INVOICING_TOKEN", ""),
		SMSURL:              opt("SMS_URL", "https://sms.textgate.example/api"),
		SMSToken:            opt("SMS_TOKEN", ""),
		SMSSender:           opt("SMS_SENDER", "SUMMIT"),
		MailerURL:           opt("MAILER_URL", "https://api.postbox.example"),
		MailerToken:         opt("MAILER_TOKEN", ""),
		GateSharedKey:       opt("GATE_SHARED_KEY", ""),
		AdminToken:          opt("ADMIN_TOKEN", ""),
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config: missing %v", missing)
	}

	var err error
	if cfg.RedisDB, err = strconv.Atoi(opt("REDIS_DB", "0")); err != nil {
		return Config{}, fmt.Errorf("config: REDIS_DB: %w", err)
	}
	if cfg.WorkerConcur, err = strconv.Atoi(opt("WORKER_CONCURRENCY", "10")); err != nil {
		return Config{}, fmt.Errorf("config: WORKER_CONCURRENCY: %w", err)
	}
	if cfg.Timezone, err = time.LoadLocation(opt("RESORT_TZ", "Europe/Zurich")); err != nil {
		return Config{}, fmt.Errorf("config: RESORT_TZ: %w", err)
	}
	return cfg, nil
}
