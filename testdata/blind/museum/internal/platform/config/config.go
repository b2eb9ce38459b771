// Package config loads service configuration from the environment.
package config

import (
	"os"
	"strings"
	"time"
)

type Database struct {
	DSN          string
	MaxOpenConns int
}

type Kafka struct {
	Brokers       []string
	ConsumerGroup string
	// Driver is "kafka" in deployed environments and "gochannel" for local runs.
	Driver string
}

type Temporal struct {
	HostPort  string
	Namespace string
	TaskQueue string
}

type Payments struct {
	BaseURL         string
	APIKey          string
	MerchantAccount string
	HMACKey         string
	Timeout         time.Duration
}

type Fulfilment struct {
	BaseURL       string
	APIKey        string
	AccountID     string
	WebhookSecret string
	Timeout       time.Duration
}

type Messaging struct {
	BaseURL   string
	APIKey    string
	FromEmail string
	FromSMS   string
	Timeout   time.Duration
}

type Config struct {
	Env          string
	HTTPAddr     string
	MetricsAddr  string
	Database     Database
	Kafka        Kafka
	Temporal     Temporal
	Payments     Payments
	Fulfilment   Fulfilment
	Messaging    Messaging
	TicketSecret string
	HoldTTL      time.Duration
}

func Load() (*Config, error) {
	return &Config{
		Env:         env("APP_ENV", "development"),
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		MetricsAddr: env("METRICS_ADDR", ":9090"),
		Database:    Database{DSN: env("DATABASE_URL", "postgres://museum:museum@localhost:5432/museum?sslmode=disable"), MaxOpenConns: 20},
		Kafka: Kafka{
			Brokers:       strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
			ConsumerGroup: env("KAFKA_CONSUMER_GROUP", "visitor-platform"),
			Driver:        env("PUBSUB_DRIVER", "kafka"),
		},
		Temporal: Temporal{
			HostPort:  env("TEMPORAL_HOSTPORT", "localhost:7233"),
			Namespace: env("TEMPORAL_NAMESPACE", "museum"),
			TaskQueue: env("TEMPORAL_TASK_QUEUE", "membership-renewals"),
		},
		Payments: Payments{
			BaseURL:         env("PSP_BASE_URL", "https://checkout-test.paygate.example/v71"),
			APIKey:          os.Getenv("PSP_API_KEY"),
			MerchantAccount: env("PSP_MERCHANT_ACCOUNT", "NorthgateMuseumsECOM"),
			HMACKey:         os.Getenv("PSP_HMAC_KEY"),
			Timeout:         duration("PSP_TIMEOUT", 15*time.Second),
		},
		Fulfilment: Fulfilment{
			BaseURL:       env("FULFILMENT_BASE_URL", "https://api.parcelway.example/api/v2"),
			APIKey:        os.Getenv("FULFILMENT_API_KEY"),
			AccountID:     env("FULFILMENT_ACCOUNT_ID", "northgate"),
			WebhookSecret: os.Getenv("FULFILMENT_WEBHOOK_SECRET"),
			Timeout:       duration("FULFILMENT_TIMEOUT", 20*time.Second),
		},
		Messaging: Messaging{
			BaseURL:   env("MESSAGING_BASE_URL", "https://api.postbox.example/v1"),
			APIKey:    os.Getenv("MESSAGING_API_KEY"),
			FromEmail: env("MESSAGING_FROM_EMAIL", "tickets@northgatemuseums.org.uk"),
			FromSMS:   env("MESSAGING_FROM_SMS", "Northgate"),
			Timeout:   duration("MESSAGING_TIMEOUT", 10*time.Second),
		},
		TicketSecret: os.Getenv("TICKET_BARCODE_SECRET"),
		HoldTTL:      duration("TICKET_HOLD_TTL", 15*time.Minute),
	}, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func duration(key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return d
	}
	return def
}
