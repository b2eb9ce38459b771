// Package config loads process configuration from the environment.
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
	RedisAddr   string
	RedisDB     int

	GRPCAddr  string
	AdminAddr string

	StripeSecretKey     string
	StripeWebhookSecret string

	BankDebitURL    string
	BankDebitAPIKey string

	BankWireURL    string
	BankWireAPIKey string
	WalletPayURL   string
	WalletPayKey   string

	SMSURL    string
	SMSAPIKey string
	SMSSender string

	ScreeningURL string

	CallbackSecret    string
	PublicWebhookBase string

	PartnerWebhookSecrets map[string]string
	AdminTokens           []string

	EventsStream  string
	ConsumerGroup string
	ConsumerName  string

	StatementBucket string
	JobInterval     time.Duration
}

func Load() (*Config, error) {
	c := &Config{
		DatabaseURL:         env("DATABASE_URL", "postgres://remit:remit@localhost:5432/remit?sslmode=disable"),
		RedisAddr:           env("REDIS_ADDR", "localhost:6379"),
		RedisDB:             envInt("REDIS_DB", 0),
		GRPCAddr:            env("GRPC_ADDR", ":9090"),
		AdminAddr:           env("ADMIN_ADDR", ":8081"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		BankDebitURL:        env("BANK_DEBIT_URL", "https://api.debitrail.example/v2"),
		BankDebitAPIKey:     os.Getenv("BANK_DEBIT_API_KEY"),
		BankWireURL:         env("BANKWIRE_URL", "https://partners.bankwire.example/api"),
		BankWireAPIKey:      os.Getenv("BANKWIRE_API_KEY"),
		WalletPayURL:        env("WALLETPAY_URL", "https://api.walletpay.example/v1"),
		WalletPayKey:        os.Getenv("WALLETPAY_API_KEY"),
		SMSURL:              env("SMS_URL", "https://sms.gateway.example/v1"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		SMSSender:           env("SMS_SENDER", "SendHome"),
		ScreeningURL:        env("SCREENING_URL", "https://screen.example/v1"),
		CallbackSecret:      os.Getenv("CALLBACK_SIGNING_SECRET"),
		PublicWebhookBase:   env("PUBLIC_WEBHOOK_BASE", "https://hooks.sendhome.example"),
		AdminTokens:         splitNonEmpty(os.Getenv("ADMIN_TOKENS")),
		EventsStream:        env("EVENTS_STREAM", "remit:events"),
		ConsumerGroup:       env("CONSUMER_GROUP", "remit-worker"),
		ConsumerName:        env("CONSUMER_NAME", hostname()),
		StatementBucket:     env("STATEMENT_BUCKET", "remit-statements"),
		JobInterval:         envDuration("JOB_INTERVAL", 15*time.Minute),
	}
	c.PartnerWebhookSecrets = map[string]string{
		"bankwire":  os.Getenv("BANKWIRE_WEBHOOK_SECRET"),
		"walletpay": os.Getenv("WALLETPAY_WEBHOOK_SECRET"),
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

func splitNonEmpty(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return "worker"
	}
	return h
}
