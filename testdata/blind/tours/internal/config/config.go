// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/larkspur-travel/tourdesk/internal/platform/db"
	"github.com/larkspur-travel/tourdesk/internal/provider/mailer"
	"github.com/larkspur-travel/tourdesk/internal/provider/stripepay"
	"github.com/larkspur-travel/tourdesk/internal/provider/supplierapi"
	"github.com/larkspur-travel/tourdesk/internal/service"
)

// Config is the whole process configuration.
type Config struct {
	HTTPAddr          string
	LogLevel          string
	RedisAddr         string
	RedisPassword     string
	RedisDB           int
	WorkerConcurrency int
	ShutdownTimeout   time.Duration

	DB       db.Config
	Stripe   stripepay.Config
	Supplier supplierapi.Config
	Mailer   mailer.Config
	Booking  service.BookingConfig
}

// Load reads the configuration.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		LogLevel:          env("LOG_LEVEL", "info"),
		RedisAddr:         env("REDIS_ADDR", "localhost:6379"),
		RedisPassword:     os.Getenv("REDIS_PASSWORD"),
		RedisDB:           envInt("REDIS_DB", 0),
		WorkerConcurrency: envInt("WORKER_CONCURRENCY", 10),
		ShutdownTimeout:   envDuration("SHUTDOWN_TIMEOUT", 20*time.Second),
		DB: db.Config{
			DSN:             os.Getenv("DATABASE_URL"),
			MaxOpenConns:    envInt("DB_MAX_OPEN_CONNS", 20),
			MaxIdleConns:    envInt("DB_MAX_IDLE_CONNS", 5),
			ConnMaxLifetime: envDuration("DB_CONN_MAX_LIFETIME", 30*time.Minute),
		},
		Stripe: stripepay.Config{
			SecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
			WebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
			ReturnURL:     env("STRIPE_RETURN_URL", "https://larkspur.travel/checkout/return"),
			Timeout:       envDuration("STRIPE_TIMEOUT", 30*time.Second),
		},
		Supplier: supplierapi.Config{
			BaseURL:       env("PARTNER_GATEWAY_URL", "https://partners.example-gateway.net"),
			APIKey:        os.Getenv("PARTNER_GATEWAY_KEY"),
			WebhookSecret: os.Getenv("PARTNER_GATEWAY_WEBHOOK_SECRET"),
			RetryMax:      envInt("PARTNER_GATEWAY_RETRIES", 4),
			Timeout:       envDuration("PARTNER_GATEWAY_TIMEOUT", 15*time.Second),
		},
		Mailer: mailer.Config{
			BaseURL:     env("MAILER_URL", "https://api.mailer.example"),
			ServerToken: os.Getenv("MAILER_TOKEN"),
			From:        env("MAILER_FROM", "Larkspur Travel <trips@larkspur.travel>"),
			Stream:      env("MAILER_STREAM", "outbound"),
		},
		Booking: service.BookingConfig{
			HoldWindow: envDuration("BOOKING_HOLD_WINDOW", 30*time.Minute),
		},
	}
	if c.DB.DSN == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
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
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
