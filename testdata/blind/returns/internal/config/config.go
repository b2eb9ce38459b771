// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	DBMaxConns      int32
	KafkaBrokers    []string
	KafkaGroupID    string
	InspectionTopic string

	StripeSecretKey     string
	StripeWebhookSecret string

	CarrierBaseURL   string
	CarrierAPIKey    string
	CarrierAccountID string
	CarrierHookKey   string

	OrdersBaseURL string
	OrdersToken   string

	EmailBaseURL  string
	EmailAPIToken string
	EmailFrom     string

	WebhookTimeout  time.Duration
	ReturnWindow    time.Duration
	ReminderAfter   time.Duration
	RiverMaxWorkers int
	ShutdownGrace   time.Duration
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		DBMaxConns:          int32(envInt("DB_MAX_CONNS", 20)),
		KafkaBrokers:        strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:        env("KAFKA_GROUP_ID", "rma-inspections"),
		InspectionTopic:     env("KAFKA_INSPECTION_TOPIC", "warehouse.inspections.v1"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		CarrierBaseURL:      env("CARRIER_BASE_URL", "https://api.shipbridge.example/v2"),
		CarrierAPIKey:       os.Getenv("CARRIER_API_KEY"),
		CarrierAccountID:    os.Getenv("CARRIER_ACCOUNT_ID"),
		CarrierHookKey:      os.Getenv("CARRIER_WEBHOOK_KEY"),
		OrdersBaseURL:       env("ORDERS_BASE_URL", "https://orders.internal.example"),
		OrdersToken:         os.Getenv("ORDERS_API_TOKEN"),
		EmailBaseURL:        env("EMAIL_BASE_URL", "https://mail.internal.example"),
		EmailAPIToken:       os.Getenv("EMAIL_API_TOKEN"),
		EmailFrom:           env("EMAIL_FROM", "returns@northwind.example"),
		WebhookTimeout:      envDuration("WEBHOOK_TIMEOUT", 10*time.Second),
		ReturnWindow:        envDuration("RETURN_WINDOW", 30*24*time.Hour),
		ReminderAfter:       envDuration("LABEL_REMINDER_AFTER", 72*time.Hour),
		RiverMaxWorkers:     envInt("RIVER_MAX_WORKERS", 20),
		ShutdownGrace:       envDuration("SHUTDOWN_GRACE", 20*time.Second),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v, err := strconv.Atoi(os.Getenv(key))
	if err != nil {
		return def
	}
	return v
}

func envDuration(key string, def time.Duration) time.Duration {
	d, err := time.ParseDuration(os.Getenv(key))
	if err != nil {
		return def
	}
	return d
}
