// Package config loads courierpay's runtime configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"go.uber.org/fx"
)

// Config is the process-wide configuration. It is loaded once at start-up and
// passed by value to the constructors that need it.
type Config struct {
	HTTPAddr      string
	DatabaseURL   string
	RunMigrations bool
	MigrationsDir string

	KafkaBrokers       []string
	KafkaConsumerGroup string

	StripeSecretKey     string
	StripeWebhookSecret string

	InsurerBaseURL       string
	InsurerAPIKey        string
	InsurerWebhookSecret string
	InsurerTimeout       time.Duration

	TwilioBaseURL    string
	TwilioAccountSID string
	TwilioAuthToken  string
	TwilioFromNumber string

	Currency string

	// Instant cash-out and advance limits, in cents.
	InstantCashoutFeeCents int64
	CashoutDailyLimitCents int64
	MaxAdvanceCents        int64

	// Weekly installment charged for equipment plans when dispatch does not
	// send one with the issue event.
	DefaultInstallmentCents int64

	// Default insurance plan couriers are enrolled into.
	InsurancePlanCode           string
	InsuranceWeeklyPremiumCents int64
}

// Load reads the configuration from environment variables.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:                    env("HTTP_ADDR", ":8080"),
		DatabaseURL:                 env("DATABASE_URL", "postgres://courierpay:courierpay@localhost:5432/courierpay?sslmode=disable"),
		RunMigrations:               envBool("RUN_MIGRATIONS", true),
		MigrationsDir:               env("MIGRATIONS_DIR", "db/migrations"),
		KafkaBrokers:                strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaConsumerGroup:          env("KAFKA_CONSUMER_GROUP", "courierpay"),
		StripeSecretKey:             os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:         os.Getenv("STRIPE_WEBHOOK_SECRET"),
		InsurerBaseURL:              env("INSURER_BASE_URL", "https://api.ridecover.example/v2"),
		InsurerAPIKey:               os.Getenv("INSURER_API_KEY"),
		InsurerWebhookSecret:        os.Getenv("INSURER_WEBHOOK_SECRET"),
		InsurerTimeout:              envDuration("INSURER_TIMEOUT", 15*time.Second),
		TwilioBaseURL:               env("TWILIO_BASE_URL", "https://api.twilio.com"),
		TwilioAccountSID:            os.Getenv("TWILIO_ACCOUNT_SID"),
		TwilioAuthToken:             os.Getenv("TWILIO_AUTH_TOKEN"),
		TwilioFromNumber:            os.Getenv("TWILIO_FROM_NUMBER"),
		Currency:                    env("PAYOUT_CURRENCY", "usd"),
		InstantCashoutFeeCents:      envInt("INSTANT_CASHOUT_FEE_CENTS", 75),
		CashoutDailyLimitCents:      envInt("CASHOUT_DAILY_LIMIT_CENTS", 50000),
		MaxAdvanceCents:             envInt("MAX_ADVANCE_CENTS", 20000),
		DefaultInstallmentCents:     envInt("DEFAULT_INSTALLMENT_CENTS", 1500),
		InsurancePlanCode:           env("INSURANCE_PLAN_CODE", "RIDER-ACC-STD"),
		InsuranceWeeklyPremiumCents: envInt("INSURANCE_WEEKLY_PREMIUM_CENTS", 900),
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int64) int64 {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return def
	}
	return n
}

func envBool(key string, def bool) bool {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return def
	}
	return b
}

func envDuration(key string, def time.Duration) time.Duration {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}

// Module provides Config to the fx graph.
var Module = fx.Module("config", fx.Provide(Load))
