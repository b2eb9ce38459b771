// Package wiring holds the google/wire providers shared by the functions.
package wiring

import (
	"context"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"gorm.io/gorm"

	"github.com/northwind-air/mileage/internal/config"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/provider/hotelpartner"
	"github.com/northwind-air/mileage/internal/provider/paygw"
	"github.com/northwind-air/mileage/internal/provider/reservation"
	"github.com/northwind-air/mileage/internal/store"
)

// ProvideLogger returns the JSON logger CloudWatch ingests.
func ProvideLogger(cfg *config.Config) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})).
		With("stage", cfg.Stage)
}

// ProvideDB opens the Postgres pool.
func ProvideDB(cfg *config.Config) (*gorm.DB, func(), error) {
	return store.Open(cfg.DatabaseURL, cfg.DBMaxConns)
}

// ProvideAWSConfig loads the AWS SDK configuration from the Lambda
// environment.
func ProvideAWSConfig(ctx context.Context) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(ctx)
}

// ProvideSQS returns an SQS client.
func ProvideSQS(cfg aws.Config) *sqs.Client { return sqs.NewFromConfig(cfg) }

// ProvideSNS returns an SNS client.
func ProvideSNS(cfg aws.Config) *sns.Client { return sns.NewFromConfig(cfg) }

// ProvideHTTPClient returns the client used for provider APIs.
func ProvideHTTPClient(cfg *config.Config) *http.Client {
	return &http.Client{Timeout: cfg.HTTPTimeout}
}

// ProvideRedemptionQueue returns the redemption work queue.
func ProvideRedemptionQueue(c *sqs.Client, cfg *config.Config) *messaging.RedemptionQueue {
	return &messaging.RedemptionQueue{Queue: messaging.NewQueue(c, cfg.RedemptionQueueURL)}
}

// ProvideTransferQueue returns the transfer work queue.
func ProvideTransferQueue(c *sqs.Client, cfg *config.Config) *messaging.TransferQueue {
	return &messaging.TransferQueue{Queue: messaging.NewQueue(c, cfg.TransferQueueURL)}
}

// ProvideNotifyQueue returns the notification queue.
func ProvideNotifyQueue(c *sqs.Client, cfg *config.Config) *messaging.NotifyQueue {
	return &messaging.NotifyQueue{Queue: messaging.NewQueue(c, cfg.NotifyQueueURL)}
}

// ProvideSMS returns the SNS SMS sender.
func ProvideSMS(c *sns.Client, cfg *config.Config) *messaging.SMS {
	return messaging.NewSMS(c, cfg.SMSSenderID)
}

// ProvideEvents returns the domain event publisher.
func ProvideEvents(c *sns.Client, cfg *config.Config) *messaging.Events {
	return messaging.NewEvents(c, cfg.EventsTopicARN)
}

// ProvideReservation returns the reservation system client.
func ProvideReservation(cfg *config.Config, hc *http.Client) *reservation.Client {
	return reservation.New(cfg.Reservation.BaseURL, cfg.Reservation.APIKey, hc)
}

// ProvideHotelPartner returns the hotel partner gateway client.
func ProvideHotelPartner(cfg *config.Config, hc *http.Client) *hotelpartner.Client {
	return hotelpartner.New(cfg.HotelPartner.BaseURL, cfg.HotelPartner.APIKey, hc)
}

// ProvidePayGateway returns the payment gateway client.
func ProvidePayGateway(cfg *config.Config, hc *http.Client) *paygw.Client {
	return paygw.New(cfg.PayGateway.BaseURL, cfg.PayGateway.APIKey, hc)
}
