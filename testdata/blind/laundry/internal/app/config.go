package app

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the union of settings used by the binaries. Each binary reads
// only the fields it needs; unset values fall back to local-dev defaults.
type Config struct {
	HTTPAddr string

	DatabaseURL string
	LedgerURL   string
	DBMaxConns  int

	KafkaBrokers []string
	KafkaClient  string

	AMQPURL        string
	AMQPScanQueue  string
	AMQPPrefetch   int
	RedisAddr      string
	RedisPassword  string
	WorkerPoolSize int

	ProcessorURL    string
	ProcessorKey    string
	ProcessorSecret string

	CourierURL    string
	CourierKey    string
	CourierSecret string

	SMSURL   string
	SMSKey   string
	SMSFrom  string
	PushURL  string
	PushKey  string
	Currency string

	HTTPTimeout time.Duration
}

func LoadConfig() Config {
	return Config{
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		DatabaseURL:     env("DATABASE_URL", "postgres://laundry:laundry@localhost:5432/laundry?sslmode=disable"),
		LedgerURL:       env("LEDGER_DATABASE_URL", "postgres://laundry:laundry@localhost:5432/laundry?sslmode=disable"),
		DBMaxConns:      envInt("DB_MAX_CONNS", 20),
		KafkaBrokers:    strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaClient:     env("KAFKA_CLIENT_ID", "freshpress"),
		AMQPURL:         env("AMQP_URL", "amqp://guest:guest@localhost:5672/"),
		AMQPScanQueue:   env("AMQP_SCAN_QUEUE", "plant.scans"),
		AMQPPrefetch:    envInt("AMQP_PREFETCH", 32),
		RedisAddr:       env("REDIS_ADDR", "localhost:6379"),
		RedisPassword:   env("REDIS_PASSWORD", ""),
		WorkerPoolSize:  envInt("WORKER_CONCURRENCY", 10),
		ProcessorURL:    env("PROCESSOR_URL", "https://api.cardprocessor.test"),
		ProcessorKey:    env("PROCESSOR_API_KEY", ""),
		ProcessorSecret: env("PROCESSOR_WEBHOOK_SECRET", ""),
		CourierURL:      env("COURIER_URL", "https://partner.courier.test"),
		CourierKey:      env("COURIER_API_KEY", ""),
		CourierSecret:   env("COURIER_WEBHOOK_SECRET", ""),
		SMSURL:          env("SMS_URL", "https://sms.gateway.test"),
		SMSKey:          env("SMS_API_KEY", ""),
		SMSFrom:         env("SMS_FROM", "FreshPress"),
		PushURL:         env("PUSH_URL", "https://push.gateway.test"),
		PushKey:         env("PUSH_API_KEY", ""),
		Currency:        env("CURRENCY", "USD"),
		HTTPTimeout:     envDuration("OUTBOUND_HTTP_TIMEOUT", 15*time.Second),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, ok := os.LookupEnv(key); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
