// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads only the parts it needs.
type Config struct {
	HTTPAddr             string
	DatabaseURL          string
	DBMaxOpenConns       int
	KafkaBrokers         []string
	KafkaGroupID         string
	PaymentsTopic        string
	ShipmentsTopic       string
	StripeKey            string
	StripeWebhookSecret  string
	CarrierBaseURL       string
	CarrierAPIKey        string
	CarrierWebhookSecret string
	CarrierAccount       string
	AgeVerifyURL         string
	AgeVerifyKey         string
	RegulatorURL         string
	RegulatorToken       string
	LicenseNumber        string
	MessagingURL         string
	MessagingKey         string
	SenderNumber         string
	Warehouse            Address
	ShutdownTimeout      time.Duration
}

// Address is the warehouse origin used on carrier labels.
type Address struct {
	Name       string
	Line1      string
	City       string
	State      string
	PostalCode string
	Phone      string
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	var missing []string
	req := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			missing = append(missing, k)
		}
		return v
	}
	cfg := Config{
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		DatabaseURL:          req("DATABASE_URL"),
		DBMaxOpenConns:       envInt("DB_MAX_OPEN_CONNS", 20),
		KafkaBrokers:         strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:         env("KAFKA_GROUP_ID", "wineclub-consumer"),
		PaymentsTopic:        env("KAFKA_PAYMENTS_TOPIC", "wineclub.payments"),
		ShipmentsTopic:       env("KAFKA_SHIPMENTS_TOPIC", "wineclub.shipments"),
		StripeKey:            req("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		CarrierBaseURL:       env("CARRIER_BASE_URL", "https://api.shipright.example/v2"),
		CarrierAPIKey:        req("CARRIER_API_KEY"),
		CarrierWebhookSecret: os.Getenv("CARRIER_WEBHOOK_SECRET"),
		CarrierAccount:       env("CARRIER_ACCOUNT", "default"),
		AgeVerifyURL:         env("AGEVERIFY_URL", "https://api.verifyage.example"),
		AgeVerifyKey:         os.Getenv("AGEVERIFY_KEY"),
		RegulatorURL:         env("REGULATOR_URL", "https://filings.compliancehub.example"),
		RegulatorToken:       os.Getenv("REGULATOR_TOKEN"),
		LicenseNumber:        env("DTC_LICENSE_NUMBER", "DS-000000"),
		MessagingURL:         env("MESSAGING_URL", "https://api.textline.example"),
		MessagingKey:         os.Getenv("MESSAGING_KEY"),
		SenderNumber:         env("SMS_SENDER", "+15005550006"),
		Warehouse: Address{
			Name:       env("WAREHOUSE_NAME", "Vinoteca Cellars"),
			Line1:      env("WAREHOUSE_LINE1", "100 Barrel Rd"),
			City:       env("WAREHOUSE_CITY", "Napa"),
			State:      env("WAREHOUSE_STATE", "CA"),
			PostalCode: env("WAREHOUSE_ZIP", "94558"),
			Phone:      env("WAREHOUSE_PHONE", "+17075550100"),
		},
		ShutdownTimeout: time.Duration(envInt("SHUTDOWN_TIMEOUT_SECONDS", 15)) * time.Second,
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	return cfg, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
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
