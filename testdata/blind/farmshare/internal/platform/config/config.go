// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads the fields it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string

	CardpayBaseURL       string
	CardpayAPIKey        string
	CardpayWebhookSecret string

	BankBaseURL       string
	BankAPIKey        string
	BankAccountID     string
	BankWebhookSecret string

	CourierBaseURL string
	CourierAPIKey  string
	CourierDepotID string

	MailerBaseURL string
	MailerAPIKey  string
	MailerFrom    string

	SMSBaseURL string
	SMSAPIKey  string
	SMSSender  string

	KafkaBrokers       []string
	CourierTopic       string
	CourierGroupID     string
	OutboxPollInterval time.Duration
	OutboxBatchSize    int

	SkipCreditCents int64
	Timezone        string
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	var missing []string
	req := func(key string) string {
		v := os.Getenv(key)
		if v == "" {
			missing = append(missing, key)
		}
		return v
	}
	opt := func(key, def string) string {
		if v := os.Getenv(key); v != "" {
			return v
		}
		return def
	}

	cfg := Config{
		DatabaseURL: req("DATABASE_URL"),
		HTTPAddr:    opt("HTTP_ADDR", ":8080"),

		CardpayBaseURL:       opt("CARDPAY_BASE_URL", "https://api.cardpay.example/v1"),
		CardpayAPIKey:        opt("CARDPAY_API_KEY", ""),
		CardpayWebhookSecret: opt("CARDPAY_WEBHOOK_SECRET", ""),

		BankBaseURL:       opt("BANK_BASE_URL", "https://partners.bankxfer.example/api"),
		BankAPIKey:        opt("BANK_API_KEY", ""),
		BankAccountID:     opt("BANK_ACCOUNT_ID", ""),
		BankWebhookSecret: opt("BANK_WEBHOOK_SECRET", ""),

		CourierBaseURL: opt("COURIER_BASE_URL", "https://api.courier.example"),
		CourierAPIKey:  opt("COURIER_API_KEY", ""),
		CourierDepotID: opt("COURIER_DEPOT_ID", ""),

		MailerBaseURL: opt("MAILER_BASE_URL", "https://api.mailer.example"),
		MailerAPIKey:  opt("MAILER_API_KEY", ""),
		MailerFrom:    opt("MAILER_FROM", "Harvest Loop <hello@harvestloop.example>"),

		SMSBaseURL: opt("SMS_BASE_URL", "https://sms.gateway.example"),
		SMSAPIKey:  opt("SMS_API_KEY", ""),
		SMSSender:  opt("SMS_SENDER", "HarvestLoop"),

		KafkaBrokers:   strings.Split(opt("KAFKA_BROKERS", "localhost:9092"), ","),
		CourierTopic:   opt("COURIER_TOPIC", "courier.partner.updates"),
		CourierGroupID: opt("COURIER_GROUP_ID", "farmshare-courier-updates"),
		Timezone:       opt("FARM_TIMEZONE", "Europe/London"),
	}

	var err error
	if cfg.OutboxPollInterval, err = time.ParseDuration(opt("OUTBOX_POLL_INTERVAL", "2s")); err != nil {
		return Config{}, fmt.Errorf("OUTBOX_POLL_INTERVAL: %w", err)
	}
	if cfg.OutboxBatchSize, err = strconv.Atoi(opt("OUTBOX_BATCH_SIZE", "100")); err != nil {
		return Config{}, fmt.Errorf("OUTBOX_BATCH_SIZE: %w", err)
	}
	if cfg.SkipCreditCents, err = strconv.ParseInt(opt("SKIP_CREDIT_CENTS", "450"), 10, 64); err != nil {
		return Config{}, fmt.Errorf("SKIP_CREDIT_CENTS: %w", err)
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("missing required environment: %s", strings.Join(missing, ", "))
	}
	return cfg, nil
}
