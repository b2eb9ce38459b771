// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr          string
	GRPCAddr          string
	DatabaseURL       string
	RedisAddr         string
	RedisPassword     string
	GCPProject        string
	ServiceName       string
	WorkerConcurrency int
	ShutdownTimeout   time.Duration

	ClearinghouseURL       string
	ClearinghouseKey       string
	ClearinghouseSubmitter string
	ClearinghouseSecret    string

	DistributorURL     string
	DistributorAccount string
	DistributorKey     string
	DistributorSecret  string

	NEMTURL      string
	NEMTClientID string
	NEMTKey      string
	NEMTSecret   string

	// Charge master values used when generating claims.
	TreatmentChargeCents int64
	EPOChargeCents       int64
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:               env("HTTP_ADDR", ":8080"),
		GRPCAddr:               env("GRPC_ADDR", ":9090"),
		DatabaseURL:            os.Getenv("DATABASE_URL"),
		RedisAddr:              env("REDIS_ADDR", "127.0.0.1:6379"),
		RedisPassword:          os.Getenv("REDIS_PASSWORD"),
		GCPProject:             os.Getenv("GCP_PROJECT"),
		ServiceName:            env("SERVICE_NAME", "dialysis-ops"),
		WorkerConcurrency:      envInt("WORKER_CONCURRENCY", 10),
		ShutdownTimeout:        envDuration("SHUTDOWN_TIMEOUT", 20*time.Second),
		ClearinghouseURL:       os.Getenv("CLEARINGHOUSE_URL"),
		ClearinghouseKey:       os.Getenv("CLEARINGHOUSE_API_KEY"),
		ClearinghouseSubmitter: os.Getenv("CLEARINGHOUSE_SUBMITTER_ID"),
		ClearinghouseSecret:    os.Getenv("CLEARINGHOUSE_WEBHOOK_SECRET"),
		DistributorURL:         os.Getenv("DISTRIBUTOR_URL"),
		DistributorAccount:     os.Getenv("DISTRIBUTOR_ACCOUNT"),
		DistributorKey:         os.Getenv("DISTRIBUTOR_API_KEY"),
		DistributorSecret:      os.Getenv("DISTRIBUTOR_WEBHOOK_SECRET"),
		NEMTURL:                os.Getenv("NEMT_URL"),
		NEMTClientID:           os.Getenv("NEMT_CLIENT_ID"),
		NEMTKey:                os.Getenv("NEMT_API_KEY"),
		NEMTSecret:             os.Getenv("NEMT_WEBHOOK_SECRET"),
		TreatmentChargeCents:   int64(envInt("CHARGE_TREATMENT_CENTS", 125000)),
		EPOChargeCents:         int64(envInt("CHARGE_ESA_CENTS", 4200)),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	if c.GCPProject == "" {
		return c, fmt.Errorf("GCP_PROJECT is required")
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
