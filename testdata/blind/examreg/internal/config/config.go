// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is everything the binaries need.
type Config struct {
	HTTPAddr string
	DSN      string

	KafkaBrokers     []string
	ResultsTopic     string
	ResultsGroup     string
	SeatEventsTopic  string
	SeatEventsGroup  string
	OutboxInterval   time.Duration
	RefundInterval   time.Duration
	HoldSweepEvery   time.Duration
	HoldTTL          time.Duration
	RegistrationStop time.Duration

	StripeSecretKey     string
	StripeWebhookSecret string
	ScoringSecret       string

	PrintBaseURL       string
	PrintAPIKey        string
	PrintWebhookSecret string

	MailBaseURL string
	MailToken   string
	MailFrom    string
	MailLocale  string

	SMSBaseURL   string
	SMSAccountID string
	SMSAuthToken string
	SMSSender    string

	VoucherMinor int64
}

// Load reads Config, failing on missing required values.
func Load() (Config, error) {
	var missing []string
	req := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			missing = append(missing, k)
		}
		return v
	}
	c := Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DSN:                 req("DATABASE_URL"),
		KafkaBrokers:        strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		ResultsTopic:        env("RESULTS_TOPIC", "exam.results.released"),
		ResultsGroup:        env("RESULTS_GROUP", "certificates"),
		SeatEventsTopic:     env("SEAT_EVENTS_TOPIC", "centre.seat-events"),
		SeatEventsGroup:     env("SEAT_EVENTS_GROUP", "examreg-seating"),
		OutboxInterval:      dur("OUTBOX_INTERVAL", 2*time.Second),
		RefundInterval:      dur("REFUND_INTERVAL", time.Minute),
		HoldSweepEvery:      dur("HOLD_SWEEP_INTERVAL", time.Minute),
		HoldTTL:             dur("HOLD_TTL", 30*time.Minute),
		RegistrationStop:    dur("REGISTRATION_CUTOFF", 72*time.Hour),
		StripeSecretKey:     req("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: req("STRIPE_WEBHOOK_SECRET"),
		ScoringSecret:       req("SCORING_WEBHOOK_SECRET"),
		PrintBaseURL:        req("PRINT_BASE_URL"),
		PrintAPIKey:         req("PRINT_API_KEY"),
		PrintWebhookSecret:  req("PRINT_WEBHOOK_SECRET"),
		MailBaseURL:         req("MAIL_BASE_URL"),
		MailToken:           req("MAIL_TOKEN"),
		MailFrom:            env("MAIL_FROM", "Lexica Exams <noreply@exams.lexica.example>"),
		MailLocale:          env("MAIL_LOCALE", "en-GB"),
		SMSBaseURL:          req("SMS_BASE_URL"),
		SMSAccountID:        req("SMS_ACCOUNT_ID"),
		SMSAuthToken:        req("SMS_AUTH_TOKEN"),
		SMSSender:           env("SMS_SENDER", "LEXICA"),
		VoucherMinor:        int64(num("VOUCHER_MINOR", 5000)),
	}
	if len(missing) > 0 {
		return c, fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func dur(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

func num(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}
