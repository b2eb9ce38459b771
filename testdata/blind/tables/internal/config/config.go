// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by cmd/api and cmd/worker; each binary reads only the
// sections it needs.
type Config struct {
	HTTPAddr    string
	DatabaseURL string

	NATSURL        string
	POSStream      string
	OutboundStream string
	ConsumerName   string

	TemporalHostPort  string
	TemporalNamespace string
	TaskQueue         string

	StripeSecretKey     string
	StripeWebhookSecret string

	SMSBaseURL    string
	SMSAPIKey     string
	SMSSenderID   string
	SMSWebhookKey string

	POSBaseURL  string
	POSAPIKey   string
	POSTimeout  time.Duration
	HTTPTimeout time.Duration

	NoShowGrace time.Duration
	StrikeLimit int
}

// Load reads the environment. Missing required values are reported together.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		NATSURL:             env("NATS_URL", "nats://127.0.0.1:4222"),
		POSStream:           env("NATS_POS_STREAM", "POS_EVENTS"),
		OutboundStream:      env("NATS_OUTBOUND_STREAM", "BOOKING_OUTBOUND"),
		ConsumerName:        env("NATS_CONSUMER", "reservations-worker"),
		TemporalHostPort:    env("TEMPORAL_HOSTPORT", "127.0.0.1:7233"),
		TemporalNamespace:   env("TEMPORAL_NAMESPACE", "default"),
		TaskQueue:           env("TEMPORAL_TASK_QUEUE", "reservations"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://api.textrelay.example/v2"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		SMSSenderID:         env("SMS_SENDER_ID", "TABLEWISE"),
		SMSWebhookKey:       os.Getenv("SMS_WEBHOOK_KEY"),
		POSBaseURL:          env("POS_BASE_URL", "https://partner.tillpoint.example/api"),
		POSAPIKey:           os.Getenv("POS_API_KEY"),
		POSTimeout:          durationEnv("POS_TIMEOUT", 8*time.Second),
		HTTPTimeout:         durationEnv("HTTP_CLIENT_TIMEOUT", 10*time.Second),
		NoShowGrace:         durationEnv("NO_SHOW_GRACE", 30*time.Minute),
		StrikeLimit:         intEnv("NO_SHOW_STRIKE_LIMIT", 3),
	}
	var missing []string
	if c.DatabaseURL == "" {
		missing = append(missing, "DATABASE_URL")
	}
	if c.StripeSecretKey == "" {
		missing = append(missing, "STRIPE_SECRET_KEY")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("config: missing %v", missing)
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func durationEnv(key string, def time.Duration) time.Duration {
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

func intEnv(key string, def int) int {
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
