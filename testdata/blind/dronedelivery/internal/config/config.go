// Package config loads service configuration from the environment.
package config

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by all binaries; each reads what it needs.
type Config struct {
	DatabaseURL     string
	DBMaxConns      int32
	GRPCAddr        string
	AdminAddr       string
	KafkaBrokers    []string
	KafkaGroup      string
	TelemetryTopic  string
	OrderTopic      string
	DecisionsTopic  string
	AirspaceURL     string
	AirspaceOp      string
	AirspaceKey     string
	PaystreamURL    string
	PaystreamKey    string
	TextlineURL     string
	TextlineUser    string
	TextlineToken   string
	MediaURL        string
	MediaBucket     string
	MediaToken      string
	TrackingBaseURL string
	Depots          []string
	APITokens       map[string]TokenGrant
	ShutdownGrace   time.Duration
	LogLevel        string
}

// TokenGrant is what a static API token authenticates as.
type TokenGrant struct {
	Role       string `json:"role"`
	MerchantID string `json:"merchant_id,omitempty"`
	Name       string `json:"name,omitempty"`
}

// Load reads the environment.
func Load() (*Config, error) {
	c := &Config{
		DatabaseURL:     env("DATABASE_URL", "postgres://skyhop@localhost:5432/skyhop?sslmode=disable"),
		GRPCAddr:        env("GRPC_ADDR", ":9090"),
		AdminAddr:       env("ADMIN_ADDR", ":8081"),
		KafkaBrokers:    split(env("KAFKA_BROKERS", "localhost:9092")),
		KafkaGroup:      env("KAFKA_GROUP", ""),
		TelemetryTopic:  env("TELEMETRY_TOPIC", "drone.telemetry"),
		OrderTopic:      env("ORDER_TOPIC", "order.events"),
		DecisionsTopic:  env("DECISIONS_TOPIC", "airspace.decisions"),
		AirspaceURL:     env("AIRSPACE_URL", "https://utm.example.gov"),
		AirspaceOp:      env("AIRSPACE_OPERATOR_ID", ""),
		AirspaceKey:     env("AIRSPACE_API_KEY", ""),
		PaystreamURL:    env("PAYSTREAM_URL", "https://api.paystream.example"),
		PaystreamKey:    env("PAYSTREAM_API_KEY", ""),
		TextlineURL:     env("TEXTLINE_URL", "https://api.textline.example"),
		TextlineUser:    env("TEXTLINE_USER", ""),
		TextlineToken:   env("TEXTLINE_TOKEN", ""),
		MediaURL:        env("MEDIA_URL", "https://media.internal.skyhop.example"),
		MediaBucket:     env("MEDIA_BUCKET", "proof-of-delivery"),
		MediaToken:      env("MEDIA_TOKEN", ""),
		TrackingBaseURL: env("TRACKING_BASE_URL", "https://track.skyhop.example"),
		Depots:          split(env("DEPOTS", "")),
		LogLevel:        env("LOG_LEVEL", "info"),
	}
	maxConns, err := strconv.Atoi(env("DB_MAX_CONNS", "10"))
	if err != nil {
		return nil, fmt.Errorf("DB_MAX_CONNS: %w", err)
	}
	c.DBMaxConns = int32(maxConns)
	if c.ShutdownGrace, err = time.ParseDuration(env("SHUTDOWN_GRACE", "20s")); err != nil {
		return nil, fmt.Errorf("SHUTDOWN_GRACE: %w", err)
	}
	if raw := os.Getenv("API_TOKENS"); raw != "" {
		if err := json.Unmarshal([]byte(raw), &c.APITokens); err != nil {
			return nil, fmt.Errorf("API_TOKENS: %w", err)
		}
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
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
