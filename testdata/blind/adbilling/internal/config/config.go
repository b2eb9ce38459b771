// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each main only reads what it needs.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	DBMaxConns      int32
	ShutdownTimeout time.Duration

	KafkaBrokers        []string
	KafkaGroupID        string
	ImpressionsTopic    string
	ClicksTopic         string
	InvalidTrafficTopic string

	SQSRegion           string
	InvoiceDispatchURL  string
	SQSVisibilityTimout int32

	GatewayBaseURL       string
	GatewayAPIKey        string
	GatewayWebhookSecret string

	PayoutBaseURL   string
	PayoutAPIKey    string
	PayoutSourceAcc string

	EmailBaseURL  string
	EmailAPIKey   string
	EmailFrom     string
	InvoiceBCC    string
	PortalBaseURL string

	MinPayoutMicros     int64
	OutboxPollInterval  time.Duration
	OutboxBatchSize     int
	PartnerWebhookAgent string
}

// Load reads the environment. Missing required values are reported together.
func Load() (*Config, error) {
	var missing []string
	req := func(key string) string {
		v := os.Getenv(key)
		if v == "" {
			missing = append(missing, key)
		}
		return v
	}

	c := &Config{
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		DatabaseURL:     req("DATABASE_URL"),
		DBMaxConns:      int32(envInt("DB_MAX_CONNS", 20)),
		ShutdownTimeout: envDuration("SHUTDOWN_TIMEOUT", 20*time.Second),

		KafkaBrokers:        strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:        env("KAFKA_GROUP_ID", "adbilling-spend"),
		ImpressionsTopic:    env("KAFKA_IMPRESSIONS_TOPIC", "ad.impressions.v1"),
		ClicksTopic:         env("KAFKA_CLICKS_TOPIC", "ad.clicks.v1"),
		InvalidTrafficTopic: env("KAFKA_IVT_TOPIC", "traffic.invalid.v1"),

		SQSRegion:           env("AWS_REGION", "eu-west-1"),
		InvoiceDispatchURL:  env("INVOICE_DISPATCH_QUEUE_URL", ""),
		SQSVisibilityTimout: int32(envInt("SQS_VISIBILITY_TIMEOUT", 120)),

		GatewayBaseURL:       env("GATEWAY_BASE_URL", "https://api.cardex.example/v2"),
		GatewayAPIKey:        os.Getenv("GATEWAY_API_KEY"),
		GatewayWebhookSecret: os.Getenv("GATEWAY_WEBHOOK_SECRET"),

		PayoutBaseURL:   env("PAYOUT_BASE_URL", "https://api.remitrail.example"),
		PayoutAPIKey:    os.Getenv("PAYOUT_API_KEY"),
		PayoutSourceAcc: env("PAYOUT_SOURCE_ACCOUNT", "acct_platform_eur"),

		EmailBaseURL:  env("EMAIL_BASE_URL", "https://api.postwave.example/v1"),
		EmailAPIKey:   os.Getenv("EMAIL_API_KEY"),
		EmailFrom:     env("EMAIL_FROM", "billing@brightlane.example"),
		InvoiceBCC:    os.Getenv("INVOICE_BCC"),
		PortalBaseURL: env("PORTAL_BASE_URL", "https://ads.brightlane.example"),

		MinPayoutMicros:     int64(envInt("MIN_PAYOUT_MICROS", 50_000_000)),
		OutboxPollInterval:  envDuration("OUTBOX_POLL_INTERVAL", 500*time.Millisecond),
		OutboxBatchSize:     envInt("OUTBOX_BATCH_SIZE", 100),
		PartnerWebhookAgent: env("PARTNER_WEBHOOK_AGENT", "brightlane-billing/1.0"),
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("config: missing required env: %s", strings.Join(missing, ", "))
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envDuration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
