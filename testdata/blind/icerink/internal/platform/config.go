// Package platform holds the cross-cutting plumbing shared by every RinkOps
// binary: configuration, Postgres access, HTTP helpers, ID generation and
// queue helpers.
package platform

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is loaded once per process from the environment.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	Redis       RedisConfig
	Cardpay     CardpayConfig
	IceCare     IceCareConfig
	Fixtures    FixturesConfig
	Partner     PartnerQueueConfig
	SMS         SMSConfig
	Mailer      MailerConfig
	Facilities  FacilitiesConfig
}

type RedisConfig struct {
	Addr     string
	Password string
	DB       int
}

type CardpayConfig struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
}

type IceCareConfig struct {
	BaseURL       string
	Token         string
	WebhookSecret string
	AccountID     string
}

type FixturesConfig struct {
	BaseURL string
	Token   string
	Venue   string
}

type PartnerQueueConfig struct {
	OutboundQueueURL string
	InboundQueueURL  string
	Region           string
}

type SMSConfig struct {
	BaseURL string
	Token   string
	From    string
}

type MailerConfig struct {
	BaseURL string
	Token   string
	From    string
}

// FacilitiesConfig carries the on-call contacts notified about resurfacer
// downtime.
type FacilitiesConfig struct {
	ManagerPhone string
	ManagerEmail string
}

func LoadConfig() (*Config, error) {
	cfg := &Config{
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		DatabaseURL: os.Getenv("DATABASE_URL"),
		Redis: RedisConfig{
			Addr:     env("REDIS_ADDR", "127.0.0.1:6379"),
			Password: os.Getenv("REDIS_PASSWORD"),
			DB:       envInt("REDIS_DB", 0),
		},
		Cardpay: CardpayConfig{
			BaseURL:       env("CARDPAY_BASE_URL", "https://api.cardpay.example/v1"),
			APIKey:        os.Getenv("CARDPAY_API_KEY"),
			WebhookSecret: os.Getenv("CARDPAY_WEBHOOK_SECRET"),
			Timeout:       envDuration("CARDPAY_TIMEOUT", 15*time.Second),
		},
		IceCare: IceCareConfig{
			BaseURL:       env("ICECARE_BASE_URL", "https://api.icecare-services.example"),
			Token:         os.Getenv("ICECARE_TOKEN"),
			WebhookSecret: os.Getenv("ICECARE_WEBHOOK_SECRET"),
			AccountID:     os.Getenv("ICECARE_ACCOUNT_ID"),
		},
		Fixtures: FixturesConfig{
			BaseURL: env("FIXTURES_BASE_URL", "https://fixtures.metrohockey.example/api"),
			Token:   os.Getenv("FIXTURES_TOKEN"),
			Venue:   env("FIXTURES_VENUE_CODE", "FROSTLINE"),
		},
		Partner: PartnerQueueConfig{
			OutboundQueueURL: os.Getenv("PARTNER_OUTBOUND_QUEUE_URL"),
			InboundQueueURL:  os.Getenv("PARTNER_INBOUND_QUEUE_URL"),
			Region:           env("AWS_REGION", "ca-central-1"),
		},
		SMS: SMSConfig{
			BaseURL: env("SMS_BASE_URL", "https://sms.textline.example/v2"),
			Token:   os.Getenv("SMS_TOKEN"),
			From:    env("SMS_FROM", "+15550100"),
		},
		Mailer: MailerConfig{
			BaseURL: env("MAILER_BASE_URL", "https://api.postbox.example"),
			Token:   os.Getenv("MAILER_TOKEN"),
			From:    env("MAILER_FROM", "Frostline Arena <noreply@frostline-arena.example>"),
		},
		Facilities: FacilitiesConfig{
			ManagerPhone: os.Getenv("FACILITIES_MANAGER_PHONE"),
			ManagerEmail: os.Getenv("FACILITIES_MANAGER_EMAIL"),
		},
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
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
