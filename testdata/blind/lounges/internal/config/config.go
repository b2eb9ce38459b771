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
	HTTPAddr             string
	DatabaseURL          string
	MigrationsPath       string
	RedisAddr            string
	RedisPassword        string
	KafkaBrokers         []string
	VisitsTopic          string
	DisruptionsTopic     string
	DisruptionsGroup     string
	StripeSecretKey      string
	StripePaymentsSecret string
	StripeBillingSecret  string
	CardNetBaseURL       string
	CardNetAPIKey        string
	NotifyBaseURL        string
	NotifyAPIKey         string
	SMSBaseURL           string
	SMSAccount           string
	SMSToken             string
	SMSFrom              string
	AirlineClientID      string
	AirlineClientSecret  string
	AdminToken           string
	PartnerTokens        map[string]string
	WorkerConcurrency    int
	ProviderTimeout      time.Duration
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		MigrationsPath:       env("MIGRATIONS_PATH", "file://migrations"),
		RedisAddr:            env("REDIS_ADDR", "127.0.0.1:6379"),
		RedisPassword:        os.Getenv("REDIS_PASSWORD"),
		KafkaBrokers:         split(env("KAFKA_BROKERS", "127.0.0.1:9092")),
		VisitsTopic:          env("KAFKA_VISITS_TOPIC", "lounge.visits.v1"),
		DisruptionsTopic:     env("KAFKA_DISRUPTIONS_TOPIC", "ops.flight-disruptions.v1"),
		DisruptionsGroup:     env("KAFKA_DISRUPTIONS_GROUP", "loungepass-disruptions"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripePaymentsSecret: os.Getenv("STRIPE_WEBHOOK_SECRET_PAYMENTS"),
		StripeBillingSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET_BILLING"),
		CardNetBaseURL:       env("CARDNET_BASE_URL", "https://benefits.cardnet.example"),
		CardNetAPIKey:        os.Getenv("CARDNET_API_KEY"),
		NotifyBaseURL:        env("NOTIFY_BASE_URL", "https://api.notify.example"),
		NotifyAPIKey:         os.Getenv("NOTIFY_API_KEY"),
		SMSBaseURL:           env("SMS_BASE_URL", "https://sms.example"),
		SMSAccount:           os.Getenv("SMS_ACCOUNT"),
		SMSToken:             os.Getenv("SMS_TOKEN"),
		SMSFrom:              env("SMS_FROM", "LOUNGEPASS"),
		AirlineClientID:      os.Getenv("AIRLINE_BILLING_CLIENT_ID"),
		AirlineClientSecret:  os.Getenv("AIRLINE_BILLING_CLIENT_SECRET"),
		AdminToken:           os.Getenv("ADMIN_TOKEN"),
		PartnerTokens:        pairs(os.Getenv("PARTNER_TOKENS")),
	}
	var err error
	if c.WorkerConcurrency, err = strconv.Atoi(env("WORKER_CONCURRENCY", "10")); err != nil {
		return c, fmt.Errorf("WORKER_CONCURRENCY: %w", err)
	}
	if c.ProviderTimeout, err = time.ParseDuration(env("PROVIDER_TIMEOUT", "15s")); err != nil {
		return c, fmt.Errorf("PROVIDER_TIMEOUT: %w", err)
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

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// pairs parses "AA=token1,BA=token2" into a map keyed by airline code.
func pairs(s string) map[string]string {
	out := map[string]string{}
	for _, p := range split(s) {
		k, v, ok := strings.Cut(p, "=")
		if ok {
			out[strings.ToUpper(strings.TrimSpace(k))] = strings.TrimSpace(v)
		}
	}
	return out
}
