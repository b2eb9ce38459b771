// Package config reads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each reads the parts it needs.
type Config struct {
	HTTPAddr        string
	PublicBaseURL   string
	DocsBaseURL     string
	RecorderStream  string
	MySQLDSN        string
	RedisAddr       string
	KafkaBrokers    []string
	TemporalHost    string
	TemporalNS      string
	ClosingQueue    string
	BankBaseURL     string
	BankToken       string
	PlantBaseURL    string
	PlantToken      string
	RecorderBaseURL string
	RecorderToken   string
	UnderwriterURL  string
	UnderwriterKey  string
	NotifyBaseURL   string
	NotifyToken     string
	PayoffBaseURL   string
	PayoffToken     string
	BankWebhookKey  string
	ShutdownTimeout time.Duration
}

// Load reads the environment.
func Load() Config {
	return Config{
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		PublicBaseURL:   env("PUBLIC_BASE_URL", "https://api.cobaltmesatitle.com"),
		DocsBaseURL:     env("DOCS_BASE_URL", "https://docs.cobaltmesatitle.com"),
		RecorderStream:  env("RECORDER_STREAM", "recorder:events"),
		MySQLDSN:        env("MYSQL_DSN", "titleworks:titleworks@tcp(127.0.0.1:3306)/titleworks"),
		RedisAddr:       env("REDIS_ADDR", "127.0.0.1:6379"),
		KafkaBrokers:    strings.Split(env("KAFKA_BROKERS", "127.0.0.1:9092"), ","),
		TemporalHost:    env("TEMPORAL_HOSTPORT", "127.0.0.1:7233"),
		TemporalNS:      env("TEMPORAL_NAMESPACE", "titleworks"),
		ClosingQueue:    env("CLOSING_TASK_QUEUE", "closings"),
		BankBaseURL:     env("BANK_BASE_URL", "http://127.0.0.1:9101"),
		BankToken:       os.Getenv("BANK_TOKEN"),
		PlantBaseURL:    env("TITLE_PLANT_BASE_URL", "http://127.0.0.1:9102"),
		PlantToken:      os.Getenv("TITLE_PLANT_TOKEN"),
		RecorderBaseURL: env("RECORDER_BASE_URL", "http://127.0.0.1:9103"),
		RecorderToken:   os.Getenv("RECORDER_TOKEN"),
		UnderwriterURL:  env("UNDERWRITER_BASE_URL", "http://127.0.0.1:9104"),
		UnderwriterKey:  os.Getenv("UNDERWRITER_API_KEY"),
		NotifyBaseURL:   env("NOTIFY_BASE_URL", "http://127.0.0.1:9105"),
		NotifyToken:     os.Getenv("NOTIFY_TOKEN"),
		PayoffBaseURL:   env("PAYOFF_BASE_URL", "http://127.0.0.1:9106"),
		PayoffToken:     os.Getenv("PAYOFF_TOKEN"),
		BankWebhookKey:  os.Getenv("BANK_WEBHOOK_SECRET"),
		ShutdownTimeout: envDuration("SHUTDOWN_TIMEOUT", 20*time.Second),
	}
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
		if n, err := strconv.Atoi(v); err == nil {
			return time.Duration(n) * time.Second
		}
	}
	return def
}
