// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by the api, worker and migrate binaries. Each binary only
// reads the parts it needs, but everything is loaded up front so that a
// misconfigured deploy fails at boot rather than on the first request.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	ShutdownTimeout time.Duration

	StripeSecretKey     string
	StripeWebhookSecret string

	AccountingBaseURL       string
	AccountingToken         string
	AccountingWebhookSecret string
	AccountingTenantID      string

	MailBaseURL  string
	MailAPIKey   string
	MailFrom     string
	SMSBaseURL   string
	SMSAccount   string
	SMSAuthToken string
	SMSFrom      string

	KafkaBrokers       []string
	KafkaConsumerGroup string

	ClubTimezone      string
	WorkerConcurrency int
}

// Load reads the configuration from environment variables.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:                env("HTTP_ADDR", ":8080"),
		DatabaseURL:             env("DATABASE_URL", ""),
		ShutdownTimeout:         envDuration("SHUTDOWN_TIMEOUT", 20*time.Second),
		StripeSecretKey:         env("STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret:     env("STRIPE_WEBHOOK_SECRET", ""),
		AccountingBaseURL:       env("ACCOUNTING_BASE_URL", "https://api.ledgerly.example/v2"),
		AccountingToken:         env("ACCOUNTING_TOKEN", ""),
		AccountingWebhookSecret: env("ACCOUNTING_WEBHOOK_SECRET", ""),
		AccountingTenantID:      env("ACCOUNTING_TENANT_ID", ""),
		MailBaseURL:             env("MAIL_BASE_URL", "https://api.postwire.example"),
		MailAPIKey:              env("MAIL_API_KEY", ""),
		MailFrom:                env("MAIL_FROM", "Tidewater YC <office@tidewateryc.org>"),
		SMSBaseURL:              env("SMS_BASE_URL", "https://sms.textline.example"),
		SMSAccount:              env("SMS_ACCOUNT", ""),
		SMSAuthToken:            env("SMS_AUTH_TOKEN", ""),
		SMSFrom:                 env("SMS_FROM", ""),
		KafkaBrokers:            splitList(env("KAFKA_BROKERS", "localhost:9092")),
		KafkaConsumerGroup:      env("KAFKA_CONSUMER_GROUP", "clubhouse-worker"),
		ClubTimezone:            env("CLUB_TIMEZONE", "America/New_York"),
		WorkerConcurrency:       envInt("WORKER_CONCURRENCY", 8),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

// Location returns the club's local time zone, used for dues years and
// statement periods.
func (c *Config) Location() *time.Location {
	loc, err := time.LoadLocation(c.ClubTimezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v := env(key, "")
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
	v := env(key, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
