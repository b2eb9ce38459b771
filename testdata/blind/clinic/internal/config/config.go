// Package config loads service configuration from the environment.
package config

import (
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr      string
	AdminAddr     string
	DatabaseURL   string
	RedisAddr     string
	KafkaBrokers  []string
	LabTopic      string
	LabGroupID    string
	Stripe        StripeConfig
	RxNet         ProviderConfig
	Clearinghouse ProviderConfig
	SMS           ProviderConfig
	Billing       BillingConfig
}

type StripeConfig struct {
	SecretKey     string
	WebhookSecret string
	Currency      string
}

type ProviderConfig struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

type BillingConfig struct {
	DepositCents        int64
	NoShowFeeCents      int64
	FullRefundWindow    time.Duration
	ReceiptNumberPrefix string
}

// Load reads the configuration. Every value has a development default so the
// service can boot against docker-compose without any exported variables.
func Load() Config {
	return Config{
		HTTPAddr:     env("CLINIC_HTTP_ADDR", ":8080"),
		AdminAddr:    env("CLINIC_ADMIN_ADDR", ":8081"),
		DatabaseURL:  env("CLINIC_DATABASE_URL", "postgres://clinic:clinic@localhost:5432/clinic?sslmode=disable"),
		RedisAddr:    env("CLINIC_REDIS_ADDR", "localhost:6379"),
		KafkaBrokers: strings.Split(env("CLINIC_KAFKA_BROKERS", "localhost:9092"), ","),
		LabTopic:     env("CLINIC_LAB_TOPIC", "lab.results.v1"),
		LabGroupID:   env("CLINIC_LAB_GROUP", "clinic-lab-results"),
		Stripe: StripeConfig{
			SecretKey:     env("STRIPE_SECRET_KEY", "sk_test_dev"),
			WebhookSecret: env("STRIPE_WEBHOOK_SECRET", "whsec_dev"),
			Currency:      env("STRIPE_CURRENCY", "usd"),
		},
		RxNet: ProviderConfig{
			BaseURL: env("RXNET_BASE_URL", "https://api.rxnet.example/v2"),
			APIKey:  env("RXNET_API_KEY", ""),
			Timeout: envDuration("RXNET_TIMEOUT", 10*time.Second),
		},
		Clearinghouse: ProviderConfig{
			BaseURL: env("CLEARINGHOUSE_BASE_URL", "https://claims.clearwave.example"),
			APIKey:  env("CLEARINGHOUSE_API_KEY", ""),
			Timeout: envDuration("CLEARINGHOUSE_TIMEOUT", 20*time.Second),
		},
		SMS: ProviderConfig{
			BaseURL: env("SMS_BASE_URL", "https://api.textly.example"),
			APIKey:  env("SMS_API_KEY", ""),
			Timeout: envDuration("SMS_TIMEOUT", 5*time.Second),
		},
		Billing: BillingConfig{
			DepositCents:        envInt("BILLING_DEPOSIT_CENTS", 2500),
			NoShowFeeCents:      envInt("BILLING_NO_SHOW_FEE_CENTS", 4000),
			FullRefundWindow:    envDuration("BILLING_FULL_REFUND_WINDOW", 24*time.Hour),
			ReceiptNumberPrefix: env("BILLING_RECEIPT_PREFIX", "RC"),
		},
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int64) int64 {
	if v, err := strconv.ParseInt(os.Getenv(key), 10, 64); err == nil {
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
