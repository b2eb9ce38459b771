// Package config loads runtime configuration from the environment.
package config

import (
	"os"
	"strconv"
)

type Config struct {
	HTTPAddr    string
	DatabaseURL string
	NATSURL     string

	StripeSecretKey     string
	StripeWebhookSecret string

	BankBaseURL       string
	BankAPIKey        string
	BankWebhookSecret string
	BankMaxAttempts   int

	MailBaseURL string
	MailAPIKey  string
	MailFrom    string
}

func FromEnv() Config {
	return Config{
		HTTPAddr:            getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:         getenv("DATABASE_URL", "postgres://payroll:payroll@localhost:5432/payroll?sslmode=disable"),
		NATSURL:             getenv("NATS_URL", "nats://127.0.0.1:4222"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		BankBaseURL:         getenv("BANK_BASE_URL", "https://api.sandbox.banktransfer.example"),
		BankAPIKey:          os.Getenv("BANK_API_KEY"),
		BankWebhookSecret:   os.Getenv("BANK_WEBHOOK_SECRET"),
		BankMaxAttempts:     getenvInt("BANK_MAX_ATTEMPTS", 4),
		MailBaseURL:         getenv("MAIL_BASE_URL", "https://api.mailer.example/v3"),
		MailAPIKey:          os.Getenv("MAIL_API_KEY"),
		MailFrom:            getenv("MAIL_FROM", "payroll@notifications.example"),
	}
}

func getenv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func getenvInt(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}
