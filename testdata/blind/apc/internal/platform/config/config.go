// Package config reads process configuration from the environment and
// builds the pieces every binary shares (logger, signal context).
package config

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// String returns the variable or def.
func String(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

// MustString returns the variable or exits.
func MustString(name string) string {
	v := os.Getenv(name)
	if v == "" {
		fmt.Fprintf(os.Stderr, "config: %s is required\n", name)
		os.Exit(2)
	}
	return v
}

// Int returns the variable parsed as an int, or def.
func Int(name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		fmt.Fprintf(os.Stderr, "config: %s: %v\n", name, err)
		os.Exit(2)
	}
	return n
}

// Duration returns the variable parsed as a duration, or def.
func Duration(name string, def time.Duration) time.Duration {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		fmt.Fprintf(os.Stderr, "config: %s: %v\n", name, err)
		os.Exit(2)
	}
	return d
}

// List splits a comma-separated variable.
func List(name string, def ...string) []string {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Pairs parses "k1=v1,k2=v2".
func Pairs(name string) map[string]string {
	out := map[string]string{}
	for _, p := range List(name) {
		k, v, ok := strings.Cut(p, "=")
		if ok {
			out[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return out
}

// Logger builds the JSON logger for a binary.
func Logger(service string) *slog.Logger {
	level := slog.LevelInfo
	if err := level.UnmarshalText([]byte(String("LOG_LEVEL", "info"))); err != nil {
		level = slog.LevelInfo
	}
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})
	return slog.New(h).With("service", service)
}

// SignalContext is cancelled on SIGINT or SIGTERM.
func SignalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
