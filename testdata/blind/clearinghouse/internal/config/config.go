// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the full runtime configuration.
type Config struct {
	HTTPAddr string

	DatabaseDSN    string
	MigrationsDir  string
	DBMaxOpenConns int

	KafkaBrokers       []string
	KafkaGroupID       string
	KafkaPayerTopic    string
	KafkaOutboundTopic string
	KafkaMaxAttempts   int

	TemporalHostPort  string
	TemporalNamespace string
	TemporalTaskQueue string

	PayerGatewayURL     string
	PayerGatewayAPIKey  string
	PayerGatewayTimeout time.Duration

	StripeSecretKey     string
	StripeWebhookSecret string

	PrintVendorURL    string
	PrintVendorAPIKey string
	ReturnAddressID   string

	MessagingURL    string
	MessagingAPIKey string
	MessagingSender string

	StatementPortalURL string
	SubmissionFeeCents int64
}

// Load reads Config from environment variables, applying defaults.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseDSN:         os.Getenv("DATABASE_URL"),
		MigrationsDir:       env("MIGRATIONS_DIR", "migrations"),
		DBMaxOpenConns:      envInt("DB_MAX_OPEN_CONNS", 20),
		KafkaBrokers:        strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:        env("KAFKA_GROUP_ID", "clearinghouse"),
		KafkaPayerTopic:     env("KAFKA_PAYER_TOPIC", "payer.inbound"),
		KafkaOutboundTopic:  env("KAFKA_OUTBOUND_TOPIC", "payer.outbound.claims"),
		KafkaMaxAttempts:    envInt("KAFKA_MAX_ATTEMPTS", 8),
		TemporalHostPort:    env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace:   env("TEMPORAL_NAMESPACE", "default"),
		TemporalTaskQueue:   env("TEMPORAL_TASK_QUEUE", "claim-submission"),
		PayerGatewayURL:     os.Getenv("PAYER_GATEWAY_URL"),
		PayerGatewayAPIKey:  os.Getenv("PAYER_GATEWAY_API_KEY"),
		PayerGatewayTimeout: envDuration("PAYER_GATEWAY_TIMEOUT", 20*time.Second),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PrintVendorURL:      os.Getenv("PRINT_VENDOR_URL"),
		PrintVendorAPIKey:   os.Getenv("PRINT_VENDOR_API_KEY"),
		ReturnAddressID:     os.Getenv("PRINT_VENDOR_RETURN_ADDRESS_ID"),
		MessagingURL:        os.Getenv("MESSAGING_URL"),
		MessagingAPIKey:     os.Getenv("MESSAGING_API_KEY"),
		MessagingSender:     env("MESSAGING_SENDER", "ClaimBridge"),
		StatementPortalURL:  env("STATEMENT_PORTAL_URL", "https://pay.claimbridge.example/s/"),
		SubmissionFeeCents:  int64(envInt("SUBMISSION_FEE_CENTS", 35)),
	}
	if c.DatabaseDSN == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
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
