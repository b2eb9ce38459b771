// Package config loads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	DatabaseURL      string
	PublicAddr       string
	AdminAddr        string
	KafkaBrokers     []string
	KafkaGroup       string
	TemporalHostPort string
	TemporalNS       string
	PayoutTaskQueue  string
	StripeKey        string
	PartnerBaseURL   string
	PartnerAPIKey    string
	MailBaseURL      string
	MailAPIKey       string
	SMSBaseURL       string
	SMSAPIKey        string
	BarcodeSecret    string
	HoldTTL          time.Duration
	BookingFeeBps    int64
	MaxDBConns       int32
}

func Load() Config {
	return Config{
		DatabaseURL:      env("DATABASE_URL", "postgres://localhost:5432/ticketing"),
		PublicAddr:       env("PUBLIC_ADDR", ":8080"),
		AdminAddr:        env("ADMIN_ADDR", ":8081"),
		KafkaBrokers:     strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroup:       env("KAFKA_GROUP", "ticketing-worker"),
		TemporalHostPort: env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNS:       env("TEMPORAL_NAMESPACE", "default"),
		PayoutTaskQueue:  env("PAYOUT_TASK_QUEUE", "organiser-payouts"),
		StripeKey:        env("STRIPE_SECRET_KEY", ""),
		PartnerBaseURL:   env("PARTNER_BASE_URL", "https://partners.example.invalid"),
		PartnerAPIKey:    env("PARTNER_API_KEY", ""),
		MailBaseURL:      env("MAIL_BASE_URL", "https://mail.example.invalid"),
		MailAPIKey:       env("MAIL_API_KEY", ""),
		SMSBaseURL:       env("SMS_BASE_URL", "https://sms.example.invalid"),
		SMSAPIKey:        env("SMS_API_KEY", ""),
		BarcodeSecret:    env("BARCODE_SECRET", "dev-secret"),
		HoldTTL:          envDuration("HOLD_TTL", 10*time.Minute),
		BookingFeeBps:    envInt("BOOKING_FEE_BPS", 750),
		MaxDBConns:       int32(envInt("DB_MAX_CONNS", 20)),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int64) int64 {
	if v, ok := os.LookupEnv(key); ok {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
