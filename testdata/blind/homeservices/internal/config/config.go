// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/google/wire"
)

// Config is the full configuration shared by all binaries. Each binary only
// reads the parts it needs.
type Config struct {
	Env      string
	HTTPAddr string

	DatabaseURL       string
	DBMaxOpenConns    int
	NATSURL           string
	RedisAddr         string
	RedisPassword     string
	PublicBaseURL     string
	WorkerConcurrency int

	StripeSecretKey     string
	StripeWebhookSecret string

	SMSBaseURL       string
	SMSAccountSID    string
	SMSAuthToken     string
	SMSFromNumber    string
	SMSWebhookSecret string

	InsurerBaseURL       string
	InsurerAPIKey        string
	InsurerWebhookSecret string

	OutboundTimeout time.Duration
	ReminderLead    time.Duration
}

// ProviderSet exposes the config pieces consumed by constructors.
var ProviderSet = wire.NewSet(
	DatabaseConfig,
	NATSConfig,
	RedisConfig,
)

// Load reads the configuration from environment variables.
func Load() (*Config, error) {
	c := &Config{
		Env:                  env("APP_ENV", "development"),
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		DBMaxOpenConns:       envInt("DB_MAX_OPEN_CONNS", 20),
		NATSURL:              env("NATS_URL", "nats://127.0.0.1:4222"),
		RedisAddr:            env("REDIS_ADDR", "127.0.0.1:6379"),
		RedisPassword:        os.Getenv("REDIS_PASSWORD"),
		PublicBaseURL:        env("PUBLIC_BASE_URL", "http://localhost:8080"),
		WorkerConcurrency:    envInt("WORKER_CONCURRENCY", 10),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:           env("SMS_BASE_URL", "https://api.relaytel.example"),
		SMSAccountSID:        os.Getenv("SMS_ACCOUNT_SID"),
		SMSAuthToken:         os.Getenv("SMS_AUTH_TOKEN"),
		SMSFromNumber:        os.Getenv("SMS_FROM_NUMBER"),
		SMSWebhookSecret:     os.Getenv("SMS_WEBHOOK_SECRET"),
		InsurerBaseURL:       env("INSURER_BASE_URL", "https://partners.shieldline.example"),
		InsurerAPIKey:        os.Getenv("INSURER_API_KEY"),
		InsurerWebhookSecret: os.Getenv("INSURER_WEBHOOK_SECRET"),
		OutboundTimeout:      envDuration("OUTBOUND_TIMEOUT", 10*time.Second),
		ReminderLead:         envDuration("REMINDER_LEAD", 24*time.Hour),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

// DB holds database settings.
type DB struct {
	URL          string
	MaxOpenConns int
}

// NATS holds NATS settings.
type NATS struct {
	URL  string
	Name string
}

// Redis holds the asynq redis settings.
type Redis struct {
	Addr     string
	Password string
}

// DatabaseConfig extracts the database section.
func DatabaseConfig(c *Config) DB {
	return DB{URL: c.DatabaseURL, MaxOpenConns: c.DBMaxOpenConns}
}

// NATSConfig extracts the NATS section.
func NATSConfig(c *Config) NATS {
	return NATS{URL: c.NATSURL, Name: "homeservices-" + c.Env}
}

// RedisConfig extracts the redis section.
func RedisConfig(c *Config) Redis {
	return Redis{Addr: c.RedisAddr, Password: c.RedisPassword}
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
