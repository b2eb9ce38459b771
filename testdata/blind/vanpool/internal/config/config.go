// Package config loads vanpoold's settings from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"go.uber.org/fx"
)

// Config is the full runtime configuration for vanpoold.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	MigrateOnBoot   bool
	ShutdownTimeout time.Duration

	Payroll              ProviderConfig
	PayrollWebhookSecret string
	Leasing              ProviderConfig
	ACH                  ProviderConfig
	SMS                  SMSConfig
	FuelCard             FuelCardConfig

	River RiverConfig
}

// ProviderConfig is shared by the outbound HTTP providers.
type ProviderConfig struct {
	BaseURL    string
	APIKey     string
	Timeout    time.Duration
	RetryMax   int
	AccountRef string
}

// SMSConfig configures the SMS gateway.
type SMSConfig struct {
	ProviderConfig
	SenderID string
}

// FuelCardConfig configures both inbound channels from the fuel card processor.
type FuelCardConfig struct {
	WebhookSecret string
	Brokers       []string
	Topic         string
	GroupID       string
	// DeclineAlerts turns the driver SMS on declined authorizations on or off.
	DeclineAlerts bool
}

// RiverConfig configures the River job client.
type RiverConfig struct {
	DefaultWorkers   int
	PayrollWorkers   int
	MessagingWorkers int
	LeaseInterval    time.Duration
	CreditInterval   time.Duration
}

// Load reads configuration from the process environment.
func Load() (*Config, error) {
	cfg := &Config{
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		DatabaseURL:     env("DATABASE_URL", "postgres://vanpool:vanpool@localhost:5432/vanpool?sslmode=disable"),
		MigrateOnBoot:   envBool("MIGRATE_ON_BOOT", true),
		ShutdownTimeout: envDuration("SHUTDOWN_TIMEOUT", 20*time.Second),
		Payroll: ProviderConfig{
			BaseURL:    env("PAYROLL_BASE_URL", "https://api.payroll.example.com"),
			APIKey:     os.Getenv("PAYROLL_API_KEY"),
			Timeout:    envDuration("PAYROLL_TIMEOUT", 15*time.Second),
			RetryMax:   envInt("PAYROLL_RETRY_MAX", 3),
			AccountRef: env("PAYROLL_COMPANY_ID", ""),
		},
		PayrollWebhookSecret: os.Getenv("PAYROLL_WEBHOOK_SECRET"),
		Leasing: ProviderConfig{
			BaseURL:    env("LEASING_BASE_URL", "https://fleet.leasing.example.com"),
			APIKey:     os.Getenv("LEASING_API_KEY"),
			Timeout:    envDuration("LEASING_TIMEOUT", 20*time.Second),
			RetryMax:   envInt("LEASING_RETRY_MAX", 2),
			AccountRef: env("LEASING_CUSTOMER_NUMBER", ""),
		},
		ACH: ProviderConfig{
			BaseURL:    env("ACH_BASE_URL", "https://api.ach.example.com"),
			APIKey:     os.Getenv("ACH_API_KEY"),
			Timeout:    envDuration("ACH_TIMEOUT", 15*time.Second),
			RetryMax:   envInt("ACH_RETRY_MAX", 3),
			AccountRef: env("ACH_FUNDING_ACCOUNT", ""),
		},
		SMS: SMSConfig{
			ProviderConfig: ProviderConfig{
				BaseURL: env("SMS_BASE_URL", "https://sms.example.com"),
				APIKey:  os.Getenv("SMS_API_KEY"),
				Timeout: envDuration("SMS_TIMEOUT", 10*time.Second),
			},
			SenderID: env("SMS_SENDER_ID", "VANPOOL"),
		},
		FuelCard: FuelCardConfig{
			WebhookSecret: os.Getenv("FUELCARD_WEBHOOK_SECRET"),
			Brokers:       envList("FUELCARD_KAFKA_BROKERS", "localhost:9092"),
			Topic:         env("FUELCARD_KAFKA_TOPIC", "fuelcard.events"),
			GroupID:       env("FUELCARD_KAFKA_GROUP", "vanpoold-fuel"),
			DeclineAlerts: envBool("FUELCARD_DECLINE_ALERTS", true),
		},
		River: RiverConfig{
			DefaultWorkers:   envInt("RIVER_DEFAULT_WORKERS", 10),
			PayrollWorkers:   envInt("RIVER_PAYROLL_WORKERS", 4),
			MessagingWorkers: envInt("RIVER_MESSAGING_WORKERS", 4),
			LeaseInterval:    envDuration("RIVER_LEASE_INTERVAL", 6*time.Hour),
			CreditInterval:   envDuration("RIVER_CREDIT_EXPIRY_INTERVAL", time.Hour),
		},
	}
	if cfg.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

// Module provides *Config to the fx graph.
var Module = fx.Module("config", fx.Provide(Load))

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envBool(key string, def bool) bool {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return def
	}
	return b
}

func envDuration(key string, def time.Duration) time.Duration {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}

func envList(key, def string) []string {
	raw := env(key, def)
	parts := strings.Split(raw, ",")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
