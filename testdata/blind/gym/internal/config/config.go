package config

import (
	"os"
	"strconv"
	"time"
)

type Config struct {
	DatabaseURL       string
	RedisAddr         string
	NatsURL           string
	APIAddr           string
	WebhookAddr       string
	StripeKey         string
	StripeWebhookKey  string
	SMSBaseURL        string
	SMSAPIKey         string
	SMSSender         string
	MailerBaseURL     string
	MailerAPIKey      string
	MailerFrom        string
	DoorPartnerURL    string
	DoorPartnerKey    string
	DoorWebhookSecret string
	SMSWebhookSecret  string
	WorkerConcurrency int
	DoorStream        string
	SchedulerInterval time.Duration
}

func Load() Config {
	return Config{
		DatabaseURL:       env("DATABASE_URL", "postgres://pulsefit:pulsefit@localhost:5432/memberships?sslmode=disable"),
		RedisAddr:         env("REDIS_ADDR", "localhost:6379"),
		NatsURL:           env("NATS_URL", "nats://localhost:4222"),
		APIAddr:           env("API_ADDR", ":8080"),
		WebhookAddr:       env("WEBHOOK_ADDR", ":8081"),
		StripeKey:         env("STRIPE_SECRET_KEY", ""),
		StripeWebhookKey:  env("STRIPE_WEBHOOK_SECRET", ""),
		SMSBaseURL:        env("SMS_BASE_URL", "https://api.textrelay.example/v2"),
		SMSAPIKey:         env("SMS_API_KEY", ""),
		SMSSender:         env("SMS_SENDER", "PulseFit"),
		MailerBaseURL:     env("MAILER_BASE_URL", "https://mail.postbox.example/api"),
		MailerAPIKey:      env("MAILER_API_KEY", ""),
		MailerFrom:        env("MAILER_FROM", "hello@pulsefit.example"),
		DoorPartnerURL:    env("DOOR_PARTNER_URL", "https://api.keyline.example/v1"),
		DoorPartnerKey:    env("DOOR_PARTNER_KEY", ""),
		DoorWebhookSecret: env("DOOR_WEBHOOK_SECRET", ""),
		SMSWebhookSecret:  env("SMS_WEBHOOK_SECRET", ""),
		WorkerConcurrency: envInt("WORKER_CONCURRENCY", 20),
		DoorStream:        env("DOOR_STREAM", "DOOR_EVENTS"),
		SchedulerInterval: envDuration("SCHEDULER_INTERVAL", 5*time.Minute),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil {
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
