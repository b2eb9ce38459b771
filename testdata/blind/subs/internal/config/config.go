// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr string
	GRPCAddr string

	DatabaseURL  string
	MaxOpenConns int

	NATSURL      string
	KafkaBrokers []string
	KafkaGroup   string
	RedisAddr    string

	AWSRegion   string
	TaxQueueURL string

	StripeSecretKey     string
	StripeWebhookSecret string

	TaxAPIBaseURL string
	TaxAPIKey     string

	MailEndpoint string
	MailAPIKey   string
	MailFrom     string

	WebhookTimeout time.Duration
}

func getenv(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func getint(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

// FromEnv reads the configuration; required keys must be present.
func FromEnv() (Config, error) {
	c := Config{
		HTTPAddr:            getenv("HTTP_ADDR", ":8080"),
		GRPCAddr:            getenv("GRPC_ADDR", ":9090"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		MaxOpenConns:        getint("DB_MAX_OPEN_CONNS", 20),
		NATSURL:             getenv("NATS_URL", "nats://127.0.0.1:4222"),
		KafkaBrokers:        strings.Split(getenv("KAFKA_BROKERS", "127.0.0.1:9092"), ","),
		KafkaGroup:          getenv("KAFKA_GROUP", "meterly-subs"),
		RedisAddr:           getenv("REDIS_ADDR", "127.0.0.1:6379"),
		AWSRegion:           getenv("AWS_REGION", "us-east-1"),
		TaxQueueURL:         os.Getenv("TAX_QUEUE_URL"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		TaxAPIBaseURL:       getenv("TAX_API_BASE_URL", "https://api.taxpartner.example"),
		TaxAPIKey:           os.Getenv("TAX_API_KEY"),
		MailEndpoint:        getenv("MAIL_ENDPOINT", "https://mail.example"),
		MailAPIKey:          os.Getenv("MAIL_API_KEY"),
		MailFrom:            getenv("MAIL_FROM", "billing@meterly.example"),
		WebhookTimeout:      time.Duration(getint("WEBHOOK_TIMEOUT_SECONDS", 10)) * time.Second,
	}
	var missing []string
	for k, v := range map[string]string{
		"DATABASE_URL":      c.DatabaseURL,
		"STRIPE_SECRET_KEY": c.StripeSecretKey,
		"TAX_QUEUE_URL":     c.TaxQueueURL,
	} {
		if v == "" {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return c, fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	return c, nil
}
