// Package config reads Lambda configuration from environment variables.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Must returns the named env var or panics at cold start; misconfigured
// functions should fail loudly before taking traffic.
func Must(name string) string {
	v := os.Getenv(name)
	if v == "" {
		panic(fmt.Sprintf("config: %s is required", name))
	}
	return v
}

// Get returns the env var or def when unset.
func Get(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Int returns the env var parsed as an int, or def.
func Int(name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		panic(fmt.Sprintf("config: %s: %v", name, err))
	}
	return n
}

// Duration returns the env var parsed as a time.Duration, or def.
func Duration(name string, def time.Duration) time.Duration {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		panic(fmt.Sprintf("config: %s: %v", name, err))
	}
	return d
}
