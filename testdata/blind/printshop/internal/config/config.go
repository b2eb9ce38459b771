// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr         string
	GRPCAddr         string
	DatabaseURL      string
	DatabaseMaxConns int
	RedisAddr        string

	AWSRegion            string
	LabelPurchaseQueue   string // FIFO
	LabelVoidQueue       string
	OrderEventsQueue     string
	SQSWaitSeconds       int32
	SQSVisibilityTimeout int32

	ShopWebhookSecret      string
	InkbridgeBaseURL       string
	InkbridgeAPIKey        string
	InkbridgeWebhookSecret string
	PressworksBaseURL      string
	PressworksToken        string
	PressworksSecret       string
	CopperplateBaseURL     string
	CopperplateUser        string
	CopperplatePassword    string
	CopperplateSharedToken string

	CarrierBaseURL       string
	CarrierAPIKey        string
	CarrierWebhookSecret string
	ReturnsAddressID     string
	WarehouseAddressID   string

	PaymentsBaseURL string
	PaymentsAPIKey  string

	WebhookTimeout   time.Duration
	WorkerConcurrent int
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:               env("HTTP_ADDR", ":8080"),
		GRPCAddr:               env("GRPC_ADDR", ":9090"),
		DatabaseURL:            env("DATABASE_URL", ""),
		DatabaseMaxConns:       envInt("DATABASE_MAX_CONNS", 20),
		RedisAddr:              env("REDIS_ADDR", "127.0.0.1:6379"),
		AWSRegion:              env("AWS_REGION", "us-east-1"),
		LabelPurchaseQueue:     env("SQS_LABEL_PURCHASE_URL", ""),
		LabelVoidQueue:         env("SQS_LABEL_VOID_URL", ""),
		OrderEventsQueue:       env("SQS_ORDER_EVENTS_URL", ""),
		SQSWaitSeconds:         int32(envInt("SQS_WAIT_SECONDS", 20)),
		SQSVisibilityTimeout:   int32(envInt("SQS_VISIBILITY_TIMEOUT", 120)),
		ShopWebhookSecret:      env("SHOP_WEBHOOK_SECRET", ""),
		InkbridgeBaseURL:       env("INKBRIDGE_BASE_URL", "https://api.inkbridge.example"),
		InkbridgeAPIKey:        env("INKBRIDGE_API_KEY", ""),
		InkbridgeWebhookSecret: env("INKBRIDGE_WEBHOOK_SECRET", ""),
		PressworksBaseURL:      env("PRESSWORKS_BASE_URL", "https://partners.pressworks.example"),
		PressworksToken:        env("PRESSWORKS_TOKEN", ""),
		PressworksSecret:       env("PRESSWORKS_WEBHOOK_SECRET", ""),
		CopperplateBaseURL:     env("COPPERPLATE_BASE_URL", "https://orders.copperplate.example"),
		CopperplateUser:        env("COPPERPLATE_USER", ""),
		CopperplatePassword:    env("COPPERPLATE_PASSWORD", ""),
		CopperplateSharedToken: env("COPPERPLATE_CALLBACK_TOKEN", ""),
		CarrierBaseURL:         env("CARRIER_BASE_URL", "https://api.parcelpost.example"),
		CarrierAPIKey:          env("CARRIER_API_KEY", ""),
		CarrierWebhookSecret:   env("CARRIER_WEBHOOK_SECRET", ""),
		ReturnsAddressID:       env("CARRIER_RETURNS_ADDRESS_ID", ""),
		WarehouseAddressID:     env("CARRIER_FROM_ADDRESS_ID", ""),
		PaymentsBaseURL:        env("PAYMENTS_BASE_URL", "https://api.tillpay.example"),
		PaymentsAPIKey:         env("PAYMENTS_API_KEY", ""),
		WebhookTimeout:         envDuration("MERCHANT_WEBHOOK_TIMEOUT", 10*time.Second),
		WorkerConcurrent:       envInt("WORKER_CONCURRENCY", 10),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(k, def string) string {
	if v, ok := os.LookupEnv(k); ok && v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	v := os.Getenv(k)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envDuration(k string, def time.Duration) time.Duration {
	v := os.Getenv(k)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
