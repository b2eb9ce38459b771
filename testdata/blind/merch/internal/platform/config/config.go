// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr             string
	DatabaseURL          string
	StripeSecretKey      string
	StripeWebhookSecret  string
	StripeConnectSecret  string
	WarehouseBaseURL     string
	WarehouseAPIKey      string
	WarehouseWebhookKey  string
	MailerBaseURL        string
	MailerToken          string
	KafkaBrokers         []string
	KafkaGroupPrefix     string
	AdminToken           string
	ReconcileAt          time.Duration
	AuthRenewalLookahead time.Duration
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		StripeConnectSecret:  os.Getenv("STRIPE_CONNECT_WEBHOOK_SECRET"),
		WarehouseBaseURL:     env("WAREHOUSE_BASE_URL", "https://api.fulfilwell.example/v2"),
		WarehouseAPIKey:      os.Getenv("WAREHOUSE_API_KEY"),
		WarehouseWebhookKey:  os.Getenv("WAREHOUSE_WEBHOOK_SECRET"),
		MailerBaseURL:        env("MAILER_BASE_URL", "https://mail.internal.example"),
		MailerToken:          os.Getenv("MAILER_TOKEN"),
		KafkaBrokers:         strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupPrefix:     env("KAFKA_GROUP_PREFIX", "merch-preorders"),
		AdminToken:           os.Getenv("ADMIN_TOKEN"),
		ReconcileAt:          envDuration("RECONCILE_AT", 3*time.Hour),
		AuthRenewalLookahead: envDuration("AUTH_RENEWAL_LOOKAHEAD", 24*time.Hour),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	if n, err := strconv.Atoi(v); err == nil {
		return time.Duration(n) * time.Second
	}
	return def
}
