// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"time"
)

// String returns the variable or def when unset.
func String(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

// MustString returns the variable or panics at start-up.
func MustString(key string) string {
	v := os.Getenv(key)
	if v == "" {
		panic(fmt.Sprintf("config: %s is required", key))
	}
	return v
}

func Int(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func Duration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

// Logger builds the process logger from LOG_LEVEL.
func Logger(service string) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(String("LOG_LEVEL", "info")))
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})
	return slog.New(h).With("service", service)
}

// Common holds settings every binary needs.
type Common struct {
	DatabaseURL string
	NatsURL     string
	NatsCreds   string
}

func LoadCommon() Common {
	return Common{
		DatabaseURL: MustString("DATABASE_URL"),
		NatsURL:     String("NATS_URL", "nats://127.0.0.1:4222"),
		NatsCreds:   String("NATS_CREDS", ""),
	}
}
