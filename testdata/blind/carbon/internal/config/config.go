package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is loaded from the environment by every binary.
type Config struct {
	DatabaseURL       string
	RedisAddr         string
	NATSURL           string
	HTTPAddr          string
	GRPCAddr          string
	StripeSecretKey   string
	StripeWebhookKey  string
	StripeConnectKey  string
	RegistryBaseURL   string
	RegistryAPIKey    string
	RegistryAccount   string
	RendererBaseURL   string
	RendererToken     string
	MailerBaseURL     string
	MailerToken       string
	MailerFrom        string
	PublicBaseURL     string
	OrderHoldDuration time.Duration
	PlatformFeeBps    int64
	WorkerConcurrency int
}

// Load reads the configuration and reports the first missing required value.
func Load() (*Config, error) {
	c := &Config{
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		RedisAddr:         env("REDIS_ADDR", "127.0.0.1:6379"),
		NATSURL:           env("NATS_URL", "nats://127.0.0.1:4222"),
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		GRPCAddr:          env("GRPC_ADDR", ":9090"),
		StripeSecretKey:   os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookKey:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		StripeConnectKey:  os.Getenv("STRIPE_CONNECT_WEBHOOK_SECRET"),
		RegistryBaseURL:   env("REGISTRY_BASE_URL", "https://api.registry-partner.example"),
		RegistryAPIKey:    os.Getenv("REGISTRY_API_KEY"),
		RegistryAccount:   os.Getenv("REGISTRY_ACCOUNT_ID"),
		RendererBaseURL:   env("RENDERER_BASE_URL", "http://renderer.internal:8000"),
		RendererToken:     os.Getenv("RENDERER_TOKEN"),
		MailerBaseURL:     env("MAILER_BASE_URL", "https://api.mailer.example"),
		MailerToken:       os.Getenv("MAILER_TOKEN"),
		MailerFrom:        env("MAILER_FROM", "certificates@carbonreg.example"),
		PublicBaseURL:     env("PUBLIC_BASE_URL", "https://carbonreg.example"),
		OrderHoldDuration: duration("ORDER_HOLD_DURATION", 30*time.Minute),
		PlatformFeeBps:    int64(integer("PLATFORM_FEE_BPS", 800)),
		WorkerConcurrency: integer("WORKER_CONCURRENCY", 10),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func integer(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func duration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
