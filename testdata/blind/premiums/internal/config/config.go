// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	DatabaseURL string
	HTTPAddr    string

	StripeSecretKey     string
	StripeWebhookSecret string

	BankBaseURL    string
	BankAPIKey     string
	BankSigningKey string

	MessagingBaseURL string
	MessagingAPIKey  string
	MessagingSender  string

	VetNetBaseURL       string
	VetNetAPIKey        string
	VetNetWebhookSecret string

	BlobBaseURL string
	BlobToken   string

	KafkaBrokers []string
	KafkaGroup   string

	WorkerConcurrency int
	ShutdownTimeout   time.Duration
}

func Load() (Config, error) {
	c := Config{
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		HTTPAddr:            getenv("HTTP_ADDR", ":8080"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		BankBaseURL:         getenv("BANK_BASE_URL", "https://api.bank-partner.example"),
		BankAPIKey:          os.Getenv("BANK_API_KEY"),
		BankSigningKey:      os.Getenv("BANK_WEBHOOK_SIGNING_KEY"),
		MessagingBaseURL:    getenv("MESSAGING_BASE_URL", "https://api.messaging.example"),
		MessagingAPIKey:     os.Getenv("MESSAGING_API_KEY"),
		MessagingSender:     getenv("MESSAGING_SENDER", "PawSure"),
		VetNetBaseURL:       getenv("VETNET_BASE_URL", "https://partners.vetnet.example"),
		VetNetAPIKey:        os.Getenv("VETNET_API_KEY"),
		VetNetWebhookSecret: os.Getenv("VETNET_WEBHOOK_SECRET"),
		BlobBaseURL:         getenv("BLOB_BASE_URL", "https://blobs.internal.example"),
		BlobToken:           os.Getenv("BLOB_TOKEN"),
		KafkaBrokers:        strings.Split(getenv("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroup:          getenv("KAFKA_GROUP", "premiums-consumer"),
		WorkerConcurrency:   getint("WORKER_CONCURRENCY", 20),
		ShutdownTimeout:     15 * time.Second,
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func getenv(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func getint(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}
