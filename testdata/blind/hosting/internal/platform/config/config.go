// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads only the fields it needs.
type Config struct {
	Env      string
	HTTPAddr string

	DatabaseURL     string
	DatabaseMaxOpen int

	KafkaBrokers       []string
	KafkaConsumerGroup string

	TemporalHostPort  string
	TemporalNamespace string
	TemporalTaskQueue string

	StripeSecretKey     string
	StripeWebhookSecret string
	Currency            string

	DatacenterBaseURL       string
	DatacenterToken         string
	DatacenterWebhookSecret string

	MailerBaseURL string
	MailerAPIKey  string
	MailFrom      string

	AWSRegion            string
	VolumeUsageQueueURL  string
	UsageIngestQueueURL  string
	UsagePollWaitSeconds int32

	AdminToken   string
	CronInterval time.Duration
}

// Load reads the configuration from environment variables.
func Load() (*Config, error) {
	cfg := &Config{
		Env:                     env("APP_ENV", "development"),
		HTTPAddr:                env("HTTP_ADDR", ":8080"),
		DatabaseURL:             env("DATABASE_URL", ""),
		DatabaseMaxOpen:         envInt("DATABASE_MAX_OPEN", 20),
		KafkaBrokers:            strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaConsumerGroup:      env("KAFKA_CONSUMER_GROUP", "hosting-events"),
		TemporalHostPort:        env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace:       env("TEMPORAL_NAMESPACE", "default"),
		TemporalTaskQueue:       env("TEMPORAL_TASK_QUEUE", "provisioning"),
		StripeSecretKey:         env("STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret:     env("STRIPE_WEBHOOK_SECRET", ""),
		Currency:                env("BILLING_CURRENCY", "eur"),
		DatacenterBaseURL:       env("DATACENTER_BASE_URL", "https://api.dc.example.net"),
		DatacenterToken:         env("DATACENTER_TOKEN", ""),
		DatacenterWebhookSecret: env("DATACENTER_WEBHOOK_SECRET", ""),
		MailerBaseURL:           env("MAILER_BASE_URL", "https://mail.example.net"),
		MailerAPIKey:            env("MAILER_API_KEY", ""),
		MailFrom:                env("MAIL_FROM", "Nimbusrack <billing@nimbusrack.example>"),
		AWSRegion:               env("AWS_REGION", "eu-central-1"),
		VolumeUsageQueueURL:     env("VOLUME_USAGE_QUEUE_URL", ""),
		UsageIngestQueueURL:     env("USAGE_INGEST_QUEUE_URL", ""),
		UsagePollWaitSeconds:    int32(envInt("USAGE_POLL_WAIT_SECONDS", 20)),
		AdminToken:              env("ADMIN_TOKEN", ""),
		CronInterval:            envDuration("CRON_INTERVAL", time.Hour),
	}
	if cfg.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v := env(key, "")
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
	v := env(key, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
