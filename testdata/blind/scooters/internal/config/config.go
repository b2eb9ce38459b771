// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each uses the parts it needs.
type Config struct {
	HTTPAddr            string
	DatabaseURL         string
	StripeSecretKey     string
	StripeWebhookSecret string
	Currency            string

	RegulatorBaseURL string
	RegulatorToken   string

	SMSBaseURL  string
	SMSAPIKey   string
	SMSSenderID string

	GatewayBaseURL string
	GatewayAPIKey  string

	TelematicsQueueURL string
	TelematicsWorkers  int

	RiverWorkers      int
	TripReportZones   []string
	ParkingFineCents  int64
	LowBatteryPercent int
	ShutdownTimeout   time.Duration
}

// Load reads the environment. Required values missing are an error.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		Currency:            env("BILLING_CURRENCY", "eur"),
		RegulatorBaseURL:    env("REGULATOR_BASE_URL", "https://mobility-data.example-city.gov"),
		RegulatorToken:      os.Getenv("REGULATOR_TOKEN"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://api.pigeonsms.example"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		SMSSenderID:         env("SMS_SENDER_ID", "Kickvolt"),
		GatewayBaseURL:      env("FLEET_GATEWAY_URL", "https://gw.fleet.internal"),
		GatewayAPIKey:       os.Getenv("FLEET_GATEWAY_KEY"),
		TelematicsQueueURL:  os.Getenv("TELEMATICS_QUEUE_URL"),
		TelematicsWorkers:   envInt("TELEMATICS_WORKERS", 4),
		RiverWorkers:        envInt("RIVER_WORKERS", 20),
		TripReportZones:     strings.Split(env("TRIP_REPORT_ZONES", "ber-mitte,ber-kreuzberg"), ","),
		ParkingFineCents:    int64(envInt("PARKING_FINE_CENTS", 2500)),
		LowBatteryPercent:   envInt("LOW_BATTERY_PERCENT", 15),
		ShutdownTimeout:     20 * time.Second,
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}
