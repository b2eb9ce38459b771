// Package config reads settings from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Config is the union of settings used by the binaries.
type Config struct {
	HTTPAddr    string
	DatabaseURL string

	KafkaBrokers  []string
	KafkaGroup    string
	MovementQueue string
	ManualQueue   string

	StripeKey           string
	StripeWebhookSecret string

	ClearPathURL    string
	ClearPathKey    string
	ClearPathSecret string

	CourierURL   string
	CourierToken string
	CourierFrom  string

	SMSURL      string
	SMSAccount  string
	SMSPassword string
	SMSSender   string

	ShopNetURL    string
	ShopNetKey    string
	ShopNetSecret string

	EDIGatewayToken string
	// SwitchingAPIs maps a railroad SCAC to "url|client_id|secret".
	SwitchingAPIs map[string]string

	SQSWorkers int
}

// Load reads the environment.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		KafkaBrokers:        strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroup:          env("KAFKA_GROUP", "railcars-events"),
		MovementQueue:       os.Getenv("MOVEMENT_QUEUE_URL"),
		ManualQueue:         os.Getenv("MANUAL_MOVEMENT_QUEUE_URL"),
		StripeKey:           os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		ClearPathURL:        env("CLEARPATH_URL", "https://api.clearpath.example"),
		ClearPathKey:        os.Getenv("CLEARPATH_API_KEY"),
		ClearPathSecret:     os.Getenv("CLEARPATH_WEBHOOK_SECRET"),
		CourierURL:          env("COURIER_URL", "https://api.courier.example"),
		CourierToken:        os.Getenv("COURIER_TOKEN"),
		CourierFrom:         env("COURIER_FROM", "billing@ironbridge-leasing.example"),
		SMSURL:              os.Getenv("SMS_GATEWAY_URL"),
		SMSAccount:          os.Getenv("SMS_ACCOUNT"),
		SMSPassword:         os.Getenv("SMS_PASSWORD"),
		SMSSender:           env("SMS_SENDER", "IRONBRIDGE"),
		ShopNetURL:          env("SHOPNET_URL", "https://api.shopnet.example"),
		ShopNetKey:          os.Getenv("SHOPNET_API_KEY"),
		ShopNetSecret:       os.Getenv("SHOPNET_WEBHOOK_SECRET"),
		EDIGatewayToken:     os.Getenv("EDI_GATEWAY_TOKEN"),
		SwitchingAPIs:       map[string]string{},
	}
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		if scac, ok := strings.CutPrefix(k, "SWITCHING_API_"); ok {
			c.SwitchingAPIs[scac] = v
		}
	}
	n, err := strconv.Atoi(env("SQS_WORKERS", "4"))
	if err != nil {
		return nil, fmt.Errorf("SQS_WORKERS: %w", err)
	}
	c.SQSWorkers = n
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
