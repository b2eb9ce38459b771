package config

import (
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr        string
	ResellerAddr    string
	GRPCAddr        string
	DatabaseURL     string
	RedisAddr       string
	KafkaBrokers    []string
	KafkaGroupID    string
	SQSQueueURL     string
	SQSNotifyURL    string
	SQSBundleURL    string
	StripeKey       string
	StripeWHSecret  string
	CarrierBaseURL  string
	CarrierAPIKey   string
	CarrierPartner  string
	CarrierTimeout  time.Duration
	WebhookTimeout  time.Duration
	DefaultCurrency string
}

func Load() Config {
	return Config{
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		ResellerAddr:    env("RESELLER_HTTP_ADDR", ":8081"),
		GRPCAddr:        env("GRPC_ADDR", ":9090"),
		DatabaseURL:     env("DATABASE_URL", "postgres://topup:topup@localhost:5432/topup?sslmode=disable"),
		RedisAddr:       env("REDIS_ADDR", "localhost:6379"),
		KafkaBrokers:    strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:    env("KAFKA_GROUP_ID", "topup-service"),
		SQSQueueURL:     env("SQS_QUEUE_URL", ""),
		SQSNotifyURL:    env("SQS_NOTIFY_FIFO_URL", ""),
		SQSBundleURL:    env("SQS_BUNDLE_QUEUE_URL", ""),
		StripeKey:       env("STRIPE_SECRET_KEY", ""),
		StripeWHSecret:  env("STRIPE_WEBHOOK_SECRET", ""),
		CarrierBaseURL:  env("CARRIER_BASE_URL", "https://api.carrier.example/v2"),
		CarrierAPIKey:   env("CARRIER_API_KEY", ""),
		CarrierPartner:  env("CARRIER_PARTNER_ID", ""),
		CarrierTimeout:  duration("CARRIER_TIMEOUT", 15*time.Second),
		WebhookTimeout:  duration("WEBHOOK_TIMEOUT", 10*time.Second),
		DefaultCurrency: env("DEFAULT_CURRENCY", "usd"),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func duration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return time.Duration(secs) * time.Second
	}
	return def
}
