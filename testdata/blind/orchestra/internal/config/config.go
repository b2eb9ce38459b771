// Package config loads runtime settings from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads only the parts it needs.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	RedisAddr   string

	KafkaBrokers []string
	KafkaGroupID string
	KafkaTopic   string

	StripeSecretKey string
	Currency        string

	MailerBaseURL string
	MailerAPIKey  string
	MailFrom      string
	MailDomain    string

	SMSBaseURL    string
	SMSAccountSID string
	SMSAuthToken  string
	SMSFrom       string

	MailHouseBaseURL string
	MailHouseAPIKey  string

	MatchPointBaseURL string
	MatchPointAPIKey  string

	PayoutBankBaseURL string
	PayoutBankAPIKey  string

	WorkerConcurrency int
	ProviderTimeout   time.Duration
	ExchangeCreditTTL time.Duration
}

// Load reads the configuration from environment variables, applying
// defaults suitable for local development.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		DatabaseURL:       env("DATABASE_URL", "postgres://encore:encore@localhost:5432/encore?sslmode=disable"),
		RedisAddr:         env("REDIS_ADDR", "localhost:6379"),
		KafkaBrokers:      strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:      env("KAFKA_GROUP_ID", "encore-boxoffice"),
		KafkaTopic:        env("KAFKA_TOPIC", "boxoffice.events"),
		StripeSecretKey:   os.Getenv("STRIPE_SECRET_KEY"),
		Currency:          env("CURRENCY", "usd"),
		MailerBaseURL:     env("MAILER_BASE_URL", "https://api.relaymail.example"),
		MailerAPIKey:      os.Getenv("MAILER_API_KEY"),
		MailFrom:          env("MAIL_FROM", "Harborlight Symphony <boxoffice@harborlightsymphony.org>"),
		MailDomain:        env("MAIL_DOMAIN", "mail.harborlightsymphony.org"),
		SMSBaseURL:        env("SMS_BASE_URL", "https://api.textbridge.example"),
		SMSAccountSID:     os.Getenv("SMS_ACCOUNT_SID"),
		SMSAuthToken:      os.Getenv("SMS_AUTH_TOKEN"),
		SMSFrom:           env("SMS_FROM", "+15555550142"),
		MailHouseBaseURL:  env("MAILHOUSE_BASE_URL", "https://jobs.printwell.example"),
		MailHouseAPIKey:   os.Getenv("MAILHOUSE_API_KEY"),
		MatchPointBaseURL: env("MATCHPOINT_BASE_URL", "https://api.matchpoint.example"),
		MatchPointAPIKey:  os.Getenv("MATCHPOINT_API_KEY"),
		PayoutBankBaseURL: env("PAYOUT_BANK_BASE_URL", "https://api.ledgerline.example"),
		PayoutBankAPIKey:  os.Getenv("PAYOUT_BANK_API_KEY"),
	}

	var err error
	if c.WorkerConcurrency, err = envInt("WORKER_CONCURRENCY", 10); err != nil {
		return Config{}, err
	}
	if c.ProviderTimeout, err = envDuration("PROVIDER_TIMEOUT", 15*time.Second); err != nil {
		return Config{}, err
	}
	if c.ExchangeCreditTTL, err = envDuration("EXCHANGE_CREDIT_TTL", 365*24*time.Hour); err != nil {
		return Config{}, err
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return n, nil
}

func envDuration(key string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return d, nil
}
