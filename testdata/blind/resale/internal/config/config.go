// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"time"

	"github.com/caarlos0/env/v11"
)

// Config is shared by every binary; each one only reads the parts it needs.
type Config struct {
	Env         string `env:"APP_ENV" envDefault:"development"`
	HTTPAddr    string `env:"HTTP_ADDR" envDefault:":8080"`
	DatabaseURL string `env:"DATABASE_URL,required"`
	RedisAddr   string `env:"REDIS_ADDR" envDefault:"localhost:6379"`
	LogLevel    string `env:"LOG_LEVEL" envDefault:"info"`

	Kafka     KafkaConfig
	Promoter  PromoterConfig
	Tillpoint TillpointConfig
	Paystream PaystreamConfig
	Beacon    BeaconConfig
	Cardpush  CardpushConfig
	Worker    WorkerConfig
}

type KafkaConfig struct {
	Brokers       []string      `env:"KAFKA_BROKERS" envSeparator:"," envDefault:"localhost:9092"`
	PromoterTopic string        `env:"KAFKA_PROMOTER_TOPIC" envDefault:"promoter.events.v1"`
	GroupID       string        `env:"KAFKA_GROUP_ID" envDefault:"resale-promoter-consumer"`
	MaxAttempts   int           `env:"KAFKA_HANDLER_MAX_ATTEMPTS" envDefault:"5"`
	RetryBackoff  time.Duration `env:"KAFKA_HANDLER_BACKOFF" envDefault:"500ms"`
}

type PromoterConfig struct {
	BaseURL  string        `env:"PROMOTER_BASE_URL" envDefault:"https://api.promoter.example"`
	APIKey   string        `env:"PROMOTER_API_KEY"`
	Timeout  time.Duration `env:"PROMOTER_TIMEOUT" envDefault:"10s"`
	RetryMax int           `env:"PROMOTER_RETRY_MAX" envDefault:"3"`
}

type TillpointConfig struct {
	BaseURL       string `env:"TILLPOINT_BASE_URL" envDefault:"https://api.tillpoint.example"`
	SecretKey     string `env:"TILLPOINT_SECRET_KEY"`
	WebhookSecret string `env:"TILLPOINT_WEBHOOK_SECRET"`
}

type PaystreamConfig struct {
	BaseURL string `env:"PAYSTREAM_BASE_URL" envDefault:"https://api.paystream.example"`
	APIKey  string `env:"PAYSTREAM_API_KEY"`
}

type BeaconConfig struct {
	BaseURL string `env:"BEACON_BASE_URL" envDefault:"https://api.beacon.example"`
	APIKey  string `env:"BEACON_API_KEY"`
	Sender  string `env:"BEACON_SENDER" envDefault:"EncoreLane"`
}

type CardpushConfig struct {
	BaseURL string `env:"CARDPUSH_BASE_URL" envDefault:"https://api.cardpush.example"`
	APIKey  string `env:"CARDPUSH_API_KEY"`
}

type WorkerConfig struct {
	Concurrency     int           `env:"WORKER_CONCURRENCY" envDefault:"10"`
	SettlementCron  string        `env:"SETTLEMENT_CRON" envDefault:"*/30 * * * *"`
	OutboxRelayCron string        `env:"OUTBOX_RELAY_CRON" envDefault:"@every 10s"`
	SettlementDelay time.Duration `env:"SETTLEMENT_DELAY" envDefault:"48h"`
}

// Load parses the environment into a Config.
func Load() (*Config, error) {
	var cfg Config
	if err := env.Parse(&cfg); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return &cfg, nil
}
