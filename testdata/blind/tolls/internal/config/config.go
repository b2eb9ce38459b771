// Package config loads runtime configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the complete runtime configuration of tollsvc.
type Config struct {
	DatabaseDSN string

	GRPCAddr  string
	AdminAddr string

	KafkaBrokers []string
	KafkaGroup   string

	AWSRegion string

	Queues Queues
	Topics Topics

	Gateway GatewayConfig
	Mailer  MailerConfig
	DMV     DMVConfig

	Currency string
}

// Queues holds the SQS queue URLs this service reads from or writes to.
type Queues struct {
	TopUpRequests    string
	ViolationNotices string
	LowBalance       string
	CardSettlements  string
	AccountEvents    string
	NoticeReminders  string
	Statements       string // FIFO
}

// Topics holds SNS topic ARNs.
type Topics struct {
	AccountEvents   string // FIFO
	AccountActivity string // standard
}

// GatewayConfig configures the card payment gateway.
type GatewayConfig struct {
	BaseURL         string
	APIKey          string
	MerchantAccount string
	WebhookHMACKey  string
	Timeout         time.Duration
}

// MailerConfig configures the print-and-mail partner.
type MailerConfig struct {
	BaseURL    string
	APIKey     string
	ReturnName string
	Timeout    time.Duration
}

// DMVConfig configures the DMV plate-lookup partner.
type DMVConfig struct {
	BaseURL  string
	ClientID string
	Secret   string
	Timeout  time.Duration
}

// Load reads configuration from environment variables.
func Load() (*Config, error) {
	c := &Config{
		DatabaseDSN:  os.Getenv("TOLLS_DATABASE_DSN"),
		GRPCAddr:     env("TOLLS_GRPC_ADDR", ":9090"),
		AdminAddr:    env("TOLLS_ADMIN_ADDR", ":8081"),
		KafkaBrokers: split(env("TOLLS_KAFKA_BROKERS", "localhost:9092")),
		KafkaGroup:   env("TOLLS_KAFKA_GROUP", "tollsvc"),
		AWSRegion:    env("AWS_REGION", "us-east-1"),
		Currency:     env("TOLLS_CURRENCY", "USD"),
		Queues: Queues{
			TopUpRequests:    os.Getenv("TOLLS_Q_TOPUP_REQUESTS"),
			ViolationNotices: os.Getenv("TOLLS_Q_VIOLATION_NOTICES"),
			LowBalance:       os.Getenv("TOLLS_Q_LOW_BALANCE"),
			CardSettlements:  os.Getenv("TOLLS_Q_CARD_SETTLEMENTS"),
			AccountEvents:    os.Getenv("TOLLS_Q_ACCOUNT_EVENTS"),
			NoticeReminders:  os.Getenv("TOLLS_Q_NOTICE_REMINDERS"),
			Statements:       os.Getenv("TOLLS_Q_STATEMENTS"),
		},
		Topics: Topics{
			AccountEvents:   os.Getenv("TOLLS_SNS_ACCOUNT_EVENTS"),
			AccountActivity: os.Getenv("TOLLS_SNS_ACCOUNT_ACTIVITY"),
		},
		Gateway: GatewayConfig{
			BaseURL:         env("TOLLS_GATEWAY_URL", "https://checkout-test.gateway.example/v71"),
			APIKey:          os.Getenv("TOLLS_GATEWAY_API_KEY"),
			MerchantAccount: env("TOLLS_GATEWAY_MERCHANT", "NorthgateTollsECOM"),
			WebhookHMACKey:  os.Getenv("TOLLS_GATEWAY_HMAC_KEY"),
			Timeout:         duration("TOLLS_GATEWAY_TIMEOUT", 15*time.Second),
		},
		Mailer: MailerConfig{
			BaseURL:    env("TOLLS_MAILER_URL", "https://api.printmail.example/v1"),
			APIKey:     os.Getenv("TOLLS_MAILER_API_KEY"),
			ReturnName: env("TOLLS_MAILER_RETURN_NAME", "Northgate Toll Authority"),
			Timeout:    duration("TOLLS_MAILER_TIMEOUT", 20*time.Second),
		},
		DMV: DMVConfig{
			BaseURL:  env("TOLLS_DMV_URL", "https://partner.dmv.example/api"),
			ClientID: os.Getenv("TOLLS_DMV_CLIENT_ID"),
			Secret:   os.Getenv("TOLLS_DMV_SECRET"),
			Timeout:  duration("TOLLS_DMV_TIMEOUT", 10*time.Second),
		},
	}
	if c.DatabaseDSN == "" {
		return nil, fmt.Errorf("config: TOLLS_DATABASE_DSN is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func split(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func duration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return time.Duration(secs) * time.Second
	}
	return def
}
