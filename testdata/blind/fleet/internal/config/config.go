// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is read once at start-up and passed by value.
type Config struct {
	HTTPAddr, AdminAddr    string
	DatabaseURL, RedisAddr string
	KafkaBrokers           []string
	KafkaGroup             string

	AWSRegion        string
	FinesQueueURL    string
	NoticesQueueURL  string
	PaymentsQueueURL string // FIFO queue

	StripeKey, Currency                   string
	InsurerURL, InsurerKey, InsurerPolicy string
	WorkshopURL, WorkshopToken            string
	SMSURL, SMSKey, SMSSender             string
	MailURL, MailKey, MailFrom            string
	FineAdminFeeCents                     int64
	ProviderTimeout                       time.Duration
	WorkerConcurrency                     int
}

// Load builds a Config from environment variables.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		AdminAddr:         env("ADMIN_ADDR", "127.0.0.1:8081"),
		DatabaseURL:       env("DATABASE_URL", ""),
		RedisAddr:         env("REDIS_ADDR", "127.0.0.1:6379"),
		KafkaBrokers:      strings.Split(env("KAFKA_BROKERS", "127.0.0.1:9092"), ","),
		KafkaGroup:        env("KAFKA_GROUP", "fleet-worker"),
		AWSRegion:         env("AWS_REGION", "eu-west-1"),
		FinesQueueURL:     env("FINES_QUEUE_URL", ""),
		NoticesQueueURL:   env("NOTICES_QUEUE_URL", ""),
		PaymentsQueueURL:  env("PAYMENTS_QUEUE_URL", ""),
		StripeKey:         env("STRIPE_SECRET_KEY", ""),
		Currency:          env("CURRENCY", "eur"),
		InsurerURL:        env("INSURER_URL", "https://claims.example-insurer.test"),
		InsurerKey:        env("INSURER_API_KEY", ""),
		InsurerPolicy:     env("INSURER_POLICY", ""),
		WorkshopURL:       env("WORKSHOP_URL", "https://api.example-workshop.test"),
		WorkshopToken:     env("WORKSHOP_TOKEN", ""),
		SMSURL:            env("SMS_URL", "https://sms.example-gateway.test"),
		SMSKey:            env("SMS_KEY", ""),
		SMSSender:         env("SMS_SENDER", "FLEET"),
		MailURL:           env("MAIL_URL", "https://mail.example-relay.test"),
		MailKey:           env("MAIL_KEY", ""),
		MailFrom:          env("MAIL_FROM", "no-reply@fleet.example"),
		FineAdminFeeCents: int64(envInt("FINE_ADMIN_FEE_CENTS", 1500)),
		ProviderTimeout:   time.Duration(envInt("PROVIDER_TIMEOUT_MS", 10000)) * time.Millisecond,
		WorkerConcurrency: envInt("WORKER_CONCURRENCY", 10),
	}
	for name, v := range map[string]string{"DATABASE_URL": c.DatabaseURL, "STRIPE_SECRET_KEY": c.StripeKey, "PAYMENTS_QUEUE_URL": c.PaymentsQueueURL} {
		if v == "" {
			return Config{}, fmt.Errorf("config: %s is required", name)
		}
	}
	return c, nil
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}
