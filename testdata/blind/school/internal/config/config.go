// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each binary only reads the fields it needs.
type Config struct {
	ServiceName      string
	HTTPAddr         string
	DatabaseURL      string
	DatabaseMaxConns int32

	StripeSecretKey     string
	StripeWebhookSecret string

	ExamCentreBaseURL string
	ExamCentreAPIKey  string
	ExamCentreCode    string

	PayrollBaseURL       string
	PayrollAPIKey        string
	PayrollWebhookSecret string
	PayrollMaxElapsed    time.Duration

	DocServiceBaseURL string
	DocServiceToken   string
	VisaCallbackQueue string
	AWSRegion         string

	SMSBaseURL   string
	SMSAPIKey    string
	SMSSenderID  string
	EmailBaseURL string
	EmailAPIKey  string
	EmailFrom    string

	NATSURL          string
	ExamStream       string
	ExamConsumerName string

	WorkerConcurrency int
	SchoolName        string
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	c := Config{
		ServiceName:          env("SERVICE_NAME", "academy"),
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		DatabaseMaxConns:     int32(envInt("DATABASE_MAX_CONNS", 16)),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		ExamCentreBaseURL:    env("EXAM_CENTRE_URL", "https://api.examcentre.example"),
		ExamCentreAPIKey:     os.Getenv("EXAM_CENTRE_API_KEY"),
		ExamCentreCode:       env("EXAM_CENTRE_CODE", "LING01"),
		PayrollBaseURL:       env("PAYROLL_URL", "https://api.payroll.example"),
		PayrollAPIKey:        os.Getenv("PAYROLL_API_KEY"),
		PayrollWebhookSecret: os.Getenv("PAYROLL_WEBHOOK_SECRET"),
		PayrollMaxElapsed:    envDuration("PAYROLL_MAX_ELAPSED", 2*time.Minute),
		DocServiceBaseURL:    env("DOCSVC_URL", "https://docs.example"),
		DocServiceToken:      os.Getenv("DOCSVC_TOKEN"),
		VisaCallbackQueue:    os.Getenv("VISA_CALLBACK_QUEUE_URL"),
		AWSRegion:            env("AWS_REGION", "eu-west-1"),
		SMSBaseURL:           env("SMS_URL", "https://sms.example"),
		SMSAPIKey:            os.Getenv("SMS_API_KEY"),
		SMSSenderID:          env("SMS_SENDER_ID", "LinguaAcad"),
		EmailBaseURL:         env("EMAIL_URL", "https://mail.example"),
		EmailAPIKey:          os.Getenv("EMAIL_API_KEY"),
		EmailFrom:            env("EMAIL_FROM", "office@lingua-academy.example"),
		NATSURL:              env("NATS_URL", "nats://127.0.0.1:4222"),
		ExamStream:           env("EXAM_STREAM", "EXAMCENTRE"),
		ExamConsumerName:     env("EXAM_CONSUMER", "academy-exam-results"),
		WorkerConcurrency:    envInt("WORKER_CONCURRENCY", 8),
		SchoolName:           env("SCHOOL_NAME", "Lingua Academy"),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
