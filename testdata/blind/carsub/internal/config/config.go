// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads the sections it needs.
type Config struct {
	Env         string
	DatabaseURL string

	GRPCAddr  string
	AdminAddr string
	AdminKeys []string

	Kafka Kafka
	SQS   SQS

	Payments     Provider
	Logistics    Provider
	DeviceVendor Provider
	Insurer      Insurer
	Notifier     Provider

	RenewalBatchSize int
	DispatchInterval time.Duration
}

type Kafka struct {
	Brokers []string
	GroupID string
	Topic   string
}

type SQS struct {
	QueueURL          string
	VisibilityTimeout int32
	WaitTimeSeconds   int32
}

type Provider struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

type Insurer struct {
	Provider
	PolicyNumber string
	PartnerID    string
}

// Load reads the environment. Missing required values are reported together.
func Load() (*Config, error) {
	var missing []string
	req := func(key string) string {
		v := os.Getenv(key)
		if v == "" {
			missing = append(missing, key)
		}
		return v
	}

	cfg := &Config{
		Env:         env("APP_ENV", "development"),
		DatabaseURL: req("DATABASE_URL"),
		GRPCAddr:    env("GRPC_ADDR", ":9090"),
		AdminAddr:   env("ADMIN_ADDR", ":8081"),
		AdminKeys:   splitList(os.Getenv("ADMIN_API_KEYS")),
		Kafka: Kafka{
			Brokers: splitList(env("KAFKA_BROKERS", "localhost:9092")),
			GroupID: env("KAFKA_GROUP_ID", "carsub-telemetry"),
			Topic:   env("KAFKA_TELEMETRY_TOPIC", "vehicle-telemetry.v1"),
		},
		SQS: SQS{
			QueueURL:          os.Getenv("BILLING_EVENTS_QUEUE_URL"),
			VisibilityTimeout: int32(envInt("BILLING_EVENTS_VISIBILITY_SECONDS", 60)),
			WaitTimeSeconds:   int32(envInt("BILLING_EVENTS_WAIT_SECONDS", 20)),
		},
		Payments:     provider("PAYMENTS", "https://api.paywell.example/v1"),
		Logistics:    provider("FLEETMOVE", "https://partners.fleetmove.example"),
		DeviceVendor: provider("TRAKBOX", "https://api.trakbox.example"),
		Insurer: Insurer{
			Provider:     provider("COVERA", "https://partner-api.covera.example"),
			PolicyNumber: os.Getenv("COVERA_POLICY_NUMBER"),
			PartnerID:    os.Getenv("COVERA_PARTNER_ID"),
		},
		Notifier:         provider("RELAYNOTE", "https://api.relaynote.example"),
		RenewalBatchSize: envInt("RENEWAL_BATCH_SIZE", 200),
		DispatchInterval: envDuration("NOTIFY_DISPATCH_INTERVAL", 5*time.Second),
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	return cfg, nil
}

func provider(prefix, defaultURL string) Provider {
	return Provider{
		BaseURL: env(prefix+"_BASE_URL", defaultURL),
		APIKey:  os.Getenv(prefix + "_API_KEY"),
		Timeout: envDuration(prefix+"_TIMEOUT", 15*time.Second),
	}
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

func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
