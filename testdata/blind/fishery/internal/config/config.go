// Package config loads runtime configuration from the environment. Every
// binary in cmd/ reads the same variables; unused sections are ignored.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	Env      string
	HTTP     HTTP
	Database Database
	Redis    Redis
	Kafka    Kafka
	Payments Payments
	Customs  Customs
	PortAuth PortAuth
	Notify   Notify
	Fees     Fees
}

type HTTP struct {
	Addr            string
	ShutdownTimeout time.Duration
}

type Database struct {
	DSN          string
	MaxOpenConns int
	MaxLifetime  time.Duration
}

type Redis struct {
	Addr, Password string
	DB             int
}

type Kafka struct {
	Brokers []string
	GroupID string
	Topics  struct{ PortLandings, TripClosed, CustomsClearance, VesselStatus string }
}

type Payments struct {
	BaseURL, APIKey, WebhookSecret string
	Timeout                        time.Duration
}

type Customs struct {
	BaseURL, ClientID, Secret string
	Attempts                  uint
	Timeout                   time.Duration
}

type PortAuth struct {
	BaseURL, Token string
	Timeout        time.Duration
}

type Notify struct {
	BaseURL, APIKey, Sender string
}

// Fees holds the tariff published by the ministry each season, in minor
// currency units.
type Fees struct {
	Currency             string
	LandingFeePerTonne   int64
	LicenceFeePerMetre   int64
	OveragePenaltyPerKg  int64
	QuotaPricePerKg      int64
	InvoiceDueAfterDays  int
	InfringementDutyDesk string
}

func Load() (*Config, error) {
	cfg := &Config{Env: env("REGISTRY_ENV", "development")}
	cfg.HTTP = HTTP{Addr: env("HTTP_ADDR", ":8080"), ShutdownTimeout: dur("HTTP_SHUTDOWN_TIMEOUT", 15*time.Second)}
	cfg.Database = Database{
		DSN:          env("DATABASE_URL", ""),
		MaxOpenConns: num("DATABASE_MAX_OPEN_CONNS", 20),
		MaxLifetime:  dur("DATABASE_CONN_MAX_LIFETIME", 30*time.Minute),
	}
	cfg.Redis = Redis{Addr: env("REDIS_ADDR", "localhost:6379"), Password: env("REDIS_PASSWORD", ""), DB: num("REDIS_DB", 0)}
	cfg.Kafka.Brokers = strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ",")
	cfg.Kafka.GroupID = env("KAFKA_GROUP_ID", "quota-registry")
	cfg.Kafka.Topics.PortLandings = env("TOPIC_PORT_LANDINGS", "port.landings.v1")
	cfg.Kafka.Topics.TripClosed = env("TOPIC_TRIP_CLOSED", "elog.trips.v1")
	cfg.Kafka.Topics.CustomsClearance = env("TOPIC_CUSTOMS_CLEARANCE", "customs.clearance.v1")
	cfg.Kafka.Topics.VesselStatus = env("TOPIC_VESSEL_STATUS", "fleet.vessel-status.v1")
	cfg.Payments = Payments{
		BaseURL: env("PAYMENTS_BASE_URL", ""), APIKey: env("PAYMENTS_API_KEY", ""),
		WebhookSecret: env("PAYMENTS_WEBHOOK_SECRET", ""), Timeout: dur("PAYMENTS_TIMEOUT", 20*time.Second),
	}
	cfg.Customs = Customs{
		BaseURL: env("CUSTOMS_BASE_URL", ""), ClientID: env("CUSTOMS_CLIENT_ID", ""), Secret: env("CUSTOMS_CLIENT_SECRET", ""),
		Attempts: uint(num("CUSTOMS_ATTEMPTS", 4)), Timeout: dur("CUSTOMS_TIMEOUT", 15*time.Second),
	}
	cfg.PortAuth = PortAuth{BaseURL: env("PORTAUTH_BASE_URL", ""), Token: env("PORTAUTH_TOKEN", ""), Timeout: dur("PORTAUTH_TIMEOUT", 10*time.Second)}
	cfg.Notify = Notify{BaseURL: env("NOTIFY_BASE_URL", ""), APIKey: env("NOTIFY_API_KEY", ""), Sender: env("NOTIFY_SENDER", "FISHREG")}
	cfg.Fees = Fees{
		Currency:             env("FEES_CURRENCY", "EUR"),
		LandingFeePerTonne:   int64(num("FEES_LANDING_PER_TONNE", 1250)),
		LicenceFeePerMetre:   int64(num("FEES_LICENCE_PER_METRE", 4200)),
		OveragePenaltyPerKg:  int64(num("FEES_OVERAGE_PER_KG", 310)),
		QuotaPricePerKg:      int64(num("FEES_QUOTA_PRICE_PER_KG", 85)),
		InvoiceDueAfterDays:  num("FEES_DUE_AFTER_DAYS", 30),
		InfringementDutyDesk: env("FEES_INFRINGEMENT_DESK", "duty-officer@inspectorate.example"),
	}
	if cfg.Database.DSN == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func num(key string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return n
	}
	return def
}

func dur(key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return d
	}
	return def
}
