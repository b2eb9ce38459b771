// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	DatabaseURL string
	GRPCAddr    string
	AdminAddr   string
	AdminToken  string

	KafkaBrokers   []string
	KafkaGroupID   string
	DoorTopic      string
	TelemetryTopic string

	WebhookQueueURL string
	AWSRegion       string

	TextbirdURL    string
	TextbirdKey    string
	TillpointURL   string
	TillpointKey   string
	TillpointAcct  string
	LedgerlineURL  string
	LedgerlineTok  string
	HostPayURL     string
	HostPayID      string
	HostPaySecret  string
	HostPayFunding string
	ReturnLineURL  string
	ReturnLineKey  string
	LockerOSURL    string
	LockerOSToken  string

	ReservationTTL     time.Duration
	PickupWindow       time.Duration
	ExtensionFeeCents  int64
	ReturnWarehouse    string
	MaxExtensionDays   int
	OverdueBatchSize   int
	BillingBatchSize   int
	WebhookConcurrency int
}

func Load() (Config, error) {
	c := Config{
		DatabaseURL:     os.Getenv("DATABASE_URL"),
		GRPCAddr:        env("GRPC_ADDR", ":9090"),
		AdminAddr:       env("ADMIN_ADDR", ":8080"),
		AdminToken:      os.Getenv("ADMIN_TOKEN"),
		KafkaBrokers:    split(env("KAFKA_BROKERS", "localhost:9092")),
		KafkaGroupID:    env("KAFKA_GROUP_ID", "locker-door-consumer"),
		DoorTopic:       env("DOOR_TOPIC", "locker.door-events.v1"),
		TelemetryTopic:  env("TELEMETRY_TOPIC", "locker.telemetry.v1"),
		WebhookQueueURL: os.Getenv("WEBHOOK_QUEUE_URL"),
		AWSRegion:       env("AWS_REGION", "eu-central-1"),
		TextbirdURL:     env("TEXTBIRD_URL", "https://api.textbird.example"),
		TextbirdKey:     os.Getenv("TEXTBIRD_KEY"),
		TillpointURL:    env("TILLPOINT_URL", "https://api.tillpoint.example"),
		TillpointKey:    os.Getenv("TILLPOINT_KEY"),
		TillpointAcct:   os.Getenv("TILLPOINT_MERCHANT"),
		LedgerlineURL:   env("LEDGERLINE_URL", "https://api.ledgerline.example"),
		LedgerlineTok:   os.Getenv("LEDGERLINE_TOKEN"),
		HostPayURL:      env("HOSTPAY_URL", "https://api.hostpay.example"),
		HostPayID:       os.Getenv("HOSTPAY_CLIENT_ID"),
		HostPaySecret:   os.Getenv("HOSTPAY_CLIENT_SECRET"),
		HostPayFunding:  os.Getenv("HOSTPAY_FUNDING_ACCOUNT"),
		ReturnLineURL:   env("RETURNLINE_URL", "https://api.returnline.example"),
		ReturnLineKey:   os.Getenv("RETURNLINE_KEY"),
		LockerOSURL:     env("LOCKEROS_URL", "https://fleet.lockeros.example"),
		LockerOSToken:   os.Getenv("LOCKEROS_TOKEN"),
		ReturnWarehouse: env("RETURN_WAREHOUSE", "DC-NORTH"),
	}
	var err error
	if c.ReservationTTL, err = duration("RESERVATION_TTL", 30*time.Minute); err != nil {
		return c, err
	}
	if c.PickupWindow, err = duration("PICKUP_WINDOW", 72*time.Hour); err != nil {
		return c, err
	}
	if c.ExtensionFeeCents, err = integer[int64]("EXTENSION_FEE_CENTS", 150); err != nil {
		return c, err
	}
	if c.MaxExtensionDays, err = integer[int]("MAX_EXTENSION_DAYS", 3); err != nil {
		return c, err
	}
	if c.OverdueBatchSize, err = integer[int]("OVERDUE_BATCH_SIZE", 200); err != nil {
		return c, err
	}
	if c.BillingBatchSize, err = integer[int]("BILLING_BATCH_SIZE", 500); err != nil {
		return c, err
	}
	if c.WebhookConcurrency, err = integer[int]("WEBHOOK_CONCURRENCY", 4); err != nil {
		return c, err
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
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

func duration(k string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(k)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", k, err)
	}
	return d, nil
}

func integer[T int | int64](k string, def T) (T, error) {
	v := os.Getenv(k)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", k, err)
	}
	return T(n), nil
}
