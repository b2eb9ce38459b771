// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/depotworks/depot/internal/carrier"
)

// Config is the union of every binary's settings.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	LogLevel    slog.Level

	KafkaBrokers []string
	KafkaGroup   string

	TrackingQueueURL string
	AWSRegion        string

	CarrierName    string
	CarrierURL     string
	CarrierKey     string
	CarrierAccount string
	CarrierSite    string

	PSPURL    string
	PSPSecret string
	Currency  string

	TextwireURL    string
	TextwireToken  string
	TextwireSender string

	ReturnFeeCents   int64
	ReservationHold  time.Duration
	OutboundTimeout  time.Duration
	MerchantKeys     map[string]string
	StaffTokens      map[string]string
	WarehouseAddress carrier.Address
}

// Load reads the environment.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:         env("HTTP_ADDR", ":8080"),
		DatabaseURL:      env("DATABASE_URL", ""),
		KafkaBrokers:     split(env("KAFKA_BROKERS", "localhost:9092")),
		KafkaGroup:       env("KAFKA_GROUP", "depot-consumer"),
		TrackingQueueURL: env("TRACKING_QUEUE_URL", ""),
		AWSRegion:        env("AWS_REGION", "us-east-1"),
		CarrierName:      env("CARRIER_NAME", "parcelpath"),
		CarrierURL:       env("CARRIER_URL", "https://api.parcelpath.example"),
		CarrierKey:       env("CARRIER_API_KEY", ""),
		CarrierAccount:   env("CARRIER_ACCOUNT", ""),
		CarrierSite:      env("CARRIER_SITE", "DEPOT1"),
		PSPURL:           env("PSP_URL", "https://api.paystream.example"),
		PSPSecret:        env("PSP_SECRET", ""),
		Currency:         env("BILLING_CURRENCY", "USD"),
		TextwireURL:      env("TEXTWIRE_URL", "https://api.textwire.example"),
		TextwireToken:    env("TEXTWIRE_TOKEN", ""),
		TextwireSender:   env("TEXTWIRE_SENDER", ""),
		MerchantKeys:     pairs(env("MERCHANT_API_KEYS", "")),
		StaffTokens:      pairs(env("STAFF_TOKENS", "")),
		WarehouseAddress: carrier.Address{
			Name:       env("WAREHOUSE_NAME", "Depotworks Fulfilment"),
			Street1:    env("WAREHOUSE_STREET", ""),
			City:       env("WAREHOUSE_CITY", ""),
			State:      env("WAREHOUSE_STATE", ""),
			PostalCode: env("WAREHOUSE_POSTAL_CODE", ""),
			Country:    env("WAREHOUSE_COUNTRY", "US"),
		},
	}
	var err error
	if c.ReturnFeeCents, err = strconv.ParseInt(env("RETURN_FEE_CENTS", "250"), 10, 64); err != nil {
		return c, fmt.Errorf("RETURN_FEE_CENTS: %w", err)
	}
	if c.ReservationHold, err = time.ParseDuration(env("RESERVATION_HOLD", "72h")); err != nil {
		return c, fmt.Errorf("RESERVATION_HOLD: %w", err)
	}
	if c.OutboundTimeout, err = time.ParseDuration(env("OUTBOUND_TIMEOUT", "15s")); err != nil {
		return c, fmt.Errorf("OUTBOUND_TIMEOUT: %w", err)
	}
	if err := c.LogLevel.UnmarshalText([]byte(env("LOG_LEVEL", "info"))); err != nil {
		return c, fmt.Errorf("LOG_LEVEL: %w", err)
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

// Logger builds the process logger.
func (c Config) Logger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: c.LogLevel}))
}

func env(k, def string) string {
	if v, ok := os.LookupEnv(k); ok {
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

// pairs parses "k1=v1,k2=v2".
func pairs(s string) map[string]string {
	out := map[string]string{}
	for _, p := range split(s) {
		k, v, ok := strings.Cut(p, "=")
		if ok {
			out[k] = v
		}
	}
	return out
}
