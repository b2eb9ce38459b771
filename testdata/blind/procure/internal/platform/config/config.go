// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every procure binary. Each binary only reads the
// fields it needs.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	DBMaxOpenConns  int
	ShutdownTimeout time.Duration

	KafkaBrokers        []string
	KafkaGroupID        string
	WarehouseTopic      string
	CatalogueTopic      string
	ConsumerMaxAttempts int

	EDIBaseURL   string
	EDIAPIKey    string
	EDISenderGLN string

	BankBaseURL       string
	BankClientID      string
	BankClientSecret  string
	BankWebhookSecret string
	BankDebtorAccount string

	EDIWebhookToken string

	WorkerConcurrency int
	MetricsAddr       string
}

// Load reads the configuration from environment variables.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:            env("PROCURE_HTTP_ADDR", ":8080"),
		DatabaseURL:         env("PROCURE_DATABASE_URL", ""),
		DBMaxOpenConns:      envInt("PROCURE_DB_MAX_OPEN_CONNS", 20),
		ShutdownTimeout:     envDuration("PROCURE_SHUTDOWN_TIMEOUT", 20*time.Second),
		KafkaBrokers:        strings.Split(env("PROCURE_KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:        env("PROCURE_KAFKA_GROUP_ID", "procure"),
		WarehouseTopic:      env("PROCURE_WAREHOUSE_TOPIC", "warehouse.receipts.v1"),
		CatalogueTopic:      env("PROCURE_CATALOGUE_TOPIC", "supplier.catalogue.v1"),
		ConsumerMaxAttempts: envInt("PROCURE_CONSUMER_MAX_ATTEMPTS", 8),
		EDIBaseURL:          env("PROCURE_EDI_BASE_URL", "https://api.edi-partner.example/v1"),
		EDIAPIKey:           env("PROCURE_EDI_API_KEY", ""),
		EDISenderGLN:        env("PROCURE_EDI_SENDER_GLN", ""),
		BankBaseURL:         env("PROCURE_BANK_BASE_URL", "https://payments.bank.example"),
		BankClientID:        env("PROCURE_BANK_CLIENT_ID", ""),
		BankClientSecret:    env("PROCURE_BANK_CLIENT_SECRET", ""),
		BankWebhookSecret:   env("PROCURE_BANK_WEBHOOK_SECRET", ""),
		BankDebtorAccount:   env("PROCURE_BANK_DEBTOR_ACCOUNT", ""),
		EDIWebhookToken:     env("PROCURE_EDI_WEBHOOK_TOKEN", ""),
		WorkerConcurrency:   envInt("PROCURE_WORKER_CONCURRENCY", 10),
		MetricsAddr:         env("PROCURE_METRICS_ADDR", ":9090"),
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: PROCURE_DATABASE_URL is required")
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

func envDuration(key string, def time.Duration) time.Duration {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
