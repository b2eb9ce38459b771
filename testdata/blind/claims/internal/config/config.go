// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strings"
)

// Config is the whole service configuration.
type Config struct {
	HTTPAddr    string
	DatabaseURL string

	AMQPURI         string
	AMQPExchange    string
	AMQPQueuePrefix string

	AWSRegion           string
	DocumentsBucket     string
	DocumentsKMSKeyID   string
	SESFrom             string
	SESConfigSet        string
	TelematicsQueueURL  string
	SESFeedbackQueueURL string
	RecoveriesQueueURL  string
	FinanceFeedQueueURL string

	StripeSecretKey     string
	StripeWebhookSecret string

	RepairShopBaseURL       string
	RepairShopAPIKey        string
	RepairShopWebhookSecret string

	BrokerWebhookSecret string
}

// FromEnv reads the configuration from CLAIMS_* variables.
func FromEnv() (Config, error) {
	c := Config{
		HTTPAddr:                env("CLAIMS_HTTP_ADDR", ":8080"),
		DatabaseURL:             env("CLAIMS_DATABASE_URL", ""),
		AMQPURI:                 env("CLAIMS_AMQP_URI", "amqp://guest:guest@localhost:5672/"),
		AMQPExchange:            env("CLAIMS_AMQP_EXCHANGE", "claims.events"),
		AMQPQueuePrefix:         env("CLAIMS_AMQP_QUEUE_PREFIX", "claims"),
		AWSRegion:               env("CLAIMS_AWS_REGION", "eu-west-1"),
		DocumentsBucket:         env("CLAIMS_DOCUMENTS_BUCKET", ""),
		DocumentsKMSKeyID:       env("CLAIMS_DOCUMENTS_KMS_KEY_ID", ""),
		SESFrom:                 env("CLAIMS_SES_FROM", "claims@harborline.example"),
		SESConfigSet:            env("CLAIMS_SES_CONFIGURATION_SET", ""),
		TelematicsQueueURL:      env("CLAIMS_SQS_TELEMATICS_URL", ""),
		SESFeedbackQueueURL:     env("CLAIMS_SQS_SES_FEEDBACK_URL", ""),
		RecoveriesQueueURL:      env("CLAIMS_SQS_RECOVERIES_URL", ""),
		FinanceFeedQueueURL:     env("CLAIMS_SQS_FINANCE_FEED_URL", ""),
		StripeSecretKey:         env("CLAIMS_STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret:     env("CLAIMS_STRIPE_WEBHOOK_SECRET", ""),
		RepairShopBaseURL:       env("CLAIMS_REPAIRSHOP_BASE_URL", ""),
		RepairShopAPIKey:        env("CLAIMS_REPAIRSHOP_API_KEY", ""),
		RepairShopWebhookSecret: env("CLAIMS_REPAIRSHOP_WEBHOOK_SECRET", ""),
		BrokerWebhookSecret:     env("CLAIMS_BROKER_WEBHOOK_SECRET", ""),
	}
	var missing []string
	for name, v := range map[string]string{
		"CLAIMS_DATABASE_URL":      c.DatabaseURL,
		"CLAIMS_STRIPE_SECRET_KEY": c.StripeSecretKey,
		"CLAIMS_DOCUMENTS_BUCKET":  c.DocumentsBucket,
	} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}
