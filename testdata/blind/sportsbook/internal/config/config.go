// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/kickoffbet/sportsbook/internal/db"
)

// String returns the variable or def.
func String(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

// Must returns the variable or exits.
func Must(key string) string {
	v := os.Getenv(key)
	if v == "" {
		fmt.Fprintf(os.Stderr, "missing required environment variable %s\n", key)
		os.Exit(2)
	}
	return v
}

// Int returns the variable parsed as int, or def.
func Int(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

// Int64 returns the variable parsed as int64, or def.
func Int64(key string, def int64) int64 {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return def
	}
	return n
}

// Duration returns the variable parsed as a duration, or def.
func Duration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}

// List returns a comma separated variable.
func List(key, def string) []string {
	var out []string
	for _, s := range strings.Split(String(key, def), ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Database returns the pool configuration.
func Database() db.Config {
	return db.Config{
		DSN:             Must("DATABASE_URL"),
		MaxOpenConns:    Int("DB_MAX_OPEN_CONNS", 20),
		MaxIdleConns:    Int("DB_MAX_IDLE_CONNS", 5),
		ConnMaxLifetime: Duration("DB_CONN_MAX_LIFETIME", 30*time.Minute),
	}
}

// Logger returns a JSON logger at LOG_LEVEL.
func Logger(service string) *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(String("LOG_LEVEL", "info")))
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: lvl})
	return slog.New(h).With("service", service)
}

// Operators parses ADMIN_OPERATORS="token1:alice,token2:bob".
func Operators() map[string]string {
	out := map[string]string{}
	for _, pair := range List("ADMIN_OPERATORS", "") {
		tok, name, ok := strings.Cut(pair, ":")
		if ok && tok != "" && name != "" {
			out[tok] = name
		}
	}
	return out
}
