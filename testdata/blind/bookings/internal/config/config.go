// Package config reads the service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the full service configuration.
type Config struct {
	HTTPAddr       string
	DatabaseURL    string
	MigrationsDir  string
	RedisAddr      string
	KafkaBrokers   []string
	StripeKey      string
	StripeWebhook  string
	TicketingURL   string
	TicketingKey   string
	TicketingHMAC  string
	CallbackURL    string
	SMSURL         string
	SMSKey         string
	MailRelayURL   string
	MailFrom       string
	DisplayURLTmpl string
	DisplayToken   string
	OpsToken       string
	Currency       string
	HoldTTL        time.Duration
	Timezone       string
	SettlementCron string
}

// Load reads Config from the environment.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:       env("HTTP_ADDR", ":8080"),
		DatabaseURL:    os.Getenv("DATABASE_URL"),
		MigrationsDir:  env("MIGRATIONS_DIR", "db/migrations"),
		RedisAddr:      env("REDIS_ADDR", "localhost:6379"),
		KafkaBrokers:   strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		StripeKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhook:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		TicketingURL:   env("TICKETING_URL", "https://partner-ticketing.invalid"),
		TicketingKey:   os.Getenv("TICKETING_API_KEY"),
		TicketingHMAC:  os.Getenv("TICKETING_CALLBACK_SECRET"),
		CallbackURL:    env("TICKETING_CALLBACK_URL", "https://bookings.meridianrail.invalid/partners/ticketing/callback"),
		SMSURL:         env("SMS_GATEWAY_URL", "https://sms.invalid"),
		SMSKey:         os.Getenv("SMS_API_KEY"),
		MailRelayURL:   env("MAIL_RELAY_URL", "http://mail-relay.internal"),
		MailFrom:       env("MAIL_FROM", "tickets@meridianrail.invalid"),
		DisplayURLTmpl: env("DISPLAY_URL_TEMPLATE", "http://displays.internal/stations/%s/seatmap"),
		DisplayToken:   os.Getenv("DISPLAY_TOKEN"),
		OpsToken:       os.Getenv("OPS_TOKEN"),
		Currency:       env("CURRENCY", "eur"),
		Timezone:       env("OPERATOR_TZ", "Europe/Amsterdam"),
		SettlementCron: env("SETTLEMENT_CRON", "30 2 * * *"),
	}
	ttl, err := strconv.Atoi(env("HOLD_TTL_SECONDS", "720"))
	if err != nil {
		return nil, fmt.Errorf("HOLD_TTL_SECONDS: %w", err)
	}
	c.HoldTTL = time.Duration(ttl) * time.Second
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
