// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the full configuration shared by the api, consumer and worker
// binaries. Each binary only reads the sections it needs.
type Config struct {
	HTTPAddr string

	MySQLDSN        string
	MySQLMaxOpen    int
	MySQLMaxIdle    int
	MySQLConnMaxAge time.Duration

	KafkaBrokers       []string
	KafkaConsumerGroup string

	TemporalHostPort  string
	TemporalNamespace string
	TemporalTaskQueue string

	GatewayBaseURL string
	GatewayAPIKey  string

	BankBaseURL     string
	BankClientID    string
	BankCreditorID  string
	BankAccessToken string

	FieldServiceBaseURL string
	FieldServiceToken   string

	PrintBaseURL string
	PrintAPIKey  string

	SESRegion      string
	SESFromAddress string
	SESConfigSet   string

	WebhookSecretGateway string
	WebhookSecretBank    string

	AdminToken string
}

// Load reads the configuration from environment variables.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		MySQLDSN:             env("MYSQL_DSN", "utilities:utilities@tcp(127.0.0.1:3306)/utilities?parseTime=true&loc=UTC"),
		MySQLMaxOpen:         envInt("MYSQL_MAX_OPEN", 20),
		MySQLMaxIdle:         envInt("MYSQL_MAX_IDLE", 10),
		MySQLConnMaxAge:      envDuration("MYSQL_CONN_MAX_AGE", 30*time.Minute),
		KafkaBrokers:         strings.Split(env("KAFKA_BROKERS", "127.0.0.1:9092"), ","),
		KafkaConsumerGroup:   env("KAFKA_CONSUMER_GROUP", "utilities-billing"),
		TemporalHostPort:     env("TEMPORAL_HOSTPORT", "127.0.0.1:7233"),
		TemporalNamespace:    env("TEMPORAL_NAMESPACE", "utilities"),
		TemporalTaskQueue:    env("TEMPORAL_TASK_QUEUE", "meter-estimates"),
		GatewayBaseURL:       env("GATEWAY_BASE_URL", "http://127.0.0.1:9101"),
		GatewayAPIKey:        env("GATEWAY_API_KEY", ""),
		BankBaseURL:          env("BANK_BASE_URL", "http://127.0.0.1:9102"),
		BankClientID:         env("BANK_CLIENT_ID", ""),
		BankCreditorID:       env("BANK_CREDITOR_ID", ""),
		BankAccessToken:      env("BANK_ACCESS_TOKEN", ""),
		FieldServiceBaseURL:  env("FIELD_SERVICE_BASE_URL", "http://127.0.0.1:9103"),
		FieldServiceToken:    env("FIELD_SERVICE_TOKEN", ""),
		PrintBaseURL:         env("PRINT_BASE_URL", "http://127.0.0.1:9104"),
		PrintAPIKey:          env("PRINT_API_KEY", ""),
		SESRegion:            env("SES_REGION", "eu-west-1"),
		SESFromAddress:       env("SES_FROM_ADDRESS", "billing@example-utility.test"),
		SESConfigSet:         env("SES_CONFIGURATION_SET", "billing"),
		WebhookSecretGateway: env("WEBHOOK_SECRET_GATEWAY", ""),
		WebhookSecretBank:    env("WEBHOOK_SECRET_BANK", ""),
		AdminToken:           env("ADMIN_TOKEN", ""),
	}
	if c.MySQLDSN == "" {
		return nil, fmt.Errorf("config: MYSQL_DSN is required")
	}
	if len(c.KafkaBrokers) == 0 || c.KafkaBrokers[0] == "" {
		return nil, fmt.Errorf("config: KAFKA_BROKERS is required")
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
	v := env(key, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envDuration(key string, def time.Duration) time.Duration {
	v := env(key, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
