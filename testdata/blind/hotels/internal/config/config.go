// Package config loads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each uses the parts it needs.
type Config struct {
	HTTPAddr string

	PostgresDSN string
	MongoURI    string
	MongoDB     string
	RedisAddr   string
	RedisPass   string
	AMQPURL     string
	Exchange    string
	Queue       string

	TemporalHostPort  string
	TemporalNamespace string
	TaskQueue         string

	StripeKey           string
	StripeWebhookSecret string

	OTAEndpoints  map[string]string // channel -> base URL
	OTATokens     map[string]string // channel -> API token
	OTAWebhookKey map[string]string // channel -> shared HMAC secret

	SMSBaseURL   string
	SMSAPIKey    string
	SMSSender    string
	MailBaseURL  string
	MailAPIKey   string
	MailFrom     string
	PropertyTZ   string
	NoShowSpec   string
	HoldsSpec    string
	NoShowCutoff time.Duration
}

// Load reads the environment.
func Load() Config {
	return Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		PostgresDSN:         env("POSTGRES_DSN", "postgres://hotels@localhost:5432/hotels?sslmode=disable"),
		MongoURI:            env("MONGO_URI", "mongodb://localhost:27017"),
		MongoDB:             env("MONGO_DB", "hotels"),
		RedisAddr:           env("REDIS_ADDR", "localhost:6379"),
		RedisPass:           env("REDIS_PASSWORD", ""),
		AMQPURL:             env("AMQP_URL", "amqp://guest:guest@localhost:5672/"),
		Exchange:            env("AMQP_EXCHANGE", "hotels.events"),
		Queue:               env("AMQP_QUEUE", "hotels.channel-manager"),
		TemporalHostPort:    env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace:   env("TEMPORAL_NAMESPACE", "default"),
		TaskQueue:           env("TEMPORAL_TASK_QUEUE", "bookings"),
		StripeKey:           env("STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret: env("STRIPE_WEBHOOK_SECRET", ""),
		OTAEndpoints:        pairs(env("OTA_ENDPOINTS", "")),
		OTATokens:           pairs(env("OTA_TOKENS", "")),
		OTAWebhookKey:       pairs(env("OTA_WEBHOOK_KEYS", "")),
		SMSBaseURL:          env("SMS_BASE_URL", ""),
		SMSAPIKey:           env("SMS_API_KEY", ""),
		SMSSender:           env("SMS_SENDER", "HOTEL"),
		MailBaseURL:         env("MAIL_BASE_URL", ""),
		MailAPIKey:          env("MAIL_API_KEY", ""),
		MailFrom:            env("MAIL_FROM", "reservations@example.com"),
		PropertyTZ:          env("PROPERTY_TZ", "Europe/Lisbon"),
		NoShowSpec:          env("NOSHOW_CRON", "30 3 * * *"),
		HoldsSpec:           env("HOLDS_CRON", "*/5 * * * *"),
		NoShowCutoff:        duration("NOSHOW_CUTOFF", 6*time.Hour),
	}
}

func env(k, def string) string {
	if v, ok := os.LookupEnv(k); ok {
		return v
	}
	return def
}

func duration(k string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(k); ok {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
		if n, err := strconv.Atoi(v); err == nil {
			return time.Duration(n) * time.Second
		}
	}
	return def
}

// pairs parses "a=x,b=y".
func pairs(s string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && k != "" {
			out[k] = v
		}
	}
	return out
}
