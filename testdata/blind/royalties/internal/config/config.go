// Package config reads the daemon's configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the royalty daemon's configuration.
type Config struct {
	HTTPAddr              string
	DatabaseURL           string
	LogLevel              string
	LogJSON               bool
	StripeSecretKey       string
	StripeWebhookSecret   string
	MailerBaseURL         string
	MailerAPIKey          string
	MailerFrom            string
	PortalURL             string
	KafkaBrokers          []string
	KafkaGroup            string
	AdminTokens           map[string]string
	PartnerAPIs           map[string]string
	PartnerToken          string
	ReconcileToleranceBPS int64
	FailedPayoutFeeCents  int64
	WorkerConcurrency     int
	ShutdownTimeout       time.Duration
}

// FromEnv loads Config.
func FromEnv() (Config, error) {
	c := Config{
		HTTPAddr:              env("HTTP_ADDR", ":8080"),
		DatabaseURL:           os.Getenv("DATABASE_URL"),
		LogLevel:              env("LOG_LEVEL", "info"),
		LogJSON:               env("LOG_FORMAT", "json") == "json",
		StripeSecretKey:       os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
		MailerBaseURL:         env("MAILER_BASE_URL", "https://api.mailer.example"),
		MailerAPIKey:          os.Getenv("MAILER_API_KEY"),
		MailerFrom:            env("MAILER_FROM", "royalties@soundledger.example"),
		PortalURL:             env("PORTAL_URL", "https://artists.soundledger.example"),
		KafkaBrokers:          split(env("KAFKA_BROKERS", "localhost:9092")),
		KafkaGroup:            env("KAFKA_GROUP", "royaltyd"),
		AdminTokens:           pairs(os.Getenv("ADMIN_TOKENS")),
		PartnerAPIs:           pairs(os.Getenv("PARTNER_APIS")),
		PartnerToken:          os.Getenv("PARTNER_TOKEN"),
		ReconcileToleranceBPS: envInt("RECONCILE_TOLERANCE_BPS", 50),
		FailedPayoutFeeCents:  envInt("FAILED_PAYOUT_FEE_CENTS", 0),
		WorkerConcurrency:     int(envInt("WORKER_CONCURRENCY", 10)),
		ShutdownTimeout:       time.Duration(envInt("SHUTDOWN_TIMEOUT_SECONDS", 25)) * time.Second,
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	if c.StripeSecretKey == "" || c.StripeWebhookSecret == "" {
		return c, fmt.Errorf("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int64) int64 {
	v, ok := os.LookupEnv(key)
	if !ok || v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return def
	}
	return n
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// pairs parses "k1=v1,k2=v2".
func pairs(s string) map[string]string {
	out := map[string]string{}
	for _, p := range split(s) {
		k, v, ok := strings.Cut(p, "=")
		if ok {
			out[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return out
}
