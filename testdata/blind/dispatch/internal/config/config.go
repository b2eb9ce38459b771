// Package config loads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the full runtime configuration for dispatchd.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	DBMaxOpenConns  int
	KafkaBrokers    []string
	KafkaGroupID    string
	LegacyBrokers   []string
	LegacyGroupID   string
	RedisAddr       string
	TaskConcurrency int

	TemporalHostPort  string
	TemporalNamespace string
	SettlementQueue   string

	StripeSecretKey string
	PayoutCurrency  string

	SMSGatewayURL    string
	SMSGatewayKey    string
	SMSSenderID      string
	SMSCallbackURL   string
	CarrierAPIURL    string
	CarrierAPIKey    string
	PushGatewayURL   string
	PushGatewayKey   string
	WebhookTimeout   time.Duration
	OutboxPollEvery  time.Duration
	SettlementFeeBps int64
}

// Load reads configuration from environment variables with defaults suitable
// for local development.
func Load() Config {
	return Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		DatabaseURL:       env("DATABASE_URL", "postgres://dispatch:dispatch@localhost:5432/dispatch?sslmode=disable"),
		DBMaxOpenConns:    envInt("DB_MAX_OPEN_CONNS", 20),
		KafkaBrokers:      envList("KAFKA_BROKERS", "localhost:9092"),
		KafkaGroupID:      env("KAFKA_GROUP_ID", "dispatchd"),
		LegacyBrokers:     envList("LEGACY_KAFKA_BROKERS", "localhost:9093"),
		LegacyGroupID:     env("LEGACY_KAFKA_GROUP_ID", "dispatchd-legacy"),
		RedisAddr:         env("REDIS_ADDR", "localhost:6379"),
		TaskConcurrency:   envInt("TASK_CONCURRENCY", 10),
		TemporalHostPort:  env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace: env("TEMPORAL_NAMESPACE", "default"),
		SettlementQueue:   env("SETTLEMENT_TASK_QUEUE", "merchant-settlement"),
		StripeSecretKey:   env("STRIPE_SECRET_KEY", ""),
		PayoutCurrency:    env("PAYOUT_CURRENCY", "gbp"),
		SMSGatewayURL:     env("SMS_GATEWAY_URL", "https://api.textrelay.example/v1"),
		SMSGatewayKey:     env("SMS_GATEWAY_KEY", ""),
		SMSSenderID:       env("SMS_SENDER_ID", "Quaymile"),
		SMSCallbackURL:    env("SMS_CALLBACK_URL", "https://dispatch.quaymile.example/v1/webhooks/sms-receipts"),
		CarrierAPIURL:     env("CARRIER_API_URL", "https://api.parcelhop.example"),
		CarrierAPIKey:     env("CARRIER_API_KEY", ""),
		PushGatewayURL:    env("PUSH_GATEWAY_URL", "https://push.quaymile.example"),
		PushGatewayKey:    env("PUSH_GATEWAY_KEY", ""),
		WebhookTimeout:    envDuration("WEBHOOK_TIMEOUT", 10*time.Second),
		OutboxPollEvery:   envDuration("OUTBOX_POLL_EVERY", 2*time.Second),
		SettlementFeeBps:  int64(envInt("SETTLEMENT_FEE_BPS", 150)),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, ok := os.LookupEnv(key); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envList(key, def string) []string {
	raw := env(key, def)
	parts := strings.Split(raw, ",")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
