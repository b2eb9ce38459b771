// Package config loads function configuration from the Lambda environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every function in the programme. Functions only read
// the fields they need; missing optional values fall back to defaults.
type Config struct {
	Stage       string
	DatabaseURL string
	DBMaxConns  int

	RedemptionQueueURL string
	TransferQueueURL   string
	NotifyQueueURL     string
	EventsTopicARN     string
	SMSSenderID        string

	Reservation  ProviderConfig
	HotelPartner ProviderConfig
	PayGateway   ProviderConfig

	GatewayWebhookSecret     string
	ReservationWebhookSecret string
	PartnerWebhookSecret     string

	HTTPTimeout time.Duration
}

// ProviderConfig holds the endpoint and credentials of an external HTTP API.
type ProviderConfig struct {
	BaseURL string
	APIKey  string
}

// Load reads the environment. DATABASE_URL is the only required variable.
func Load() (*Config, error) {
	c := &Config{
		Stage:              env("STAGE", "dev"),
		DatabaseURL:        os.Getenv("DATABASE_URL"),
		DBMaxConns:         envInt("DB_MAX_CONNS", 4),
		RedemptionQueueURL: os.Getenv("REDEMPTION_QUEUE_URL"),
		TransferQueueURL:   os.Getenv("TRANSFER_QUEUE_URL"),
		NotifyQueueURL:     os.Getenv("NOTIFY_QUEUE_URL"),
		EventsTopicARN:     os.Getenv("EVENTS_TOPIC_ARN"),
		SMSSenderID:        env("SMS_SENDER_ID", "NWMILES"),
		Reservation: ProviderConfig{
			BaseURL: env("RESERVATION_BASE_URL", "https://res.internal.northwind-air.example"),
			APIKey:  os.Getenv("RESERVATION_API_KEY"),
		},
		HotelPartner: ProviderConfig{
			BaseURL: env("HOTEL_PARTNER_BASE_URL", "https://loyalty-gw.hotelgroup.example"),
			APIKey:  os.Getenv("HOTEL_PARTNER_API_KEY"),
		},
		PayGateway: ProviderConfig{
			BaseURL: env("PAYGW_BASE_URL", "https://api.paygate.example"),
			APIKey:  os.Getenv("PAYGW_SECRET_KEY"),
		},
		GatewayWebhookSecret:     os.Getenv("PAYGW_WEBHOOK_SECRET"),
		ReservationWebhookSecret: os.Getenv("RESERVATION_WEBHOOK_SECRET"),
		PartnerWebhookSecret:     os.Getenv("PARTNER_WEBHOOK_SECRET"),
		HTTPTimeout:              time.Duration(envInt("HTTP_TIMEOUT_MS", 8000)) * time.Millisecond,
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}
